# description : ask_move convertit chaque nombre avec int(float(...)) : « 1.5 0 » est accepté comme le coup (1, 0) au lieu d'être refusé (1.5 n'est pas un entier).
# perd : ask_move
# lignes : test_ask_move_decimals
# retour : int(float(...))


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2:
            print("Il faut deux nombres, x puis y.")
            continue
        try:
            x, y = int(float(mots[0])), int(float(mots[1]))
        except ValueError:
            print("x et y doivent être des nombres.")
            continue
        if not (0 <= x < largeur and 0 <= y < hauteur):
            print("Cette case est hors du plateau.")
        elif opened[y][x]:
            print("Cette case est déjà ouverte.")
        else:
            return x, y
