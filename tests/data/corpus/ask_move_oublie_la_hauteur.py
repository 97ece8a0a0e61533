# description : ask_move vérifie que x est dans le plateau, et que y n'est pas négatif, mais oublie de comparer y à la hauteur : une ligne au-delà de la dernière (« 0 11 » sur 11 lignes) lève IndexError au lieu d'être refusée.
# perd : ask_move
# lignes : test_ask_move_off_board


def ask_move(opened):
    largeur = len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2:
            print("Il faut deux nombres, x puis y.")
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            print("x et y doivent être des nombres entiers.")
            continue
        if x < 0 or y < 0 or x >= largeur:
            print("Cette case est hors du plateau.")
        elif opened[y][x]:
            print("Cette case est déjà ouverte.")
        else:
            return x, y
