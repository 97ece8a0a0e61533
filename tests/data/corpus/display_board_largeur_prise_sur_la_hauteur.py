# description : display_board parcourt les colonnes avec range(len(mines)), la hauteur, au lieu de range(len(mines[0])) : juste sur un plateau carré ; sur un plateau plus large que haut, les dernières colonnes manquent, et sur un plateau plus haut que large, IndexError.
# perd : display_board
# lignes : test_display_board_one_line_per_row


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        cases = []
        for x in range(len(mines)):
            if not opened[y][x]:
                cases.append("■")
            elif mines[y][x]:
                cases.append("★")
            elif neigh[y][x] == 0:
                cases.append("⋄")
            else:
                cases.append(str(neigh[y][x]))
        print(" ".join(cases))
