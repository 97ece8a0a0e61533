# description : initialise_mines garde les mines que la grille reçue a déjà, quand il y en a moins que nb_mines, et n'en tire que le complément : le compte est juste, mais ces cases sont minées à chaque tirage. Une grille propre, pleine, ou qui a déjà nb_mines mines est bien vidée d'abord.
# perd : initialise_mines
# lignes : test_initialise_mines_clears_received_grid
import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    deja = sum(ligne.count(True) for ligne in mines)
    if deja >= nb_mines:
        for ligne in mines:
            for x in range(largeur):
                ligne[x] = False
        deja = 0
    while deja < nb_mines:
        x, y = random.randrange(largeur), random.randrange(hauteur)
        if not mines[y][x]:
            mines[y][x] = True
            deja += 1
