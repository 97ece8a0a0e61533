# description : compute_neigh remplace chaque ligne de neigh par une liste neuve (neigh[y] = [...]) : les nombres sont justes, mais le contrat interdit de remplacer une ligne (qui garde la ligne d'avant ne la voit pas changer).
# perd : compute_neigh
# lignes : test_compute_neigh_keeps_rows


def compute_neigh(mines, neigh):
    largeur = len(mines[0])
    for y in range(len(mines)):
        neigh[y] = [nb_adjacent_mines(mines, x, y) for x in range(largeur)]
