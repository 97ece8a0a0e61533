# description : nb_adjacent_mines teste les bords avec < largeur - 1 et < hauteur - 1 (erreur de un) : la dernière colonne et la dernière ligne ne sont jamais comptées.
# perd : nb_adjacent_mines
# lignes : test_nb_adjacent_mines_interior, test_nb_adjacent_mines_edges, test_nb_adjacent_mines_corners, test_nb_adjacent_mines_thin_boards


def nb_adjacent_mines(mines, x, y):
    hauteur = len(mines)
    largeur = len(mines[0])
    nb = 0
    for j in range(y - 1, y + 2):
        for i in range(x - 1, x + 2):
            if 0 <= i < largeur - 1 and 0 <= j < hauteur - 1 and (i, j) != (x, y):
                if mines[j][i]:
                    nb += 1
    return nb
