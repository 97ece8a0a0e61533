# description : quand il reste peu de cases libres (plus de 90 % de mines sur plus de 500 cases), initialise_mines prend la case libre suivante au lieu de retirer au hasard une case déjà minée ; ailleurs, elle retire. Chaque case garde la même chance d'être minée, mais les mines se suivent en longues files sur les lignes : seules les paires de cases voisines le voient, et seulement sur le grand plateau presque plein.
# perd : initialise_mines
# lignes : test_initialise_mines_uniform
import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    cases = largeur * hauteur
    for ligne in mines:
        for x in range(largeur):
            ligne[x] = False
    presque_plein = cases > 500 and nb_mines > 0.9 * cases
    posees = 0
    while posees < nb_mines:
        numero = random.randrange(cases)
        if mines[numero // largeur][numero % largeur]:
            if not presque_plein:
                continue  # on retire au hasard
            while mines[numero // largeur][numero % largeur]:
                numero = (numero + 1) % cases
        mines[numero // largeur][numero % largeur] = True
        posees += 1
