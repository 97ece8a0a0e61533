# description : ask_move vérifie chaque nombre avec str.isdigit() puis le convertit avec int() sans try/except : « ² 1 » passe isdigit() (l'exposant est un chiffre pour Unicode) et int("²") lève ValueError au lieu d'afficher un message et de redemander.
# perd : ask_move
# lignes : test_ask_move_exotic_digits
# retour : str.isdigit() accepte


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2 or not (mots[0].isdigit() and mots[1].isdigit()):
            print("Tapez deux nombres entiers positifs, x puis y.")
            continue
        x, y = int(mots[0]), int(mots[1])
        if x >= largeur or y >= hauteur:
            print("Cette case est hors du plateau.")
        elif opened[y][x]:
            print("Cette case est déjà ouverte.")
        else:
            return x, y
