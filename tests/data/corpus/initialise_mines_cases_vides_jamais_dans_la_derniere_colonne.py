# description : sur un plateau de plus de 100 cases minées à plus de moitié, initialise_mines remplit tout de mines puis tire les cases à vider, avec x = random.randrange(largeur - 1) (un de trop retiré dans cette seule branche) : la dernière colonne est toujours pleine de mines. Juste sur les petits plateaux et les plateaux peu minés.
# perd : initialise_mines
# lignes : test_initialise_mines_uniform
import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    cases = largeur * hauteur
    if cases > 100 and 2 * nb_mines > cases:
        # plus de la moitié de mines : on tire plutôt les cases vides
        for ligne in mines:
            for x in range(largeur):
                ligne[x] = True
        vides = 0
        while vides < cases - nb_mines:
            x = random.randrange(largeur - 1)
            y = random.randrange(hauteur)
            if mines[y][x]:
                mines[y][x] = False
                vides += 1
        return
    for ligne in mines:
        for x in range(largeur):
            ligne[x] = False
    for numero in random.sample(range(cases), nb_mines):
        mines[numero // largeur][numero % largeur] = True
