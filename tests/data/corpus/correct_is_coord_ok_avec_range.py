# description : variante correcte, is_coord_ok écrite avec des tests d'appartenance x in range(width) et y in range(height).
# perd : aucune


def is_coord_ok(x, y, width, height):
    return x in range(width) and y in range(height)
