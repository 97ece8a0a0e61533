# description : display_board écrit une boucle while sur y sans jamais faire y += 1 : la première ligne du plateau est affichée à l'infini (déluge de sortie).
# perd : display_board


def display_board(mines, neigh, opened):
    y = 0
    while y < len(mines):
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
