# description : variante correcte, initialise_mines tire nb_mines couples (x, y) distincts avec random.sample sur la liste de toutes les cases.
# perd : aucune
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    toutes = [(x, y) for x in range(largeur) for y in range(hauteur)]
    choisies = set(random.sample(toutes, nb_mines))
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = (x, y) in choisies
