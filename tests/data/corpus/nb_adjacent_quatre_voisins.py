# description : nb_adjacent_mines ne regarde que les 4 voisines (haut, bas, gauche, droite) et oublie les diagonales.
# perd : nb_adjacent_mines
# lignes : test_nb_adjacent_mines_interior, test_nb_adjacent_mines_edges, test_nb_adjacent_mines_corners


def nb_adjacent_mines(mines, x, y):
    hauteur = len(mines)
    largeur = len(mines[0])
    nb = 0
    voisins = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
    for (i, j) in voisins:
        if is_coord_ok(i, j, largeur, hauteur):
            if mines[j][i]:
                nb += 1
    return nb
