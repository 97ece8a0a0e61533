# description : ask_move borne y par la largeur au lieu de la hauteur. Sur un plateau plus haut que large, un coup valide dont y dépasse la largeur est refusé ; sur un plateau plus large que haut, une ligne dont y est entre la hauteur et la largeur passe la vérification et lève IndexError. Les plateaux carrés ne montrent rien.
# perd : ask_move
# lignes : test_ask_move_off_board, test_ask_move_valid_line


def ask_move(opened):
    largeur = len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2:
            print("Donnez deux nombres, x puis y.")
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            print("x et y doivent être des entiers.")
            continue
        if x < 0 or x >= largeur or y < 0 or y >= largeur:
            print("Coordonnées hors du plateau.")
        elif opened[y][x]:
            print("Déjà ouverte.")
        else:
            return x, y
