# description : initialise_mines traite à part le plateau où une seule case reste libre : elle tire cette case avec random.randrange(nb_mines), donc parmi toutes sauf la dernière, qui est minée à chaque tirage. Les autres nombres de mines sont tirés uniformément.
# perd : initialise_mines
# lignes : test_initialise_mines_uniform
import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    cases = largeur * hauteur
    if nb_mines == cases - 1:
        libre = random.randrange(nb_mines)  # il fallait randrange(cases)
        choisies = [numero for numero in range(cases) if numero != libre]
    else:
        choisies = random.sample(range(cases), nb_mines)
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = y * largeur + x in choisies
