# description : variante correcte, propagate_open_cells en style fonctionnel : des ensembles de cases (la frontière des cases vides ouvertes, leurs voisines calculées par une compréhension), jusqu'à ce que la frontière soit vide.
# perd : aucune


def voisines(x, y, largeur, hauteur):
    return {
        (i, j)
        for j in range(y - 1, y + 2)
        for i in range(x - 1, x + 2)
        if 0 <= i < largeur and 0 <= j < hauteur and (i, j) != (x, y)
    }


def propagate_open_cells(mines, neigh, opened):
    hauteur, largeur = len(opened), len(opened[0])

    def vide(case):
        x, y = case
        return opened[y][x] and not mines[y][x] and neigh[y][x] == 0

    frontiere = set(filter(vide, ((x, y) for y in range(hauteur) for x in range(largeur))))
    while frontiere:
        nouvelles = {
            (i, j)
            for x, y in frontiere
            for i, j in voisines(x, y, largeur, hauteur)
            if not opened[j][i]
        }
        for i, j in nouvelles:
            opened[j][i] = True
        frontiere = set(filter(vide, nouvelles))
