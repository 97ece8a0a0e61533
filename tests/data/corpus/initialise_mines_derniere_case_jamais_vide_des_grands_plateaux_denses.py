# description : sur un plateau de plus de 100 cases minées à plus de moitié, initialise_mines tire les cases à laisser vides avec random.sample(range(cases - 1), …) : la dernière case, (largeur - 1, hauteur - 1), est minée à chaque tirage. Une seule case sur mille, sur les seuls grands plateaux denses.
# perd : initialise_mines
# lignes : test_initialise_mines_uniform
import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    cases = largeur * hauteur
    if cases > 100 and 2 * nb_mines > cases:
        vides = set(random.sample(range(cases - 1), cases - nb_mines))
    else:
        vides = set(range(cases)) - set(random.sample(range(cases), nb_mines))
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = y * largeur + x not in vides
