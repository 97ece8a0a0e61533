# description : variante correcte, nb_adjacent_mines traite les quatre coins à part (trois voisines chacun, écrites une à une), le reste par une double boucle : la façon d'écrire ne doit rien coûter.
# perd : aucune


def nb_adjacent_mines(mines, x, y):
    hauteur = len(mines)
    largeur = len(mines[0])
    if largeur > 1 and hauteur > 1:
        voisines = None
        if x == 0 and y == 0:
            voisines = [(1, 0), (0, 1), (1, 1)]
        elif x == largeur - 1 and y == 0:
            voisines = [(x - 1, 0), (x - 1, 1), (x, 1)]
        elif x == 0 and y == hauteur - 1:
            voisines = [(0, y - 1), (1, y - 1), (1, y)]
        elif x == largeur - 1 and y == hauteur - 1:
            voisines = [(x - 1, y - 1), (x, y - 1), (x - 1, y)]
        if voisines is not None:
            return sum(1 for (i, j) in voisines if mines[j][i])
    nb = 0
    for j in range(y - 1, y + 2):
        for i in range(x - 1, x + 2):
            if (i, j) != (x, y) and is_coord_ok(i, j, largeur, hauteur) and mines[j][i]:
                nb += 1
    return nb
