# description : variante correcte, propagate_open_cells vide une pile de cases vides ouvertes et demande à is_move_ok, pour chaque voisine, si elle est sur le plateau et encore fermée (9 000 appels à is_move_ok sur le grand plateau vide).
# perd : aucune


def propagate_open_cells(mines, neigh, opened):
    hauteur, largeur = len(opened), len(opened[0])
    pile = [
        (x, y)
        for y in range(hauteur)
        for x in range(largeur)
        if opened[y][x] and not mines[y][x] and neigh[y][x] == 0
    ]
    while pile:
        x, y = pile.pop()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if is_move_ok(opened, x + dx, y + dy):
                    opened[y + dy][x + dx] = True
                    if not mines[y + dy][x + dx] and neigh[y + dy][x + dx] == 0:
                        pile.append((x + dx, y + dy))
