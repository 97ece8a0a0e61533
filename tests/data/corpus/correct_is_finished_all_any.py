# description : variante correcte, is_finished écrite avec any() pour la défaite puis all() pour la victoire.
# perd : aucune


def is_finished(mines, opened):
    paires = [(m, o) for lm, lo in zip(mines, opened) for m, o in zip(lm, lo)]
    if any(m and o for m, o in paires):
        return 2
    if all(m or o for m, o in paires):
        return 1
    return 0
