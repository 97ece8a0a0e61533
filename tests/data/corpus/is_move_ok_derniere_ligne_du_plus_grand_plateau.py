# description : is_move_ok refuse toute la dernière ligne d'un plateau de 20 lignes (« y < hauteur - 1 » écrit pour le seul plus grand plateau) : juste sur tous les plateaux moins hauts.
# perd : is_move_ok
# lignes : test_is_move_ok_every_cell


def is_move_ok(opened, x, y):
    hauteur, largeur = len(opened), len(opened[0])
    limite = hauteur - 1 if hauteur == 20 else hauteur
    return 0 <= x < largeur and 0 <= y < limite and not opened[y][x]
