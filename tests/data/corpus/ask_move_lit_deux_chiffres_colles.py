# description : ask_move accepte aussi deux chiffres collés, comme « 32 » pour (3, 2) (un raccourci de l'étudiant) : une ligne d'un seul nombre devient un coup au lieu d'être refusée.
# perd : ask_move
# lignes : test_ask_move_number_count
# retour : Les deux chiffres collés


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) == 1 and len(mots[0]) == 2 and mots[0].isdecimal():
            mots = [mots[0][0], mots[0][1]]
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
