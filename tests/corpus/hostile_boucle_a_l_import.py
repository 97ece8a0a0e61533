# description : une boucle sans fin au niveau du module, après toutes les définitions : le chargement ne se termine jamais, aucune fonction n'est notée et le retour le dit.
# perd : initialise_mines, initialise_open, is_coord_ok, nb_adjacent_mines, compute_neigh, display_board, is_move_ok, ask_move, propagate_open_cells, is_finished, play_turn, play_the_game, main
while True:
    pass
