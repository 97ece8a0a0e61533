# description : variante correcte, is_coord_ok écrite avec des if qui renvoient False dès qu'une coordonnée sort, puis True.
# perd : aucune


def is_coord_ok(x, y, width, height):
    if x < 0 or y < 0:
        return False
    if x >= width:
        return False
    if y >= height:
        return False
    return True
