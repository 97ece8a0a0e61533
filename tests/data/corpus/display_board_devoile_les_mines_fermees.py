# description : display_board regarde d'abord s'il y a une mine, puis si la case est ouverte : une mine fermée s'affiche ★ au lieu de ■ (l'affichage dévoile les mines).
# perd : display_board
# lignes : test_display_board_closed_cells
# retour : Une mine fermée reste cachée : testez opened[y][x] avant mines[y][x]


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        ligne = []
        for x in range(len(mines[0])):
            if mines[y][x]:
                ligne.append("★")
            elif not opened[y][x]:
                ligne.append("■")
            elif neigh[y][x] == 0:
                ligne.append("⋄")
            else:
                ligne.append(str(neigh[y][x]))
        print(" ".join(ligne))
