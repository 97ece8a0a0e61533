# description : variante correcte, propagate_open_cells en parcours en largeur avec une file collections.deque partant de toutes les cases vides déjà ouvertes.
# perd : aucune
from collections import deque


def propagate_open_cells(mines, neigh, opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    file = deque()
    for y in range(hauteur):
        for x in range(largeur):
            if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                file.append((x, y))
    while file:
        x, y = file.popleft()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if is_coord_ok(nx, ny, largeur, hauteur) and not opened[ny][nx]:
                    opened[ny][nx] = True
                    if not mines[ny][nx] and neigh[ny][nx] == 0:
                        file.append((nx, ny))
