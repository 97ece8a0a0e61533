# description : initialise_mines tire un nombre avec random.randrange(1000) et prend le reste de sa division par le nombre de cases (en retirant une case déjà minée) : sur un plateau dont le nombre de cases ne divise pas 1 000 (49×19 : 931 cases), les premières cases sont tirées deux fois plus souvent ; sur les petits plateaux, l'écart ne se voit pas.
# perd : initialise_mines
# lignes : test_initialise_mines_uniform

import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    posees = 0
    while posees < nb_mines:
        case = random.randrange(1000) % (largeur * hauteur)
        y, x = divmod(case, largeur)
        if not mines[y][x]:
            mines[y][x] = True
            posees += 1
