# description : nb_adjacent_mines parcourt le carré 3×3 sans exclure la case (x, y) elle-même : une case minée se compte comme sa propre voisine.
# perd : nb_adjacent_mines
# lignes : test_nb_adjacent_mines_cell_itself
# retour : la case elle-même ne compte jamais


def nb_adjacent_mines(mines, x, y):
    hauteur = len(mines)
    largeur = len(mines[0])
    nb = 0
    for j in range(y - 1, y + 2):
        for i in range(x - 1, x + 2):
            if is_coord_ok(i, j, largeur, hauteur) and mines[j][i]:
                nb = nb + 1
    return nb
