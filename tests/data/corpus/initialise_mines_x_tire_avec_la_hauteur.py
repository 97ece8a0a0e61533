# description : initialise_mines tire x entre 0 et hauteur - 1 (copier-coller de la ligne de y) : sur un plateau plus large que haut les colonnes de droite ne sont jamais minées (boucle sans fin s'il faut les remplir), sur un plateau plus haut que large IndexError.
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
        x = random.randint(0, hauteur - 1)
        y = random.randint(0, hauteur - 1)
        if not mines[y][x]:
            mines[y][x] = True
            nb_placees += 1
