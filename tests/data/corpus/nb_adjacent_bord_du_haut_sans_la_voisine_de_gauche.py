# description : nb_adjacent_mines traite à part le bord du haut (hors des coins), avec ses cinq voisines écrites une à une, et y oublie la voisine de gauche : juste dans les coins, à l'intérieur, sur les autres bords et sur les plateaux d'une ligne ou d'une colonne.
# perd : nb_adjacent_mines
# lignes : test_nb_adjacent_mines_edges


def nb_adjacent_mines(mines, x, y):
    hauteur = len(mines)
    largeur = len(mines[0])
    if y == 0 and 0 < x < largeur - 1 and hauteur > 1:
        # bord du haut : la ligne du dessous et les deux côtés
        voisines = [(x + 1, 0), (x - 1, 1), (x, 1), (x + 1, 1)]
        return sum(1 for (i, j) in voisines if mines[j][i])
    nb = 0
    for j in range(y - 1, y + 2):
        for i in range(x - 1, x + 2):
            if (i, j) != (x, y) and is_coord_ok(i, j, largeur, hauteur) and mines[j][i]:
                nb += 1
    return nb
