# description : le balayage du sujet, mais l'indicateur « une case a été ouverte » est remis à False au début de chaque ligne au lieu de chaque passe : la boucle s'arrête quand la dernière ligne n'a rien ouvert à la dernière passe, même si des lignes plus haut viennent de s'ouvrir. Une inondation qui doit remonter une colonne reste en chemin.
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_until_nothing_changes


def propagate_open_cells(mines, neigh, opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    nouvelle = True
    while nouvelle:
        for y in range(hauteur):
            nouvelle = False
            for x in range(largeur):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for vy in range(y - 1, y + 2):
                        for vx in range(x - 1, x + 2):
                            if is_coord_ok(vx, vy, largeur, hauteur) and not opened[vy][vx]:
                                opened[vy][vx] = True
                                nouvelle = True
