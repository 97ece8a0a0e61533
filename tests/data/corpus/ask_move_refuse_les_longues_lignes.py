# description : ask_move refuse toute ligne de plus de 12 caractères (« trop longue ») : une ligne valide entourée et coupée de longues suites de blancs, que le contrat permet, est refusée.
# perd : ask_move
# lignes : test_ask_move_valid_line


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    """Demande un coup au joueur jusqu'à ce qu'il soit permis ; renvoie (x, y)."""
    height = len(opened)
    width = len(opened[0])
    while True:
        line = input("Votre coup (x y) : ")
        # Au plus « 49 19 » : 12 caractères laissent de la marge.
        if len(line) > 12:
            print("Ligne trop longue : tapez seulement x puis y, par exemple : 3 2")
            continue
        words = line.split()
        if len(words) != 2:
            print("Tapez deux nombres entiers, x puis y, séparés par une espace.")
            continue
        try:
            x, y = int(words[0]), int(words[1])
        except ValueError:
            print("x et y doivent être des nombres entiers, par exemple : 3 2")
            continue
        if not is_coord_ok(x, y, width, height):
            print(
                f"La case ({x}, {y}) est hors du plateau : "
                f"x va de 0 à {width - 1} et y de 0 à {height - 1}."
            )
        elif opened[y][x]:
            print(f"La case ({x}, {y}) est déjà ouverte.")
        else:
            return x, y
