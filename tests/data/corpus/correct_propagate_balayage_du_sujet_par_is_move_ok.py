# description : variante correcte, le balayage du sujet (« faire … tant que ») mot pour mot : tant qu'un passage sur tout le plateau ouvre une case, chaque case ouverte, sans mine et à 0 ouvre chacune de ses voisines pour laquelle is_move_ok dit « sur le plateau et fermée ». Plus de 150 000 appels à is_move_ok sur le grand plateau vide : aucun ne doit compter comme une boucle sans fin.
# perd : aucune


def propagate_open_cells(mines, neigh, opened):
    while True:
        nouvelle = False
        for y in range(len(opened)):
            for x in range(len(opened[0])):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for vy in (y - 1, y, y + 1):
                        for vx in (x - 1, x, x + 1):
                            if is_move_ok(opened, vx, vy):
                                opened[vy][vx] = True
                                nouvelle = True
        if not nouvelle:
            break
