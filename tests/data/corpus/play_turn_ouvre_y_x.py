# description : play_turn ouvre opened[x][y] au lieu de opened[y][x] : une autre case (ou IndexError) sur un plateau non carré.
# perd : play_turn


def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[x][y] = True
    propagate_open_cells(mines, neigh, opened)
