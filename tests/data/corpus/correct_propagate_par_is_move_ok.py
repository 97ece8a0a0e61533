# description : variante correcte, propagate_open_cells cherche d'abord toute la région à ouvrir (une pile de cases vides), en demandant à is_move_ok, pour chaque voisine, si elle est sur le plateau et encore fermée dans la grille reçue, puis ouvre la région d'un coup (9 000 appels à is_move_ok sur le grand plateau vide).
# perd : aucune


def propagate_open_cells(mines, neigh, opened):
    hauteur, largeur = len(opened), len(opened[0])
    pile = [
        (x, y)
        for y in range(hauteur)
        for x in range(largeur)
        if opened[y][x] and not mines[y][x] and neigh[y][x] == 0
    ]
    region = set()
    while pile:
        x, y = pile.pop()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                i, j = x + dx, y + dy
                if is_move_ok(opened, i, j) and (i, j) not in region:
                    region.add((i, j))
                    if not mines[j][i] and neigh[j][i] == 0:
                        pile.append((i, j))
    for i, j in region:
        opened[j][i] = True
