# description : play_turn dessine elle-même les plateaux de plus de 20 colonnes, avec une règle de numéros de colonnes au-dessus (« pour qu'on s'y retrouve »), et n'appelle display_board que sur les petits plateaux : le tour ne passe plus par display_board sur un grand plateau.
# perd : play_turn
# lignes : test_play_turn_displays_the_board


def play_turn(mines, neigh, opened):
    largeur = len(opened[0])
    if largeur > 20:
        print("  " + "".join(str(x % 10) for x in range(largeur)))
        for y in range(len(opened)):
            ligne = ""
            for x in range(largeur):
                if not opened[y][x]:
                    ligne += "■"
                elif mines[y][x]:
                    ligne += "★"
                elif neigh[y][x] == 0:
                    ligne += "⋄"
                else:
                    ligne += str(neigh[y][x])
            print(f"{y % 10} {ligne}")
    else:
        display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[y][x] = True
    propagate_open_cells(mines, neigh, opened)
