# description : initialise_open saute les lignes déjà toutes fermées avec break au lieu de continue : après une ligne déjà fermée, les lignes suivantes restent telles quelles.
# perd : initialise_open
# lignes : test_initialise_open_closes_every_cell


def initialise_open(opened: list[list[bool]]) -> None:
    """Ferme toutes les cases : après l'appel, chaque case vaut ``False``."""
    for row in opened:
        if not any(row):
            break  # ligne déjà fermée : rien à faire (continue était voulu)
        for x in range(len(row)):
            row[x] = False
