# description : initialise_mines utilise random.randint(0, largeur) et random.randint(0, hauteur), bornes incluses : une colonne ou une ligne de trop, d'où des IndexError.
# perd : initialise_mines
# lignes : test_initialise_mines_places_exact_count, test_initialise_mines_clears_received_grid, test_initialise_mines_full_board, test_initialise_mines_uses_random, test_initialise_mines_uniform
# retour : random.randint(a, b) tire un entier entre a et b, b compris
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    nb_placees = 0
    while nb_placees < nb_mines:
        x = random.randint(0, largeur)
        y = random.randint(0, hauteur)
        if not mines[y][x]:
            mines[y][x] = True
            nb_placees += 1
