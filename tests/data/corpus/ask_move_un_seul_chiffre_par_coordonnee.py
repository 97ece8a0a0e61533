# description : ask_move reconnaît la ligne avec l'expression régulière « un chiffre, des blancs, un chiffre » : sur un plateau de plus de 10 colonnes ou lignes, un coup comme « 11 10 » est refusé alors qu'il est valide.
# perd : ask_move
# lignes : test_ask_move_valid_line

import re


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        trouve = re.fullmatch(r"\s*(-?\d)\s+(-?\d)\s*", input("Votre coup (x y) : "))
        if trouve is None:
            print("Tapez deux nombres entiers, x puis y.")
            continue
        x, y = int(trouve.group(1)), int(trouve.group(2))
        if not (0 <= x < largeur and 0 <= y < hauteur):
            print("Cette case est hors du plateau.")
        elif opened[y][x]:
            print("Cette case est déjà ouverte.")
        else:
            return x, y
