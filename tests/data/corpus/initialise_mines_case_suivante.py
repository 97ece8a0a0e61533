# description : initialise_mines, quand la case tirée est déjà minée, prend la case libre suivante au lieu de retirer au hasard : le compte est bon mais les cases qui suivent un groupe de mines sont favorisées (tirage non uniforme).
# perd : initialise_mines
# lignes : test_initialise_mines_uniform
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    nb_cases = largeur * hauteur
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    for i in range(nb_mines):
        numero = random.randrange(nb_cases)
        # case déjà prise : on avance jusqu'à la prochaine case libre
        while mines[numero // largeur][numero % largeur]:
            numero = (numero + 1) % nb_cases
        mines[numero // largeur][numero % largeur] = True
