# description : variante correcte, display_board affiche case après case avec print(..., end=""), une espace avant chaque case sauf la première, puis termine chaque ligne par print().
# perd : aucune


def display_board(mines, neigh, opened):
    hauteur = len(mines)
    largeur = len(mines[0])
    y = 0
    while y < hauteur:
        x = 0
        while x < largeur:
            if x > 0:
                print(" ", end="")
            if opened[y][x] == False:  # noqa: E712
                print("■", end="")
            elif mines[y][x] == True:  # noqa: E712
                print("★", end="")
            elif neigh[y][x] == 0:
                print("⋄", end="")
            else:
                print(neigh[y][x], end="")
            x = x + 1
        print()
        y = y + 1
