# description : ask_move renvoie une liste [x, y] au lieu du tuple (x, y) demandé.
# perd : ask_move
# lignes : test_ask_move_valid_line


def ask_move(opened):
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2:
            print("Tapez deux nombres entiers, x puis y.")
            continue
        try:
            coup = [int(mots[0]), int(mots[1])]
        except ValueError:
            print("x et y doivent être des nombres entiers.")
            continue
        if is_move_ok(opened, coup[0], coup[1]):
            return coup
        print("Coup impossible : case hors du plateau ou déjà ouverte.")
