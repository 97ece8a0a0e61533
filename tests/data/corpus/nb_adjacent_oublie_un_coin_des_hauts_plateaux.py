# description : nb_adjacent_mines oublie la voisine en bas à droite quand le plateau a 10 lignes ou plus : juste sur tous les petits plateaux.
# perd : nb_adjacent_mines
# lignes : test_nb_adjacent_mines_interior, test_nb_adjacent_mines_edges, test_nb_adjacent_mines_corners


def nb_adjacent_mines(mines, x, y):
    hauteur, largeur = len(mines), len(mines[0])
    total = 0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx, dy) == (0, 0) or (hauteur >= 10 and (dx, dy) == (1, 1)):
                continue
            if 0 <= x + dx < largeur and 0 <= y + dy < hauteur and mines[y + dy][x + dx]:
                total += 1
    return total
