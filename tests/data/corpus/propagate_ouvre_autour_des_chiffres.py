# description : propagate_open_cells oublie la condition neigh == 0 : elle ouvre aussi les voisines des cases numérotées, donc tout le plateau y compris les mines.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_every_direction, test_propagate_open_cells_edges_and_corners, test_propagate_open_cells_until_nothing_changes, test_propagate_open_cells_every_source, test_propagate_open_cells_stops_at_numbers, test_propagate_open_cells_other_open_cells


def propagate_open_cells(mines, neigh, opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    changement = True
    while changement:
        changement = False
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] and not mines[y][x]:
                    for j in range(y - 1, y + 2):
                        for i in range(x - 1, x + 2):
                            if is_coord_ok(i, j, largeur, hauteur) and not opened[j][i]:
                                opened[j][i] = True
                                changement = True
