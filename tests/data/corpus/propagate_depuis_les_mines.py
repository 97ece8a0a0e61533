# description : propagate_open_cells oublie la condition « pas une mine » : une mine ouverte sans mine voisine (neigh == 0) ouvre ses voisines.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_other_open_cells


def propagate_open_cells(mines, neigh, opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    changement = True
    while changement:
        changement = False
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] and neigh[y][x] == 0:
                    for j in range(y - 1, y + 2):
                        for i in range(x - 1, x + 2):
                            if is_coord_ok(i, j, largeur, hauteur) and not opened[j][i]:
                                opened[j][i] = True
                                changement = True
