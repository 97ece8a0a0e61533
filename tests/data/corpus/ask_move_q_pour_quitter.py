# description : ask_move arrête le programme (sys.exit) quand la ligne est « q » : une ligne qui n'est pas un coup doit être refusée avec un message, puis la question reposée.
# perd : ask_move
# lignes : test_ask_move_words


import sys


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    height = len(opened)
    width = len(opened[0])
    while True:
        line = input("Votre coup (x y, ou q pour quitter) : ")
        if line.strip().lower() in ("q", "quitter"):
            sys.exit("Partie abandonnée.")
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
