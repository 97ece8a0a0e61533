# description : initialise_mines réaffecte le paramètre (mines = nouvelle grille) et place les mines dans cette copie locale : la grille de l'appelant n'est pas modifiée.
# perd : initialise_mines
# lignes : test_initialise_mines_places_exact_count, test_initialise_mines_clears_received_grid, test_initialise_mines_uses_random
# retour : pas créer une nouvelle grille
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    mines = [[False] * largeur for _ in range(hauteur)]
    for numero in random.sample(range(largeur * hauteur), nb_mines):
        mines[numero // largeur][numero % largeur] = True
