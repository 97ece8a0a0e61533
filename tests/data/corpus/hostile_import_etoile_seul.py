# description : le rendu se contente de from tp_demineur import * (copie de la correction) : pour un fichier rendu seul ce paquet n'est pas importable, l'import échoue et aucune fonction n'est définie.
# perd : initialise_mines, initialise_open, is_coord_ok, nb_adjacent_mines, compute_neigh, display_board, is_move_ok, ask_move, propagate_open_cells, is_finished, play_turn, play_the_game, main
# base : aucune
from tp_demineur import *
