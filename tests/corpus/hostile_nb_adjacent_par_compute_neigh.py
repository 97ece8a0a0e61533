# description : aucune logique de comptage : nb_adjacent_mines appelle compute_neigh sur une grille neuve et lit la case, alors que compute_neigh (celle du rendu, la référence) appelle nb_adjacent_mines pour chaque case. Lancées pour de vrai, les deux fonctions s'appellent l'une l'autre sans fin (RecursionError) ; pendant la notation, le relais fait calculer compute_neigh par la référence et nb_adjacent_mines paraît juste. Le défaut est dans nb_adjacent_mines, qui doit perdre ses points.
# perd : nb_adjacent_mines
# faille : le juge relaie vers la référence un appel qui boucle sur la fonction notée (nb_adjacent_mines → compute_neigh → nb_adjacent_mines) : la fonction notée emprunte le calcul de la référence ; aucun cycle d'appels entre les fonctions du rendu n'est détecté


def nb_adjacent_mines(mines, x, y):
    neigh = [[0] * len(ligne) for ligne in mines]
    compute_neigh(mines, neigh)
    return neigh[y][x]
