# description : is_finished parcourt les colonnes avec range(largeur - 1) : la dernière colonne n'est jamais regardée, ni pour une mine ouverte ni pour une case encore fermée.
# perd : is_finished
# lignes : test_is_finished_in_progress, test_is_finished_lost, test_is_finished_lost_first


def is_finished(mines, opened):
    hauteur, largeur = len(mines), len(mines[0])
    gagne = True
    for y in range(hauteur):
        for x in range(largeur - 1):
            if mines[y][x] and opened[y][x]:
                return 2
            if not mines[y][x] and not opened[y][x]:
                gagne = False
    return 1 if gagne else 0
