# description : ask_move n'a aucune logique à elle : elle fait jouer un tour à play_turn (la référence, prêtée pendant la notation) sur une copie de opened et renvoie la case que ce tour a ouverte ; la référence de play_turn appelle ask_move, ce relais est refusé.
# perd : ask_move


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[1] * largeur for _ in range(hauteur)]  # aucune inondation
    copie = [ligne[:] for ligne in opened]
    play_turn(mines, neigh, copie)
    for y in range(hauteur):
        for x in range(largeur):
            if copie[y][x] and not opened[y][x]:
                return x, y
    return 0, 0
