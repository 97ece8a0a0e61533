# description : display_board affiche d'abord une ligne de numéros de colonnes (le chiffre des unités), « pour s'y retrouver » : une ligne de plus que le plateau, que le contrat ne permet qu'en option nommée.
# perd : display_board
# lignes : test_display_board_one_line_per_row


def display_board(mines, neigh, opened):
    print(" ".join(str(x % 10) for x in range(len(mines[0]))))
    for y in range(len(mines)):
        cases = []
        for x in range(len(mines[0])):
            if not opened[y][x]:
                cases.append("■")
            elif mines[y][x]:
                cases.append("★")
            elif neigh[y][x] == 0:
                cases.append("⋄")
            else:
                cases.append(str(neigh[y][x]))
        print(" ".join(cases))
