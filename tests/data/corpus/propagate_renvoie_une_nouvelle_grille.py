# description : propagate_open_cells calcule l'inondation dans une copie qu'elle renvoie : opened, la grille reçue, ne change pas.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_in_place
def propagate_open_cells(mines, neigh, opened):
    h, w = len(mines), len(mines[0])
    result = [row[:] for row in opened]
    changed = True
    while changed:
        changed = False
        for y in range(h):
            for x in range(w):
                if result[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for yy in range(max(0, y - 1), min(h, y + 2)):
                        for xx in range(max(0, x - 1), min(w, x + 2)):
                            if not result[yy][xx]:
                                result[yy][xx] = True
                                changed = True
    return result
