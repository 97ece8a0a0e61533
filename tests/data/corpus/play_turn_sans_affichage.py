# description : play_turn n'affiche pas le plateau avant de demander le coup (display_board n'est pas appelée).
# perd : play_turn
# lignes : test_play_turn_displays_the_board


def play_turn(mines, neigh, opened):
    x, y = ask_move(opened)
    opened[y][x] = True
    propagate_open_cells(mines, neigh, opened)
