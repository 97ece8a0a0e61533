# description : après une ligne refusée, ask_move ne dit rien de ce qui ne va pas : elle repose seulement la question avec une autre invite d'input() (« Encore : »). L'invite n'est pas un message : il faut afficher ce qui ne va pas.
# perd : ask_move
# lignes : test_ask_move_messages
# retour : l'invite n'est pas un message


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    invite = "Votre coup (x y) : "
    while True:
        mots = input(invite).split()
        invite = "Encore : "
        if len(mots) != 2:
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            continue
        if 0 <= x < largeur and 0 <= y < hauteur and not opened[y][x]:
            return x, y
