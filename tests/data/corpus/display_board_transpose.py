# description : display_board affiche une ligne de texte par colonne (boucle sur x à l'extérieur, y à l'intérieur) : le plateau est transposé.
# perd : display_board
# lignes : test_display_board_one_line_per_row


def display_board(mines, neigh, opened):
    for x in range(len(mines[0])):
        cases = []
        for y in range(len(mines)):
            if not opened[y][x]:
                cases.append("■")
            elif mines[y][x]:
                cases.append("★")
            elif neigh[y][x] == 0:
                cases.append("⋄")
            else:
                cases.append(str(neigh[y][x]))
        print(" ".join(cases))
