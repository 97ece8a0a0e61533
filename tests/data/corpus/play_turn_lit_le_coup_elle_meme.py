# description : play_turn lit le coup elle-même (input, split, int) et redemande tant que is_move_ok le refuse, au lieu d'appeler ask_move : une ligne qui n'est pas faite de deux entiers la fait planter, et le sujet demande ask_move.
# perd : play_turn
# lignes : test_play_turn_asks_for_the_move


def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    x, y = map(int, input("Votre coup (x y) : ").split())
    while not is_move_ok(opened, x, y):
        print("Case impossible, recommencez.")
        x, y = map(int, input("Votre coup (x y) : ").split())
    opened[y][x] = True
    propagate_open_cells(mines, neigh, opened)
