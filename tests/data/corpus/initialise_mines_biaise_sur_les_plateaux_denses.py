# description : initialise_mines tire les cases vides plutôt que les mines quand plus de la moitié des cases sont minées, mais ne laisse jamais vide la première case : une faute qui ne vit que sur les plateaux denses.
# perd : initialise_mines
# lignes : test_initialise_mines_uniform

import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    cases = largeur * hauteur
    if 2 * nb_mines > cases:
        vides = set(random.sample(range(1, cases), cases - nb_mines))
        minees = [c for c in range(cases) if c not in vides]
    else:
        minees = random.sample(range(cases), nb_mines)
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = y * largeur + x in minees
