# description : variante correcte, compute_neigh remplit chaque ligne d'un coup par une affectation de tranche (neigh[y][:] = [...]) : la liste de la ligne est gardée, seules ses cases changent.
# perd : aucune


def compute_neigh(mines, neigh):
    largeur = len(mines[0])
    for y, ligne in enumerate(neigh):
        ligne[:] = [nb_adjacent_mines(mines, x, y) for x in range(largeur)]
