# description : play_turn ouvre opened[x][y] au lieu de opened[y][x] : une autre case (ou IndexError) sur un plateau non carré, juste quand x == y.
# perd : play_turn
# lignes : test_play_turn_opens_the_chosen_cell
# retour : opened[x][y] : l'indice est transposé


def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[x][y] = True
    propagate_open_cells(mines, neigh, opened)
