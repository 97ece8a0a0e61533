# description : compute_neigh ajoute le nombre de mines voisines à ce que neigh contenait (neigh[y][x] += …) au lieu de le remplacer : juste quand neigh arrive remplie de 0, comme dans main, faux sur une grille qui contient déjà des nombres.
# perd : compute_neigh
# lignes : test_compute_neigh_dirty_grid


def compute_neigh(mines, neigh):
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            neigh[y][x] += nb_adjacent_mines(mines, x, y)
