# description : initialise_open parcourt les colonnes avec range(MAX_HEIGHT) (un copier-coller de la borne des lignes), sous une garde is_coord_ok : sur un plateau de plus de 20 colonnes, les dernières restent ouvertes.
# perd : initialise_open
# lignes : test_initialise_open_closes_every_cell


def initialise_open(opened: list[list[bool]]) -> None:
    height = len(opened)
    width = len(opened[0])
    for y in range(MAX_HEIGHT):
        for x in range(MAX_HEIGHT):
            if is_coord_ok(x, y, width, height):
                opened[y][x] = False
