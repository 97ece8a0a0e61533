# description : display_board regarde le nombre de mines voisines avant de regarder s'il y a une mine : une mine ouverte que d'autres mines touchent s'affiche par son chiffre au lieu de ★ (une mine sans mine voisine s'affiche bien ★).
# perd : display_board
# lignes : test_display_board_open_mines
# retour : Une mine ouverte montre ★, même quand des mines la touchent


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        cases = []
        for x in range(len(mines[0])):
            if not opened[y][x]:
                cases.append("■")
            elif neigh[y][x] > 0:
                cases.append(str(neigh[y][x]))
            elif mines[y][x]:
                cases.append("★")
            else:
                cases.append("⋄")
        print(" ".join(cases))
