# description : ask_move garde l'invite du sujet (« Votre coup (x y) : ») mais explique chaque ligne refusée en anglais (« Cell (3, 0) is outside the board. ») : le contrat demande un message en français ; l'invite reposée, en français, ne compte pas pour le message.
# perd : ask_move
# lignes : test_ask_move_messages


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    """Demande un coup jusqu'à ce qu'il soit permis ; renvoie (x, y)."""
    height = len(opened)
    width = len(opened[0])
    while True:
        words = input("Votre coup (x y) : ").split()
        if len(words) != 2:
            print("Please type two integers, x then y.")
            continue
        try:
            x, y = int(words[0]), int(words[1])
        except ValueError:
            print("x and y must be integers.")
            continue
        if not is_coord_ok(x, y, width, height):
            print(f"Cell ({x}, {y}) is outside the board.")
        elif opened[y][x]:
            print(f"Cell ({x}, {y}) is already open.")
        else:
            return x, y
