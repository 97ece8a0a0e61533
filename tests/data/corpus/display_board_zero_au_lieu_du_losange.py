# description : display_board affiche le chiffre 0 pour une case ouverte sans mine voisine au lieu du symbole ⋄.
# perd : display_board
# lignes : test_display_board_empty_cells


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        cases = []
        for x in range(len(mines[0])):
            if not opened[y][x]:
                cases.append("■")
            elif mines[y][x]:
                cases.append("★")
            else:
                cases.append(str(neigh[y][x]))
        print(" ".join(cases))
