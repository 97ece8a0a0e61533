# description : initialise_open réaffecte le paramètre (opened = nouvelle grille de False) au lieu de fermer les cases de la grille reçue : rien ne change pour l'appelant.
# perd : initialise_open
# lignes : test_initialise_open_closes_every_cell


def initialise_open(opened):
    opened = [[False] * len(opened[0]) for _ in range(len(opened))]
