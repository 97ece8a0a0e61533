# description : ask_move regarde le premier caractère de la ligne pour repérer un mot (ligne[0].isdigit()) avant de la découper : une ligne vide lève IndexError ; une ligne blanche, des mots ou un seul nombre sont bien refusés.
# perd : ask_move
# lignes : test_ask_move_empty_lines


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        ligne = input("Votre coup (x y) : ")
        if not (ligne[0].isdigit() or ligne[0] in " \t-"):
            print("Tapez des nombres, pas des lettres.")
            continue
        mots = ligne.split()
        if len(mots) != 2:
            print("Il faut deux nombres, x puis y.")
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            print("x et y doivent être des nombres entiers.")
            continue
        if not (0 <= x < largeur and 0 <= y < hauteur):
            print("Cette case est hors du plateau.")
        elif opened[y][x]:
            print("Cette case est déjà ouverte.")
        else:
            return x, y
