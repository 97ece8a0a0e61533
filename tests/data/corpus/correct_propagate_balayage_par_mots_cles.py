# description : variante correcte, le balayage du sujet (« faire … tant que ») dont chaque appel aux fonctions du contrat nomme ses arguments : is_coord_ok(x=..., y=..., width=..., height=...) et is_move_ok(opened=..., x=..., y=...), des dizaines de milliers de fois sur le grand plateau vide. Appeler par le nom des paramètres ou par position, c’est pareil.
# perd : aucune


def propagate_open_cells(mines, neigh, opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        nouvelle = False
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for vy in (y - 1, y, y + 1):
                        for vx in (x - 1, x, x + 1):
                            sur_le_plateau = is_coord_ok(x=vx, y=vy, width=largeur, height=hauteur)
                            if sur_le_plateau and is_move_ok(opened=opened, x=vx, y=vy):
                                opened[vy][vx] = True
                                nouvelle = True
        if not nouvelle:
            break
