# description : variante correcte, display_board construit la liste des symboles d'une ligne et l'affiche par print(*symboles) (print sépare ses arguments par une espace).
# perd : aucune


def symbole(mines, neigh, opened, x, y):
    if not opened[y][x]:
        return "■"
    if mines[y][x]:
        return "★"
    if neigh[y][x] == 0:
        return "⋄"
    return neigh[y][x]


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        print(*[symbole(mines, neigh, opened, x, y) for x in range(len(mines[0]))])
