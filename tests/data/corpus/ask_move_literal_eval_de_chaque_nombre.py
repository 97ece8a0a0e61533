# description : ask_move convertit chaque nombre avec ast.literal_eval (pour « lire les nombres sans risque ») puis int() : « 0x1 0 », « (1) 0 » ou « True 0 » sont acceptés, et « 1.5 0 » est tronqué en (1, 0) ; un coup est fait de deux entiers écrits en chiffres.
# perd : ask_move
# lignes : test_ask_move_decimals, test_ask_move_decorated_move, test_ask_move_expressions
import ast


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2:
            print("Il faut deux nombres, x puis y.")
            continue
        try:
            x, y = int(ast.literal_eval(mots[0])), int(ast.literal_eval(mots[1]))
        except (ValueError, TypeError, SyntaxError, OverflowError):
            print("x et y doivent être des nombres entiers.")
            continue
        if not (0 <= x < largeur and 0 <= y < hauteur):
            print("Cette case est hors du plateau.")
        elif opened[y][x]:
            print("Cette case est déjà ouverte.")
        else:
            return x, y
