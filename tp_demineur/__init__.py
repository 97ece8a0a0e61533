"""tp_demineur : le TP démineur en Python (solution de référence et jeu).

Les fonctions du TP sont dans :mod:`tp_demineur.tp` et s'importent aussi
directement depuis le paquet : ``from tp_demineur import compute_neigh``.
"""

# Avant tout le reste : sur un Python trop ancien, un message en français.
from .python_version import require_python

require_python()

from .tp import (  # noqa: E402
    ask_move,
    compute_neigh,
    display_board,
    initialise_mines,
    initialise_open,
    is_coord_ok,
    is_finished,
    is_move_ok,
    main,
    nb_adjacent_mines,
    play_the_game,
    play_turn,
    propagate_open_cells,
)

__all__ = [
    "initialise_mines",
    "initialise_open",
    "is_coord_ok",
    "nb_adjacent_mines",
    "compute_neigh",
    "display_board",
    "is_move_ok",
    "ask_move",
    "propagate_open_cells",
    "is_finished",
    "play_turn",
    "play_the_game",
    "main",
]
