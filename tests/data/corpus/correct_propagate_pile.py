# description : propagate_open_cells avec une pile (parcours en profondeur) partant de toutes les cases ouvertes.
# perd : aucune
def propagate_open_cells(mines, neigh, opened):
    h, w = len(mines), len(mines[0])
    stack = [(x, y) for y in range(h) for x in range(w) if opened[y][x]]
    while stack:
        x, y = stack.pop()
        if mines[y][x] or neigh[y][x] != 0:
            continue
        for yy in range(max(0, y - 1), min(h, y + 2)):
            for xx in range(max(0, x - 1), min(w, x + 2)):
                if not opened[yy][xx]:
                    opened[yy][xx] = True
                    stack.append((xx, yy))
