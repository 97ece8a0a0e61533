# description : nb_adjacent_mines avec try/except IndexError pour les bords droit et bas, et un test explicite des indices négatifs.
# perd : aucune
def nb_adjacent_mines(mines, x, y):
    total = 0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx, dy) == (0, 0) or x + dx < 0 or y + dy < 0:
                continue
            try:
                total += mines[y + dy][x + dx]
            except IndexError:
                pass
    return total
