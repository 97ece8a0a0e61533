# description : compute_neigh accapare la mémoire : elle ajoute en boucle des chaînes de 10 Mo à une liste jusqu'à MemoryError avant d'avoir rempli neigh.
# perd : compute_neigh


def compute_neigh(mines, neigh):
    brouillon = []
    while True:
        brouillon.append("0" * 10_000_000)
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)
