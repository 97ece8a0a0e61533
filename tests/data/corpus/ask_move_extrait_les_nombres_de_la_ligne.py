# description : ask_move garde les nombres de la ligne avec re.findall(r"-?\d+") : « (1, 0) », « 1;0 » ou « x=1 y=0 » sont acceptés comme le coup (1, 0), alors que seuls des blancs peuvent séparer les deux nombres.
# perd : ask_move
# lignes : test_ask_move_decorated_move, test_ask_move_expressions, test_ask_move_words

import re


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        nombres = re.findall(r"-?\d+", input("Votre coup (x y) : "))
        if len(nombres) != 2:
            print("Il faut deux nombres, x puis y.")
            continue
        x, y = int(nombres[0]), int(nombres[1])
        if not (0 <= x < largeur and 0 <= y < hauteur):
            print("Cette case est hors du plateau.")
        elif opened[y][x]:
            print("Cette case est déjà ouverte.")
        else:
            return x, y
