# description : is_finished modifie la grille opened qu'elle doit seulement lire : quand la partie est perdue, elle ouvre toutes les mines « pour les montrer » (les codes renvoyés sont justes).
# perd : is_finished


def is_finished(mines, opened):
    hauteur = len(mines)
    largeur = len(mines[0])
    perdu = False
    gagne = True
    for y in range(hauteur):
        for x in range(largeur):
            if mines[y][x] and opened[y][x]:
                perdu = True
            if not mines[y][x] and not opened[y][x]:
                gagne = False
    if perdu:
        # on montre toutes les mines au joueur
        for y in range(hauteur):
            for x in range(largeur):
                if mines[y][x]:
                    opened[y][x] = True
        return 2
    if gagne:
        return 1
    return 0
