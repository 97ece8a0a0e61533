# description : initialise_mines parcourt les cases dans l'ordre et mine chacune avec la probabilité nb_mines / (largeur*hauteur) jusqu'à en avoir assez : le compte est bon mais les premières cases sont bien plus souvent minées (tirage non uniforme).
# perd : initialise_mines
# lignes : test_initialise_mines_uniform
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    proba = nb_mines / (largeur * hauteur)
    nb_placees = 0
    while nb_placees < nb_mines:
        for y in range(hauteur):
            for x in range(largeur):
                if nb_placees < nb_mines and not mines[y][x]:
                    if random.random() < proba:
                        mines[y][x] = True
                        nb_placees += 1
