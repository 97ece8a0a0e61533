# description : variante correcte, play_the_game dans une boucle « while True » qui demande is_finished au début de chaque tour et en sort par break ; le verdict est écrit par sys.stdout.write, après une ligne de tirets.
# perd : aucune
import sys


def play_the_game(mines, neigh, opened):
    while True:
        etat = is_finished(mines, opened)
        if etat != 0:
            break
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    sys.stdout.write("-" * 20 + "\n")
    sys.stdout.write(("Partie gagnée !" if etat == 1 else "Partie perdue...") + "\n")
    return etat
