# description : ask_move explique chaque ligne refusée en anglais (« Please type two integers, x then y. »), alors que le contrat demande un message en français.
# perd : ask_move
# lignes : test_ask_move_messages


def ask_move(opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    while True:
        mots = input("Your move (x y): ").split()
        if len(mots) != 2:
            print("Please type two integers, x then y.")
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            print("x and y must be integers.")
            continue
        if not is_coord_ok(x, y, largeur, hauteur):
            print(f"Cell ({x}, {y}) is outside the board.")
        elif opened[y][x]:
            print(f"Cell ({x}, {y}) is already open.")
        else:
            return x, y
