# description : propagate_open_cells ouvre chaque voisine sans vérifier les bords et rattrape l'IndexError des voisines au-delà du dernier bord ; mais en Python l'indice -1 ne lève pas d'erreur : une case vide de la première colonne (ou de la première ligne) ouvre des cases de la dernière, de l'autre côté du plateau.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_edges_and_corners
# retour : un indice négatif compte depuis la fin de la liste


def propagate_open_cells(mines, neigh, opened):
    change = True
    while change:
        change = False
        for y in range(len(opened)):
            for x in range(len(opened[0])):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for dy in (-1, 0, 1):
                        for dx in (-1, 0, 1):
                            try:
                                if not opened[y + dy][x + dx]:
                                    opened[y + dy][x + dx] = True
                                    change = True
                            except IndexError:
                                pass
