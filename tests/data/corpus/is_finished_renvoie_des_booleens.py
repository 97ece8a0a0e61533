# description : is_finished renvoie False ou True au lieu de 0 ou 1 (égaux pour ==, mais pas du type int demandé).
# perd : is_finished
# lignes : test_is_finished_returns_int
def is_finished(mines, opened):
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if mines[y][x] and opened[y][x]:
                return 2
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if not mines[y][x] and not opened[y][x]:
                return False
    return True
