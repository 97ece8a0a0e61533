# description : sur un grand plateau presque plein (plus de 500 cases, plus de 90 % minées), initialise_mines mélange elle-même une liste de booléens avec l'échange naïf (chaque case échangée avec une case tirée parmi toutes) ; ailleurs, random.sample. Les permutations ne sont pas équiprobables : les premières lignes reçoivent trop peu de mines. Un biais qui ne vit que sur les grands plateaux denses.
# perd : initialise_mines
# lignes : test_initialise_mines_uniform
import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    cases = largeur * hauteur
    if cases > 500 and nb_mines > 0.9 * cases:
        # presque plein : plus simple de tout mélanger d'un coup
        tirage = [True] * nb_mines + [False] * (cases - nb_mines)
        for i in range(cases):
            j = random.randrange(cases)
            tirage[i], tirage[j] = tirage[j], tirage[i]
    else:
        choisies = set(random.sample(range(cases), nb_mines))
        tirage = [numero in choisies for numero in range(cases)]
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = tirage[y * largeur + x]
