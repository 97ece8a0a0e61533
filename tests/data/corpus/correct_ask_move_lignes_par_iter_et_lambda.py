# description : variante correcte, ask_move parcourt les lignes par for ligne in iter(lambda: input(...), None) et les trie avec match ; à la fin de l'entrée, l'EOFError née dans la lambda remonte : une exception née dans une fonction sans nom (lambda, expression génératrice) est une exception comme une autre.
# perd : aucune


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    """Demande un coup jusqu'à ce qu'il soit permis ; renvoie (x, y)."""
    for ligne in iter(lambda: input("Votre coup (x y) : "), None):
        match ligne.split():
            case [a, b]:
                try:
                    x, y = int(a), int(b)
                except ValueError:
                    print("Ce ne sont pas deux nombres entiers.", end=" ")
                    continue
                if is_move_ok(opened, x, y):
                    return (x, y)
                print(f"La case ({x}, {y}) est hors du plateau ou déjà ouverte.", end=" ")
            case _:
                print("Il faut deux nombres, x puis y.", end=" ")
    raise EOFError
