# description : display_board aligne les cases sur deux caractères quand le plateau a plus de 10 colonnes (« pour que les colonnes tombent sous des numéros à deux chiffres ») : sur un grand plateau, deux espaces entre les cases et une en tête de ligne ; les petits plateaux s'affichent bien.
# perd : display_board
# lignes : test_display_board_one_space_between_cells


def display_board(mines, neigh, opened):
    largeur = len(mines[0])
    for y in range(len(mines)):
        cases = []
        for x in range(largeur):
            if not opened[y][x]:
                cases.append("■")
            elif mines[y][x]:
                cases.append("★")
            elif neigh[y][x] == 0:
                cases.append("⋄")
            else:
                cases.append(str(neigh[y][x]))
        if largeur > 10:
            print("".join(f"{case:>3}" for case in cases))
        else:
            print(" ".join(cases))
