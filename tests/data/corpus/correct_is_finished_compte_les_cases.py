# description : is_finished compte les cases ouvertes et les compare au nombre de cases sans mine.
# perd : aucune
def is_finished(mines, opened):
    nb_mines = sum(row.count(True) for row in mines)
    nb_opened = 0
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if opened[y][x]:
                if mines[y][x]:
                    return 2
                nb_opened += 1
    if nb_opened == len(mines) * len(mines[0]) - nb_mines:
        return 1
    return 0
