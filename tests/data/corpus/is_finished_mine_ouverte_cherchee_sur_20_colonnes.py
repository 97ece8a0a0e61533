# description : is_finished cherche une mine ouverte avec range(MAX_HEIGHT) pour les colonnes (le reste est juste) : sur un plateau de plus de 20 colonnes, une mine ouverte au-delà de la 20e n'est pas vue, et une partie perdue est dite gagnée.
# perd : is_finished
# lignes : test_is_finished_lost, test_is_finished_lost_first


def is_finished(mines: list[list[bool]], opened: list[list[bool]]) -> int:
    height = len(mines)
    width = len(mines[0])
    # Perdu : une mine est ouverte.
    for y in range(MAX_HEIGHT):
        for x in range(MAX_HEIGHT):
            if is_coord_ok(x, y, width, height) and mines[y][x] and opened[y][x]:
                return 2
    # Pas gagné : une case sans mine est encore fermée.
    for y in range(MAX_HEIGHT):
        for x in range(MAX_WIDTH):
            if is_coord_ok(x, y, width, height) and not mines[y][x] and not opened[y][x]:
                return 0
    return 1
