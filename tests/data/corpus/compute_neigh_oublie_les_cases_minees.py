# description : compute_neigh ne remplit que les cases sans mine : les cases minées gardent l'ancienne valeur de neigh au lieu du nombre de mines voisines.
# perd : compute_neigh


def compute_neigh(mines, neigh):
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            # pas besoin de compter sur une mine
            if not mines[y][x]:
                neigh[y][x] = nb_adjacent_mines(mines, x, y)
