# description : nb_adjacent_mines traite les quatre coins à part (trois voisines chacun, écrites une à une) et oublie, dans le coin en haut à droite, la voisine en diagonale : juste partout ailleurs, sur chaque bord, à l'intérieur et sur les plateaux d'une ligne ou d'une colonne. Un balayage fixe de chaque coin de chaque petit plateau la voit, quel que soit le tirage.
# perd : nb_adjacent_mines
# lignes : test_nb_adjacent_mines_corners


def nb_adjacent_mines(mines, x, y):
    hauteur = len(mines)
    largeur = len(mines[0])
    if largeur > 1 and hauteur > 1:
        # les quatre coins à part : trois voisines chacun
        voisines = None
        if x == 0 and y == 0:
            voisines = [(x + 1, y), (x, y + 1), (x + 1, y + 1)]
        elif x == largeur - 1 and y == 0:
            voisines = [(x - 1, y), (x, y + 1)]
        elif x == 0 and y == hauteur - 1:
            voisines = [(x, y - 1), (x + 1, y - 1), (x + 1, y)]
        elif x == largeur - 1 and y == hauteur - 1:
            voisines = [(x - 1, y - 1), (x, y - 1), (x - 1, y)]
        if voisines is not None:
            return sum(1 for (i, j) in voisines if mines[j][i])
    nb = 0
    for j in range(y - 1, y + 2):
        for i in range(x - 1, x + 2):
            if (i, j) != (x, y) and is_coord_ok(i, j, largeur, hauteur) and mines[j][i]:
                nb += 1
    return nb
