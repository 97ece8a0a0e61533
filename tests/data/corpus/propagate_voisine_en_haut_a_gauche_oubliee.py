# description : propagate_open_cells prend les voisines dans une liste de huit décalages écrite à la main, où (1, -1) est écrit deux fois et (-1, -1) manque : la voisine en haut à gauche d'une case vide ne s'ouvre que si une autre case vide l'atteint.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_every_direction

DECALAGES = [(1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]


def propagate_open_cells(mines, neigh, opened):
    hauteur, largeur = len(opened), len(opened[0])
    pile = [
        (x, y)
        for y in range(hauteur)
        for x in range(largeur)
        if opened[y][x] and not mines[y][x] and neigh[y][x] == 0
    ]
    while pile:
        x, y = pile.pop()
        for dx, dy in DECALAGES:
            i, j = x + dx, y + dy
            if 0 <= i < largeur and 0 <= j < hauteur and not opened[j][i]:
                opened[j][i] = True
                if not mines[j][i] and neigh[j][i] == 0:
                    pile.append((i, j))
