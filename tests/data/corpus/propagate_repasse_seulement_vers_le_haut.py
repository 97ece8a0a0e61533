# description : propagate_open_cells ne refait un parcours que si une case vide s'est ouverte sur une ligne au-dessus ; une case vide ouverte à gauche sur la même ligne est oubliée.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_until_nothing_changes


def propagate_open_cells(mines, neigh, opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    encore = True
    while encore:
        encore = False
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for j in range(max(y - 1, 0), min(y + 2, hauteur)):
                        for i in range(max(x - 1, 0), min(x + 2, largeur)):
                            if not opened[j][i]:
                                opened[j][i] = True
                                if j < y and not mines[j][i] and neigh[j][i] == 0:
                                    encore = True
