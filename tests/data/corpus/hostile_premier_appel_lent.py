# description : variante correcte et lente au démarrage : propagate_open_cells calcule pendant environ 3 s (une boucle de calcul inutile) à son premier appel seulement, puis inonde correctement ; c'est sous la limite de 5 s de calcul par appel, même si la machine est chargée : rien n'est perdu.
# perd : aucune
import time

_premier = [True]


def _calculer_longtemps(secondes):
    fin = time.process_time() + secondes
    n = 0
    while time.process_time() < fin:
        n += 1
    return n


def propagate_open_cells(mines, neigh, opened):
    if _premier[0]:
        _premier[0] = False
        _calculer_longtemps(3.0)
    height, width = len(mines), len(mines[0])
    changed = True
    while changed:
        changed = False
        for y in range(height):
            for x in range(width):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for dy in (-1, 0, 1):
                        for dx in (-1, 0, 1):
                            nx, ny = x + dx, y + dy
                            if 0 <= nx < width and 0 <= ny < height and not opened[ny][nx]:
                                opened[ny][nx] = True
                                changed = True
