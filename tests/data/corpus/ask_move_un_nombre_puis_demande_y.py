# description : quand la ligne ne contient qu'un nombre, ask_move le prend pour x et lit la ligne suivante comme y, au lieu de refuser la ligne : « 1 » puis « 0 0 » ne donne pas le coup (0, 0).
# perd : ask_move
# lignes : test_ask_move_number_count


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    """Demande un coup au joueur jusqu'à ce qu'il soit permis ; renvoie (x, y)."""
    height = len(opened)
    width = len(opened[0])
    while True:
        words = input("Votre coup (x y) : ").split()
        if len(words) == 1:
            # Le joueur n'a tapé que x : on lui demande y.
            words.append(input("Et y ? ").strip())
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
