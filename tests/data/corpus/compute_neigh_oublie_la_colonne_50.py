# description : compute_neigh s'arrête une colonne trop tôt sur un plateau de 50 colonnes (une borne écrite 49 en dur) : juste sur tous les plateaux moins larges.
# perd : compute_neigh
# lignes : test_compute_neigh_large


def compute_neigh(mines, neigh):
    largeur = min(len(mines[0]), 49)
    for y in range(len(mines)):
        for x in range(largeur):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)
