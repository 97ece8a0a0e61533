# description : variante correcte, initialise_open ferme chaque ligne d'un coup par une affectation de tranche (ligne[:] = [False] * len(ligne)) : la liste est gardée.
# perd : aucune


def initialise_open(opened):
    for ligne in opened:
        ligne[:] = [False] * len(ligne)
