# description : play_the_game affiche le plateau et le verdict mais oublie le return : elle renvoie None au lieu du code 1 ou 2.
# perd : play_the_game
# lignes : test_play_the_game_announces_the_result


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    if is_finished(mines, opened) == 1:
        print("Bravo, vous avez gagné !")
    else:
        print("Dommage, vous avez perdu.")
