# description : ask_move lit chaque nombre avec float() et refuse ceux qui ne sont pas entiers (v != int(v)) : « inf 0 » fait lever OverflowError à int() et « 0 nan » ValueError, alors qu'une ligne refusée ne doit jamais faire lever d'exception.
# perd : ask_move
# lignes : test_ask_move_decimals
# retour : int(float(...))


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    height = len(opened)
    width = len(opened[0])
    while True:
        words = input("Votre coup (x y) : ").split()
        if len(words) != 2:
            print("Tapez deux nombres entiers, x puis y, séparés par une espace.")
            continue
        try:
            fx, fy = float(words[0]), float(words[1])
        except ValueError:
            print("x et y doivent être des nombres, par exemple : 3 2")
            continue
        if fx != int(fx) or fy != int(fy):
            print("x et y doivent être des nombres entiers, sans virgule.")
            continue
        x, y = int(fx), int(fy)

        if not is_coord_ok(x, y, width, height):
            print(
                f"La case ({x}, {y}) est hors du plateau : "
                f"x va de 0 à {width - 1} et y de 0 à {height - 1}."
            )
        elif opened[y][x]:
            print(f"La case ({x}, {y}) est déjà ouverte.")
        else:
            return x, y
