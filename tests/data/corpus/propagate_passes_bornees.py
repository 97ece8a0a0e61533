# description : propagate_open_cells fait largeur + hauteur parcours complets au lieu de recommencer tant que quelque chose change : un couloir en serpentin demande plus de parcours.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_until_nothing_changes


def propagate_open_cells(mines, neigh, opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    for _ in range(largeur + hauteur):
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for j in range(max(y - 1, 0), min(y + 2, hauteur)):
                        for i in range(max(x - 1, 0), min(x + 2, largeur)):
                            opened[j][i] = True
