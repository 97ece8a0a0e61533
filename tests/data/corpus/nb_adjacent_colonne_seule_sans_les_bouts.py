# description : nb_adjacent_mines traite à part le plateau d'une seule colonne (seules les cases du dessus et du dessous comptent), mais n'y vérifie pas les bouts : en haut, mines[-1][0] lit la dernière case (le tour de la liste) ; en bas, IndexError. Juste sur tous les autres plateaux.
# perd : nb_adjacent_mines
# lignes : test_nb_adjacent_mines_thin_boards


def nb_adjacent_mines(mines, x, y):
    hauteur = len(mines)
    largeur = len(mines[0])
    if largeur == 1:
        # une seule colonne : au-dessus et au-dessous
        return mines[y - 1][0] + mines[y + 1][0] if hauteur > 1 else 0
    nb = 0
    for j in range(y - 1, y + 2):
        for i in range(x - 1, x + 2):
            if (i, j) != (x, y) and is_coord_ok(i, j, largeur, hauteur) and mines[j][i]:
                nb += 1
    return nb
