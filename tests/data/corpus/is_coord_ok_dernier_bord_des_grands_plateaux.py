# description : is_coord_ok refuse la dernière colonne dès que le plateau a 7 colonnes ou plus (une faute qui ne vit que dans une partie des tailles) : les petits plateaux tirés au hasard ne la voient pas, le balayage de chaque bord de chaque plateau, si.
# perd : is_coord_ok
# lignes : test_is_coord_ok_every_edge


def is_coord_ok(x, y, width, height):
    if width >= 7 and x == width - 1:
        return False
    return 0 <= x < width and 0 <= y < height
