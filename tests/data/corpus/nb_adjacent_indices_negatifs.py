# description : nb_adjacent_mines remplace le test des bords par un try/except IndexError : les indices -1 ne lèvent pas d'erreur et comptent les cases du bord opposé du plateau.
# perd : nb_adjacent_mines
# lignes : test_nb_adjacent_mines_corners, test_nb_adjacent_mines_edges, test_nb_adjacent_mines_thin_boards


def nb_adjacent_mines(mines, x, y):
    nb = 0
    for dy in [-1, 0, 1]:
        for dx in [-1, 0, 1]:
            if dx == 0 and dy == 0:
                continue
            try:
                if mines[y + dy][x + dx]:
                    nb += 1
            except IndexError:
                # la case est en dehors du plateau, on l'ignore
                pass
    return nb
