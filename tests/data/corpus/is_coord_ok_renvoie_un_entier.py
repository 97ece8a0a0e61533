# description : is_coord_ok renvoie 1 ou 0 au lieu de True ou False (le type bool est demandé).
# perd : is_coord_ok
# lignes : test_is_coord_ok_returns_bool
def is_coord_ok(x, y, width, height):
    if 0 <= x < width and 0 <= y < height:
        return 1
    return 0
