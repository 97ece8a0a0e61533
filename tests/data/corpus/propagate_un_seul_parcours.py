# description : propagate_open_cells ne fait qu'un seul parcours du plateau au lieu de recommencer tant que des cases s'ouvrent (le « faire … tant que » du sujet est oublié) : l'inondation s'arrête trop tôt, surtout vers le haut et la gauche.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_until_nothing_changes


def propagate_open_cells(mines, neigh, opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    for y in range(hauteur):
        for x in range(largeur):
            if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                for j in range(y - 1, y + 2):
                    for i in range(x - 1, x + 2):
                        if is_coord_ok(i, j, largeur, hauteur):
                            opened[j][i] = True
