# description : is_coord_ok lit un fichier posé à côté du rendu (son chemin tiré de __file__), absent ici, et le module importe un nom que random n'a pas : les messages de Python citent le chemin de la copie privée du rendu et celui de random.py. Le retour explique les deux sans nommer aucun dossier de la notation.
# perd : is_coord_ok
# retour : FileNotFoundError : [Errno 2] No such file or directory: 'plateau.txt'
import os
from random import tirage  # noqa: F401


def is_coord_ok(x, y, width, height):
    with open(os.path.join(os.path.dirname(__file__), "plateau.txt")) as fichier:
        fichier.read()
    return 0 <= x < width and 0 <= y < height
