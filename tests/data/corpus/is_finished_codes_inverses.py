# description : is_finished inverse les codes de retour : 1 pour une partie perdue et 2 pour une partie gagnée.
# perd : is_finished
# lignes : test_is_finished_won, test_is_finished_lost, test_is_finished_lost_first


def is_finished(mines, opened):
    gagne = True
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if mines[y][x] and opened[y][x]:
                return 1
            if not mines[y][x] and not opened[y][x]:
                gagne = False
    if gagne:
        return 2
    return 0
