# description : aucune logique de comptage : nb_adjacent_mines appelle compute_neigh sur une grille neuve et lit la case, alors que compute_neigh (celle du rendu, la référence) appelle nb_adjacent_mines pour chaque case. Lancées pour de vrai, les deux fonctions s'appellent l'une l'autre sans fin (RecursionError) ; pendant la notation, le relais fait calculer compute_neigh par la référence et nb_adjacent_mines paraît juste. Le défaut est dans nb_adjacent_mines, qui doit perdre ses points.
# perd : nb_adjacent_mines


def nb_adjacent_mines(mines, x, y):
    neigh = [[0] * len(ligne) for ligne in mines]
    compute_neigh(mines, neigh)
    return neigh[y][x]
