# description : ask_move ne teste que is_coord_ok et accepte une case déjà ouverte.
# perd : ask_move
# lignes : test_ask_move_already_open


def ask_move(opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2:
            print("Tapez deux nombres entiers, x puis y.")
            continue
        try:
            x = int(mots[0])
            y = int(mots[1])
        except ValueError:
            print("x et y doivent être des nombres entiers.")
            continue
        if is_coord_ok(x, y, largeur, hauteur):
            return (x, y)
        print("Cette case n'est pas sur le plateau.")
