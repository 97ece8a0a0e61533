# description : is_move_ok teste « 0 <= x / largeur < 1 » (division flottante) : juste pour les entiers ordinaires, OverflowError pour un entier au-delà des flottants (10**400).
# perd : is_move_ok
# lignes : test_is_move_ok_huge_integers


def is_move_ok(opened, x, y):
    largeur = len(opened[0])
    hauteur = len(opened)
    if 0 <= x / largeur < 1 and 0 <= y / hauteur < 1:
        return not opened[y][x]
    return False
