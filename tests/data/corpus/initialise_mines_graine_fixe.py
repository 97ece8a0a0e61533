# description : initialise_mines appelle random.seed(2024) à chaque appel (resté des essais) : toutes les parties ont les mêmes mines, le sujet interdit de réinitialiser le générateur.
# perd : initialise_mines
# lignes : test_initialise_mines_uses_random
import random


def initialise_mines(mines, nb_mines):
    random.seed(2024)  # pour avoir toujours la même partie quand je teste
    hauteur = len(mines)
    largeur = len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    for numero in random.sample(range(largeur * hauteur), nb_mines):
        y, x = divmod(numero, largeur)
        mines[y][x] = True
