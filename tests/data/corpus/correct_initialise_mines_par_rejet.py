# description : variante correcte, initialise_mines tire (x, y) au hasard et recommence quand la case est déjà minée, jusqu'à avoir nb_mines cases distinctes.
# perd : aucune
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    for ligne in mines:
        for x in range(len(ligne)):
            ligne[x] = False
    nb_placees = 0
    while nb_placees < nb_mines:
        x = random.randrange(largeur)
        y = random.randrange(hauteur)
        if not mines[y][x]:
            mines[y][x] = True
            nb_placees += 1
