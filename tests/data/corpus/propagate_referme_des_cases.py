# description : propagate_open_cells calcule une nouvelle grille avec seulement les voisines des cases vides puis la recopie dans opened : les cases ouvertes qui ne touchent pas une case vide (la case numérotée qu'on vient de jouer) sont refermées.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_other_open_cells


def propagate_open_cells(mines, neigh, opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    while True:
        nouvelle = [[False] * largeur for _ in range(hauteur)]
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for j in range(y - 1, y + 2):
                        for i in range(x - 1, x + 2):
                            if is_coord_ok(i, j, largeur, hauteur):
                                nouvelle[j][i] = True
        if nouvelle == opened:
            return
        for y in range(hauteur):
            for x in range(largeur):
                opened[y][x] = nouvelle[y][x]
