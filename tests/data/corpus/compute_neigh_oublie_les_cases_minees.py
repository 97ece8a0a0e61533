# description : compute_neigh ne remplit que les cases sans mine : les cases minées gardent l'ancienne valeur de neigh au lieu du nombre de mines voisines.
# perd : compute_neigh
# lignes : test_compute_neigh
# retour : y compris celles qui contiennent une mine


def compute_neigh(mines, neigh):
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            # pas besoin de compter sur une mine
            if not mines[y][x]:
                neigh[y][x] = nb_adjacent_mines(mines, x, y)
