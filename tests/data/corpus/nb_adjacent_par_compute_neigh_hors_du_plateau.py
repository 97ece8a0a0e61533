# description : compute_neigh appelle nb_adjacent_mines pour une ligne et une colonne de trop (range(hauteur + 1), range(largeur + 1)) et range le résultat quand la case existe : la case hors du plateau n'est pas dans le contrat de nb_adjacent_mines, le relais est refusé et compute_neigh perd ses points.
# perd : compute_neigh


def compute_neigh(mines, neigh):
    for y in range(len(mines) + 1):
        for x in range(len(mines[0]) + 1):
            nombre = nb_adjacent_mines(mines, x, y)
            if y < len(mines) and x < len(mines[0]):
                neigh[y][x] = nombre
