# description : display_board écrit chaque case suivie d'une espace (print(..., end=" ")) : les espaces en fin de ligne sont permises par le contrat.
# perd : aucune
def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if not opened[y][x]:
                print("■", end=" ")
            elif mines[y][x]:
                print("★", end=" ")
            elif neigh[y][x] == 0:
                print("⋄", end=" ")
            else:
                print(neigh[y][x], end=" ")
        print()
