# description : is_coord_ok compare avec <= au lieu de < : la colonne x = width et la ligne y = height, hors du plateau, sont acceptées.
# perd : is_coord_ok
# lignes : test_is_coord_ok_every_edge
# retour : = largeur : les colonnes vont de 0 à


def is_coord_ok(x, y, width, height):
    # x va de 0 à width et y de 0 à height
    return 0 <= x <= width and 0 <= y <= height
