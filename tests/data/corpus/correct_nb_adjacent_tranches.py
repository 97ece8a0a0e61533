# description : variante correcte, nb_adjacent_mines compte les mines du carré 3×3 par tranches bornées avec max(0, …) puis retire la case elle-même.
# perd : aucune


def nb_adjacent_mines(mines, x, y):
    total = 0
    for ligne in mines[max(0, y - 1):y + 2]:
        total += ligne[max(0, x - 1):x + 2].count(True)
    if mines[y][x]:
        total -= 1
    return total
