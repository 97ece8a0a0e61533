# description : play_the_game réaffiche le plateau et renvoie le code mais n'écrit jamais « gagné » ni « perdu ».
# perd : play_the_game
# lignes : test_play_the_game_announces_the_result


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    return is_finished(mines, opened)
