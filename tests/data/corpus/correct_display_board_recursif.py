# description : variante correcte, display_board récursive : elle affiche la première ligne du plateau, puis se rappelle sur les lignes suivantes (des tranches des trois grilles), jusqu'à ce qu'il n'en reste plus.
# perd : aucune


def display_board(mines, neigh, opened):
    if not mines:
        return
    cases = []
    for mine, voisines, ouverte in zip(mines[0], neigh[0], opened[0]):
        if not ouverte:
            cases.append("■")
        elif mine:
            cases.append("★")
        else:
            cases.append(str(voisines) if voisines else "⋄")
    print(" ".join(cases))
    display_board(mines[1:], neigh[1:], opened[1:])
