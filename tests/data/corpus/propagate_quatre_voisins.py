# description : propagate_open_cells n'ouvre que les 4 voisines (haut, bas, gauche, droite) d'une case vide et oublie les diagonales.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_every_direction


def propagate_open_cells(mines, neigh, opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    encore = True
    while encore:
        encore = False
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for (i, j) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]:
                        if is_coord_ok(i, j, largeur, hauteur) and not opened[j][i]:
                            opened[j][i] = True
                            encore = True
