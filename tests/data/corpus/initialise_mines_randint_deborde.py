# description : initialise_mines utilise random.randint(0, largeur) et random.randint(0, hauteur), bornes incluses : une colonne ou une ligne de trop, d'où des IndexError.
# perd : initialise_mines
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    nb_placees = 0
    while nb_placees < nb_mines:
        x = random.randint(0, largeur)
        y = random.randint(0, hauteur)
        if not mines[y][x]:
            mines[y][x] = True
            nb_placees += 1
