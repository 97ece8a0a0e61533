# description : is_finished renvoie 0 dès la première case sans mine encore fermée, avant d'avoir cherché une mine ouverte plus loin : une partie perdue dont la mine ouverte vient après une case fermée est dite « en cours ».
# perd : is_finished
# lignes : test_is_finished_lost


def is_finished(mines, opened):
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if mines[y][x] and opened[y][x]:
                return 2
            if not mines[y][x] and not opened[y][x]:
                return 0
    return 1
