# description : initialise_mines appelle random.seed() (sans argument) : le tirage ne dépend plus de la graine choisie avant l'appel, une partie ne se rejoue pas.
# perd : initialise_mines
# lignes : test_initialise_mines_uses_random
import random


def initialise_mines(mines, nb_mines):
    random.seed()
    for row in mines:
        for x in range(len(row)):
            row[x] = False
    height, width = len(mines), len(mines[0])
    for n in random.sample(range(width * height), nb_mines):
        mines[n // width][n % width] = True
