# description : ask_move pose la question par print() puis lit avec input("> ") ; après une ligne refusée, elle repose seulement la question, sans rien dire de ce qui ne va pas.
# perd : ask_move
# lignes : test_ask_move_messages
# retour : n'affiche aucun message


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    """Demande un coup au joueur jusqu'à ce qu'il soit permis ; renvoie (x, y)."""
    height = len(opened)
    width = len(opened[0])
    while True:
        print(f"À vous de jouer : tapez x (de 0 à {width - 1}) puis y (de 0 à {height - 1}).")
        words = input("> ").split()
        if len(words) != 2:
            continue
        try:
            x, y = int(words[0]), int(words[1])
        except ValueError:
            continue
        if is_coord_ok(x, y, width, height) and not opened[y][x]:
            return x, y
