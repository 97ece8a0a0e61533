# description : play_turn appelle propagate_open_cells avant d'ouvrir la case choisie : l'inondation part des cases déjà ouvertes, pas de la nouvelle, et une case vide jouée n'inonde rien autour d'elle.
# perd : play_turn
# lignes : test_play_turn_floods_after_opening


def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    propagate_open_cells(mines, neigh, opened)
    opened[y][x] = True
