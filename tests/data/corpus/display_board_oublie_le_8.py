# description : display_board prend le symbole d'une case ouverte dans une liste qui s'arrête au 7 : une case entourée de 8 mines lève IndexError (une faute qui ne vit que sur les plateaux très minés).
# perd : display_board
# lignes : test_display_board_digits
# retour : une liste indexée par neigh[y][x] : neigh va de 0 à 8

SYMBOLES = ["⋄", "1", "2", "3", "4", "5", "6", "7"]


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        cases = []
        for x in range(len(mines[0])):
            if not opened[y][x]:
                cases.append("■")
            elif mines[y][x]:
                cases.append("★")
            else:
                cases.append(SYMBOLES[neigh[y][x]])
        print(" ".join(cases))
