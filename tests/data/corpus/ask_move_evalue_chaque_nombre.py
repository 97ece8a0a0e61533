# description : ask_move lit chaque nombre avec eval() (pour accepter « 2*3 », pense l'étudiant) et ne garde que des entiers : « 1+1 0 », « 0x1 0 » ou « (1) 0 » sont acceptés comme des coups, alors qu'un coup est fait de deux entiers écrits en chiffres. Les mots, les décimaux et les coups décorés sont bien refusés.
# perd : ask_move
# lignes : test_ask_move_expressions
# retour : évaluée comme une expression Python


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2:
            print("Il faut deux nombres, x puis y.")
            continue
        try:
            x, y = eval(mots[0]), eval(mots[1])
        except Exception:
            print("x et y doivent être des nombres entiers.")
            continue
        if type(x) is not int or type(y) is not int:
            print("x et y doivent être des nombres entiers.")
            continue
        if not (0 <= x < largeur and 0 <= y < hauteur):
            print("Cette case est hors du plateau.")
        elif opened[y][x]:
            print("Cette case est déjà ouverte.")
        else:
            return x, y
