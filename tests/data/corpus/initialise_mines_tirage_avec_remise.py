# description : initialise_mines tire nb_mines cases avec remise sans vérifier si la case est déjà minée : deux tirages identiques donnent moins de nb_mines mines.
# perd : initialise_mines
# lignes : test_initialise_mines_places_exact_count
# retour : la même case a été tirée deux fois
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    for i in range(nb_mines):
        x = random.randint(0, largeur - 1)
        y = random.randint(0, hauteur - 1)
        mines[y][x] = True
