# description : initialise_mines tire la colonne avec random.randrange(min(largeur, 40)) (une borne « pour que l'affichage tienne ») et remplit directement un plateau entièrement miné : sur un plateau de plus de 40 colonnes, les dernières colonnes ne reçoivent jamais de mine (et un tirage très dense ne se termine pas) ; juste sur tous les plateaux moins larges.
# perd : initialise_mines
# lignes : test_initialise_mines_full_board, test_initialise_mines_uniform

import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    plein = nb_mines == largeur * hauteur
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = plein
    posees = largeur * hauteur if plein else 0
    while posees < nb_mines:
        x = random.randrange(min(largeur, 40))
        y = random.randrange(hauteur)
        if not mines[y][x]:
            mines[y][x] = True
            posees += 1
