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
        "test_main_empty_answers": 0.1,
        "test_main_words": 0.15,
        "test_main_several_numbers": 0.1,
        "test_main_decorated_answers": 0.1,
        "test_main_expressions": 0.1,
        "test_main_decimals": 0.1,
        "test_main_exotic_digits": 0.05,
        "test_main_below_bounds": 0.15,
        "test_main_above_bounds": 0.15,
        "test_main_refused_twice": 0.1,
        "test_main_messages": 0.25,
        "test_main_smallest_answers": 0.1,
        "test_main_largest_board": 0.15,
        "test_main_grids": 0.2,
        "test_main_calls": 0.2,
    },
    "initialise_mines": {
        "test_initialise_mines_places_exact_count": 0.5,
        "test_initialise_mines_clears_received_grid": 0.25,
        "test_initialise_mines_full_board": 0.25,
        "test_initialise_mines_uses_random": 0.25,
        "test_initialise_mines_uniform": 0.75,
    },
    "initialise_open": {
        "test_initialise_open_closes_every_cell": 0.35,
        "test_initialise_open_keeps_rows": 0.15,
    },
    "is_coord_ok": {
        "test_is_coord_ok_every_edge": 0.6,
        "test_is_coord_ok_huge_integers": 0.15,
        "test_is_coord_ok_returns_bool": 0.25,
    },
    "nb_adjacent_mines": {
        "test_nb_adjacent_mines_interior": 0.4,
        "test_nb_adjacent_mines_edges": 0.35,
        "test_nb_adjacent_mines_corners": 0.35,
        "test_nb_adjacent_mines_thin_boards": 0.2,
        "test_nb_adjacent_mines_cell_itself": 0.2,
    },
    "compute_neigh": {
        "test_compute_neigh": 0.4,
        "test_compute_neigh_dirty_grid": 0.2,
        "test_compute_neigh_keeps_rows": 0.2,
        "test_compute_neigh_large": 0.2,
    },
    "display_board": {
        "test_display_board_closed_cells": 0.3,
        "test_display_board_open_mines": 0.3,
        "test_display_board_empty_cells": 0.3,
        "test_display_board_digits": 0.4,
        "test_display_board_one_line_per_row": 0.45,
        "test_display_board_one_space_between_cells": 0.25,
    },
    "is_move_ok": {
        "test_is_move_ok_every_cell": 0.4,
        "test_is_move_ok_beyond_the_board": 0.25,
        "test_is_move_ok_negative": 0.25,
        "test_is_move_ok_huge_integers": 0.1,
    },
    "ask_move": {
        "test_ask_move_valid_line": 0.4,
        "test_ask_move_empty_lines": 0.1,
        "test_ask_move_words": 0.1,
        "test_ask_move_number_count": 0.15,
        "test_ask_move_decorated_move": 0.1,
        "test_ask_move_expressions": 0.1,
        "test_ask_move_decimals": 0.1,
        "test_ask_move_negative": 0.1,
        "test_ask_move_off_board": 0.1,
        "test_ask_move_already_open": 0.1,
        "test_ask_move_exotic_digits": 0.05,
        "test_ask_move_messages": 0.3,
        "test_ask_move_keeps_asking": 0.1,
        "test_ask_move_end_of_input": 0.2,
    },
    "propagate_open_cells": {
        "test_propagate_open_cells_every_direction": 0.5,
        "test_propagate_open_cells_edges_and_corners": 0.5,
        "test_propagate_open_cells_until_nothing_changes": 0.75,
        "test_propagate_open_cells_every_source": 0.25,
        "test_propagate_open_cells_stops_at_numbers": 0.4,
        "test_propagate_open_cells_other_open_cells": 0.35,
        "test_propagate_open_cells_in_place": 0.25,
    },
    "is_finished": {
        "test_is_finished_in_progress": 0.35,
        "test_is_finished_won": 0.35,
        "test_is_finished_lost": 0.35,
        "test_is_finished_lost_first": 0.3,
        "test_is_finished_returns_int": 0.15,
    },
    "play_turn": {
        "test_play_turn_displays_the_board": 0.25,
        "test_play_turn_asks_for_the_move": 0.25,
        "test_play_turn_opens_the_chosen_cell": 0.25,
        "test_play_turn_floods_after_opening": 0.25,
    },
    "play_the_game": {
        "test_play_the_game_plays_until_the_end": 0.6,
        "test_play_the_game_shows_the_final_board": 0.4,
        "test_play_the_game_announces_the_result": 0.5,
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
    0.2
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
