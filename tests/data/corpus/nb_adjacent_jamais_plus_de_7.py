# description : nb_adjacent_mines ne compte jamais plus de 7 mines (une faute qui ne vit que sur les plateaux très minés : il faut une case dont les 8 voisines sont des mines pour la voir).
# perd : nb_adjacent_mines
# lignes : test_nb_adjacent_mines_interior


def nb_adjacent_mines(mines, x, y):
    hauteur, largeur = len(mines), len(mines[0])
    total = 0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx, dy) != (0, 0) and is_coord_ok(x + dx, y + dy, largeur, hauteur):
                if mines[y + dy][x + dx]:
                    total += 1
    return min(total, 7)
