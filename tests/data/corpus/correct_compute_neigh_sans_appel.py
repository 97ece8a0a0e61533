# description : compute_neigh compte les voisines elle-même, dans une expression génératrice, sans appeler nb_adjacent_mines.
# perd : aucune
def compute_neigh(mines, neigh):
    h, w = len(mines), len(mines[0])
    for y in range(h):
        for x in range(w):
            neigh[y][x] = sum(
                1
                for yy in range(max(0, y - 1), min(h, y + 2))
                for xx in range(max(0, x - 1), min(w, x + 2))
                if (xx, yy) != (x, y) and mines[yy][xx]
            )
