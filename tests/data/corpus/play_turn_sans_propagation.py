# description : play_turn ouvre la case choisie mais n'appelle pas propagate_open_cells : pas d'inondation autour d'une case vide.
# perd : play_turn
# lignes : test_play_turn_floods_after_opening


def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[y][x] = True
