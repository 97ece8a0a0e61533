# description : variante correcte, compute_neigh et display_board écrites avec des listes en compréhension (compute_neigh remplit chaque ligne en place par affectation de tranche).
# perd : aucune


def symbole(mine, nombre, ouverte):
    if not ouverte:
        return "■"
    if mine:
        return "★"
    return "⋄" if nombre == 0 else str(nombre)


def compute_neigh(mines, neigh):
    for y, ligne in enumerate(neigh):
        ligne[:] = [nb_adjacent_mines(mines, x, y) for x in range(len(mines[0]))]


def display_board(mines, neigh, opened):
    for m, n, o in zip(mines, neigh, opened):
        print(" ".join([symbole(m[x], n[x], o[x]) for x in range(len(m))]))
