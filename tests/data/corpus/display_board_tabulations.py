# description : display_board sépare les cases par des tabulations (print(*cases, sep="\t")) : à l'écran cela ressemble à des espaces, mais le contrat demande une espace entre deux cases.
# perd : display_board
# lignes : test_display_board_one_space_between_cells
# retour : sépare les cases par des tabulations
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
        print(*cases, sep="\t")
