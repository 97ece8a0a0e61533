# description : is_finished récrit à chaque ligne la variable qui dit si toutes les cases sans mine sont ouvertes (gagne = all(...) au lieu de gagne = gagne and all(...)) : seule la dernière ligne compte, et une partie en cours dont la case fermée est plus haut est dite gagnée. La défaite est bien cherchée partout, d'abord.
# perd : is_finished
# lignes : test_is_finished_in_progress


def is_finished(mines, opened):
    hauteur, largeur = len(mines), len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            if mines[y][x] and opened[y][x]:
                return 2
    gagne = True
    for y in range(hauteur):
        gagne = all(opened[y][x] or mines[y][x] for x in range(largeur))
    return 1 if gagne else 0
