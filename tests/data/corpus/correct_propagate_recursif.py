# description : variante correcte, propagate_open_cells en inondation récursive (une fonction auxiliaire ouvre les voisines et se rappelle sur chaque nouvelle case vide ; profondeur au plus 1000).
# perd : aucune


def ouvrir_autour(mines, neigh, opened, x, y):
    for j in range(y - 1, y + 2):
        for i in range(x - 1, x + 2):
            if 0 <= j < len(opened) and 0 <= i < len(opened[0]) and not opened[j][i]:
                opened[j][i] = True
                if not mines[j][i] and neigh[j][i] == 0:
                    ouvrir_autour(mines, neigh, opened, i, j)


def propagate_open_cells(mines, neigh, opened):
    for y in range(len(opened)):
        for x in range(len(opened[0])):
            if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                ouvrir_autour(mines, neigh, opened, x, y)
