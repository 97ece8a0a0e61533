# description : ask_move attrape EOFError et redemande : quand l'entrée est finie, la fonction boucle sans fin au lieu de laisser remonter EOFError.
# perd : ask_move
# lignes : test_ask_move_end_of_input


def ask_move(opened):
    while True:
        try:
            ligne = input("Votre coup (x y) : ")
        except EOFError:
            continue  # erreur de saisie : on redemande
        mots = ligne.split()
        if len(mots) != 2:
            print("Tapez deux nombres entiers, x puis y.")
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            print("x et y doivent être des nombres entiers.")
            continue
        if is_move_ok(opened, x, y):
            return x, y
        print("Coup impossible : case hors du plateau ou déjà ouverte.")
