# description : nb_adjacent_mines prend len(mines) pour la largeur et len(mines[0]) pour la hauteur : juste sur un plateau carré seulement (IndexError ou voisines oubliées sinon).
# perd : nb_adjacent_mines


def nb_adjacent_mines(mines, x, y):
    largeur = len(mines)
    hauteur = len(mines[0])
    nb = 0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            i = x + dx
            j = y + dy
            if (dx, dy) != (0, 0) and is_coord_ok(i, j, largeur, hauteur):
                if mines[j][i]:
                    nb += 1
    return nb
