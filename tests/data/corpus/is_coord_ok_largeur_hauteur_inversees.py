# description : is_coord_ok compare x à la hauteur et y à la largeur : juste sur un plateau carré, faux dès que largeur et hauteur diffèrent.
# perd : is_coord_ok
# lignes : test_is_coord_ok_every_edge


def is_coord_ok(x, y, width, height):
    if x < 0 or y < 0:
        return False
    if x >= height or y >= width:
        return False
    return True
