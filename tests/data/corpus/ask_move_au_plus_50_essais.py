# description : ask_move lit au plus 50 lignes, puis arrête le programme avec exit() : la 51e ligne refusée fait sortir au lieu de redemander.
# perd : ask_move
# lignes : test_ask_move_keeps_asking


MAX_TRIES = 50


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    """Demande un coup au joueur jusqu'à ce qu'il soit permis ; renvoie (x, y)."""
    height = len(opened)
    width = len(opened[0])
    for _ in range(MAX_TRIES):
        words = input("Votre coup (x y) : ").split()
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
    print("Trop de coups refusés : la partie s'arrête.")
    exit()
