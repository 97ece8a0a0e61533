# description : initialise_mines tire avec random.randrange(largeur - 1) et random.randrange(hauteur - 1) (un de trop retiré) : la dernière colonne et la dernière ligne ne reçoivent jamais de mine, ValueError sur un plateau d'une seule ligne ou colonne, boucle sans fin quand il y a trop de mines.
# perd : initialise_mines
# lignes : test_initialise_mines_places_exact_count, test_initialise_mines_clears_received_grid, test_initialise_mines_full_board, test_initialise_mines_uses_random, test_initialise_mines_uniform
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    nb_placees = 0
    while nb_placees < nb_mines:
        x = random.randrange(largeur - 1)
        y = random.randrange(hauteur - 1)
        if not mines[y][x]:
            mines[y][x] = True
            nb_placees += 1
