# description : propagate_open_cells inonde en largeur à partir de la première case vide ouverte qu'elle trouve, et d'elle seule : une autre zone vide déjà ouverte ailleurs n'est pas inondée.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_every_source

from collections import deque


def propagate_open_cells(mines, neigh, opened):
    hauteur, largeur = len(opened), len(opened[0])
    depart = next(
        (
            (x, y)
            for y in range(hauteur)
            for x in range(largeur)
            if opened[y][x] and not mines[y][x] and neigh[y][x] == 0
        ),
        None,
    )
    if depart is None:
        return
    file = deque([depart])
    while file:
        x, y = file.popleft()
        for j in range(max(0, y - 1), min(hauteur, y + 2)):
            for i in range(max(0, x - 1), min(largeur, x + 2)):
                if not opened[j][i]:
                    opened[j][i] = True
                    if not mines[j][i] and neigh[j][i] == 0:
                        file.append((i, j))
