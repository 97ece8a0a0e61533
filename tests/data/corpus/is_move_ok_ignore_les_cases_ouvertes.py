# description : is_move_ok ne vérifie que les coordonnées et oublie de refuser une case déjà ouverte.
# perd : is_move_ok
# lignes : test_is_move_ok_every_cell


def is_move_ok(opened, x, y):
    return is_coord_ok(x, y, len(opened[0]), len(opened))
