# description : le balayage du sujet, mais le test d'une voisine lit la case avant de vérifier ses coordonnées (« opened[vy][vx] == False and is_coord_ok(...) ») : à gauche et en haut, l'indice -1 lit sans erreur l'autre bout de la liste (is_coord_ok refuse ensuite), à droite et en bas, opened[vy][largeur] lève IndexError dès qu'une case vide touche le bord.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_edges_and_corners
# retour : and s'arrête au premier False : testez d'abord is_coord_ok


def propagate_open_cells(mines, neigh, opened):
    largeur = len(opened[0])
    hauteur = len(opened)
    encore = True
    while encore:
        encore = False
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for vy in range(y - 1, y + 2):
                        for vx in range(x - 1, x + 2):
                            if opened[vy][vx] == False and is_coord_ok(vx, vy, largeur, hauteur):  # noqa: E712
                                opened[vy][vx] = True
                                encore = True
