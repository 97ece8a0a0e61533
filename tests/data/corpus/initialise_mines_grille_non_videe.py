# description : initialise_mines ne remet pas la grille à False avant de placer les mines : les mines déjà présentes dans une grille « sale » s'ajoutent aux nouvelles.
# perd : initialise_mines
# lignes : test_initialise_mines_clears_received_grid
# retour : remettre à False les cases qui valaient déjà True
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    cases = random.sample(range(largeur * hauteur), nb_mines)
    for numero in cases:
        mines[numero // largeur][numero % largeur] = True
