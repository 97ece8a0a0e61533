# description : variante correcte, initialise_mines mélange la liste de toutes les cases avec random.shuffle et mine les nb_mines premières.
# perd : aucune
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    cases = []
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
            cases.append((x, y))
    random.shuffle(cases)
    for x, y in cases[:nb_mines]:
        mines[y][x] = True
