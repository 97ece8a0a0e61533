# description : is_finished exige que toutes les cases soient ouvertes pour gagner, mines comprises : une partie gagnée n'est jamais reconnue (renvoie 0).
# perd : is_finished
# lignes : test_is_finished_won


def is_finished(mines, opened):
    tout_ouvert = True
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if mines[y][x] and opened[y][x]:
                return 2
            if not opened[y][x]:
                tout_ouvert = False
    if tout_ouvert:
        return 1
    return 0
