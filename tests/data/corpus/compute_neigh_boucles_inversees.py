# description : compute_neigh fait varier x sur le nombre de lignes et y sur le nombre de colonnes : juste sur un plateau carré, IndexError ou cases oubliées sinon.
# perd : compute_neigh
# lignes : test_compute_neigh, test_compute_neigh_dirty_grid, test_compute_neigh_keeps_rows, test_compute_neigh_large


def compute_neigh(mines, neigh):
    for x in range(len(mines)):
        for y in range(len(mines[0])):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)
