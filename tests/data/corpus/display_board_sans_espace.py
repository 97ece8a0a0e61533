# description : display_board colle les cases d'une ligne sans l'espace qui doit les séparer.
# perd : display_board
# lignes : test_display_board_one_space_between_cells


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        ligne = ""
        for x in range(len(mines[0])):
            if not opened[y][x]:
                ligne += "■"
            elif mines[y][x]:
                ligne += "★"
            elif neigh[y][x] == 0:
                ligne += "⋄"
            else:
                ligne += str(neigh[y][x])
        print(ligne)
