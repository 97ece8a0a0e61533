# description : initialise_mines tire chaque mine au plus vingt fois au hasard, puis, si la case tirée est toujours déjà minée, prend la première case libre : le compte est bon, mais sur un grand plateau dense les dernières mines vont presque toutes en haut à gauche.
# perd : initialise_mines
# lignes : test_initialise_mines_uniform

import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    for ligne in mines:
        for x in range(largeur):
            ligne[x] = False
    for _ in range(nb_mines):
        for essai in range(20):
            x, y = random.randrange(largeur), random.randrange(hauteur)
            if not mines[y][x]:
                break
        else:
            x, y = next(
                (x, y) for y in range(hauteur) for x in range(largeur) if not mines[y][x]
            )
        mines[y][x] = True
