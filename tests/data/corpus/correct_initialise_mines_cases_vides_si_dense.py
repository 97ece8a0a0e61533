# description : variante correcte, initialise_mines tire les cases à laisser vides quand plus de la moitié des cases sont minées (random.sample sur toutes les cases), les mines sinon : les deux méthodes sont uniformes, et finissent vite sur un plateau plein.
# perd : aucune
import random


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    cases = largeur * hauteur
    if 2 * nb_mines > cases:
        vides = set(random.sample(range(cases), cases - nb_mines))
        minees = [n for n in range(cases) if n not in vides]
    else:
        minees = random.sample(range(cases), nb_mines)
    for ligne in mines:
        for x in range(largeur):
            ligne[x] = False
    for numero in minees:
        mines[numero // largeur][numero % largeur] = True
