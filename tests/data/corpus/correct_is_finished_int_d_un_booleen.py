# description : variante correcte, is_finished cherche d'abord une mine ouverte, puis renvoie int(...) d'un booléen (toutes les cases sans mine ouvertes) : 0 ou 1, de type int.
# perd : aucune


def is_finished(mines, opened):
    cases = [(m, o) for ligne_m, ligne_o in zip(mines, opened) for m, o in zip(ligne_m, ligne_o)]
    for m, o in cases:
        if m and o:
            return 2
    return int(all(o for m, o in cases if not m))
