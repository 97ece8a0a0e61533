# description : ask_move remplace les virgules par des espaces avant de découper la ligne : « 1,0 » est accepté comme le coup (1, 0), alors que le contrat ne permet que des blancs entre les deux nombres.
# perd : ask_move
# lignes : test_ask_move_decorated_move


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").replace(",", " ").split()
        if len(mots) != 2:
            print("Il faut deux nombres, x puis y.")
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            print("x et y doivent être des entiers.")
            continue
        if not (0 <= x < largeur and 0 <= y < hauteur):
            print("Cette case est hors du plateau.")
        elif opened[y][x]:
            print("Cette case est déjà ouverte.")
        else:
            return x, y
