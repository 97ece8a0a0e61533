# description : ask_move répond à chaque ligne refusée par un message anglais très court (« Bad », « Try again », « Invalid input ») : le contrat demande un message en français. Un mot anglais suffit à le voir, dès qu'aucun mot ni aucune lettre accentuée n'est français.
# perd : ask_move
# lignes : test_ask_move_messages
# retour : répond en anglais


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2:
            print("Bad")
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            print("Invalid input")
            continue
        if not (0 <= x < largeur and 0 <= y < hauteur) or opened[y][x]:
            print("Try again")
            continue
        return x, y
