# description : play_turn vérifie encore le coup avec is_move_ok avant d'ouvrir la case : un appel de plus, sans effet sur le résultat.
# perd : aucune
def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    if is_move_ok(opened, x, y):
        opened[y][x] = True
    propagate_open_cells(mines, neigh, opened)
