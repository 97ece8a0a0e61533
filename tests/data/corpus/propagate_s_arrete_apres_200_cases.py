# description : propagate_open_cells s'arrête après avoir ouvert 200 cases : juste tant que les zones vides sont petites, fausse sur les grands plateaux peu minés.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_until_nothing_changes


def propagate_open_cells(mines, neigh, opened):
    hauteur, largeur = len(opened), len(opened[0])
    ouvertes = 0
    encore = True
    while encore:
        encore = False
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for j in range(y - 1, y + 2):
                        for i in range(x - 1, x + 2):
                            if is_coord_ok(i, j, largeur, hauteur) and not opened[j][i]:
                                if ouvertes >= 200:
                                    return
                                opened[j][i] = True
                                ouvertes += 1
                                encore = True
