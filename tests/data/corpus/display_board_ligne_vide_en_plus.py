# description : display_board ajoute un print() final « pour aérer » : une ligne vide de trop après le plateau.
# perd : display_board
# lignes : test_display_board_one_line_per_row
# retour : 1 ligne(s) vide(s) de trop à la fin


def display_board(mines, neigh, opened):
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
    print()
