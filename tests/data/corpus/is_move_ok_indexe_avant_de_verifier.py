# description : is_move_ok lit opened[y][x] avant de vérifier les coordonnées : IndexError pour une case hors du plateau au lieu de renvoyer False.
# perd : is_move_ok
# lignes : test_is_move_ok_beyond_the_board


def is_move_ok(opened, x, y):
    if opened[y][x]:
        return False
    return is_coord_ok(x, y, len(opened[0]), len(opened))
