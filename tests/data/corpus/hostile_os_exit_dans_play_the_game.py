# description : play_the_game termine brutalement le programme avec os._exit(0) après le verdict au lieu de renvoyer le code de fin.
# perd : play_the_game
import os


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    if is_finished(mines, opened) == 1:
        print("Bravo, vous avez gagné !")
    else:
        print("Boum ! Vous avez perdu.")
    os._exit(0)  # on quitte le jeu
