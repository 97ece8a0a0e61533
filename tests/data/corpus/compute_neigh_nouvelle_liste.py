# description : compute_neigh réaffecte le paramètre (neigh = nouvelle liste) au lieu de remplir la grille reçue : la grille de l'appelant ne change pas.
# perd : compute_neigh
# lignes : test_compute_neigh, test_compute_neigh_dirty_grid, test_compute_neigh_large


def compute_neigh(mines, neigh):
    hauteur = len(mines)
    largeur = len(mines[0])
    neigh = [[0] * largeur for _ in range(hauteur)]
    for y in range(hauteur):
        for x in range(largeur):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)
