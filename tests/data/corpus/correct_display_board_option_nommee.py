# description : variante correcte, display_board a une option nommée à elle (reglette=False, pour afficher les numéros des colonnes dans son jeu) et un dictionnaire des symboles : appelée avec les trois arguments du contrat, elle affiche exactement le plateau.
# perd : aucune

SYMBOLES = {0: "⋄", 1: "1", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8"}


def symbole(mine, voisines, ouverte):
    if not ouverte:
        return "■"
    return "★" if mine else SYMBOLES[voisines]


def display_board(mines, neigh, opened, *, reglette=False):
    if reglette:
        print(" ".join(str(x % 10) for x in range(len(mines[0]))))
    for ligne_m, ligne_n, ligne_o in zip(mines, neigh, opened):
        print(" ".join(map(symbole, ligne_m, ligne_n, ligne_o)))
