"""Le barème du TP : une ligne par classe d'entrées de chaque fonction, et ses points.

C'est le seul endroit où les points sont écrits. Chaque ligne est un test noté de
``tests/graded/`` (la clé : le nom de sa fonction de test) ; son intitulé, celui que
lisent l'étudiant et l'enseignant, est la première ligne de la docstring du test. Une
faute d'une classe fait rater sa ligne, et elle seule : la note se lit comme une grille.

Pour changer les points d'une ligne, changez son nombre ici : les points de la fonction
(la somme de ses lignes), le total, le tableau des points, les fichiers de notes,
Gradescope, VPL et le kit suivent. ``python tests/tools/bareme.py`` affiche le barème
entier, ligne à ligne, avant toute notation. (Le sujet donne aux étudiants les points de
chaque fonction : ``tests/project/test_assignment.py`` vérifie qu'ils sont les mêmes.)

>>> BAREME["is_finished"]
('Q9', 1.5)
>>> TOTAL
20.0
"""

from grading.contract import TABLE

# fonction -> {test noté : points}, dans l'ordre du barème du sujet (Q3 d'abord).
RUBRIC: dict[str, dict[str, float]] = {
    "main": {
        "test_main": 4 / 3,
        "test_main_largest_board": 2 / 3,
    },
    "initialise_mines": {
        "test_initialise_mines_places_exact_count": 0.4,
        "test_initialise_mines_full_board": 0.2,
        "test_initialise_mines_uses_random": 0.2,
        "test_initialise_mines_uniform": 1.2,
    },
    "initialise_open": {
        "test_initialise_open_closes_every_cell": 0.5,
    },
    "is_coord_ok": {
        "test_is_coord_ok": 0.5,
        "test_is_coord_ok_every_edge": 0.5,
    },
    "nb_adjacent_mines": {
        "test_nb_adjacent_mines": 0.75,
        "test_nb_adjacent_mines_corners": 0.375,
        "test_nb_adjacent_mines_every_cell": 0.375,
    },
    "compute_neigh": {
        "test_compute_neigh": 0.5,
        "test_compute_neigh_large": 0.5,
    },
    "display_board": {
        "test_display_board": 1.5,
        "test_display_board_largest": 0.5,
    },
    "is_move_ok": {
        "test_is_move_ok": 0.5,
        "test_is_move_ok_every_cell": 0.5,
    },
    "ask_move": {
        "test_ask_move_valid_line": 0.5,
        "test_ask_move_bad_lines": 1.0,
        "test_ask_move_end_of_input": 0.5,
    },
    "propagate_open_cells": {
        "test_propagate_open_cells": 2.25,
        "test_propagate_open_cells_large": 0.75,
    },
    "is_finished": {
        "test_is_finished": 0.75,
        "test_is_finished_every_cell": 0.75,
    },
    "play_turn": {
        "test_play_turn": 1.0,
    },
    "play_the_game": {
        "test_play_the_game": 0.75,
        "test_play_the_game_already_over": 0.75,
    },
}

# fonction -> (question du sujet, points), dans l'ordre du barème du sujet (Q3 d'abord) :
# c'est l'ordre des questions dans chaque tableau de notes, fichier ou retour.
BAREME: dict[str, tuple[str, float]] = {
    f.name: (f.question, round(sum(RUBRIC[f.name].values()), 6)) for f in TABLE
}
FUNCTIONS = list(BAREME)
TOTAL: float = round(sum(points for _, points in BAREME.values()), 6)
# question du sujet -> ses fonctions, dans l'ordre du barème (Q3 d'abord) : ce que note une
# question CodeRunner, ce que regroupe le retour d'INGInious.
QUESTIONS: dict[str, list[str]] = {
    question: [name for name, (asked, _) in BAREME.items() if asked == question]
    for question in dict.fromkeys(question for question, _ in BAREME.values())
}


def question_points(question: str) -> float:
    """Les points d'une question du sujet : la somme de ceux de ses fonctions.

    >>> QUESTIONS["Q7"], question_points("Q7")
    (['is_move_ok', 'ask_move'], 3.0)
    """
    return round(sum(BAREME[function][1] for function in QUESTIONS[question]), 6)


class UnknownLine(KeyError):
    """Un test noté sans ligne au barème."""


def points(function: str, line: str) -> float:
    """Les points de la ligne ``line`` (le nom d'un test noté) de ``function``.

    >>> points("ask_move", "test_ask_move_end_of_input")
    0.5
    """
    try:
        return RUBRIC[function][line]
    except KeyError:
        raise UnknownLine(
            f"le test noté {line} ({function}) n'a pas de ligne au barème "
            "(tests/grading/mark_scheme.py, RUBRIC)"
        ) from None


assert list(RUBRIC) == [f.name for f in TABLE], "RUBRIC suit l'ordre de la table du contrat"

__all__ = ["BAREME", "FUNCTIONS", "QUESTIONS", "RUBRIC", "TOTAL", "points", "question_points"]
