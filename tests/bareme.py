"""Le barème du TP : les points de chaque fonction, sur 20.

C'est le seul endroit où les points sont écrits. Les points d'une fonction sont
partagés entre ses tests selon le poids de chacun
(``@pytest.mark.question(fonction, poids=...)``), et le sujet
(``sujet/sujet.md``) affiche ces mêmes points (un test le vérifie).
"""

# fonction -> (question du sujet, points), dans l'ordre du barème du sujet (Q3 d'abord) :
# c'est l'ordre des questions dans chaque tableau de notes, fichier ou retour.
BAREME: dict[str, tuple[str, float]] = {
    "main": ("Q3", 2.0),
    "initialise_mines": ("Q4", 2.0),
    "initialise_open": ("Q4", 0.5),
    "is_coord_ok": ("Q5", 1.0),
    "nb_adjacent_mines": ("Q5", 1.5),
    "compute_neigh": ("Q5", 1.0),
    "display_board": ("Q6", 2.0),
    "is_move_ok": ("Q7", 1.0),
    "ask_move": ("Q7", 2.0),
    "propagate_open_cells": ("Q8", 3.0),
    "is_finished": ("Q9", 1.5),
    "play_turn": ("Q10", 1.0),
    "play_the_game": ("Q10", 1.5),
}

TOTAL = 20.0

FUNCTIONS = list(BAREME)

assert sum(points for _, points in BAREME.values()) == TOTAL
