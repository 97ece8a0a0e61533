# description : is_finished teste la victoire avant la défaite : si toutes les cases sans mine sont ouvertes et qu'une mine l'est aussi, elle renvoie 1 au lieu de 2.
# perd : is_finished
# lignes : test_is_finished_lost_first


def is_finished(mines, opened):
    hauteur = len(mines)
    largeur = len(mines[0])
    gagne = True
    for y in range(hauteur):
        for x in range(largeur):
            if not mines[y][x] and not opened[y][x]:
                gagne = False
    if gagne:
        return 1
    for y in range(hauteur):
        for x in range(largeur):
            if mines[y][x] and opened[y][x]:
                return 2
    return 0
