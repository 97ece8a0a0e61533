# description : ask_move écrit ses messages sur la sortie d'erreur (print(..., file=sys.stderr)), que le correcteur ne lit pas : le contrat dit « affiche », et le retour dit où est passé le message.
# perd : ask_move
# lignes : test_ask_move_messages
# retour : Ce qui est écrit sur sys.stderr n'est pas lu


import sys


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    """Demande un coup au joueur jusqu'à ce qu'il soit permis ; renvoie (x, y)."""
    height = len(opened)
    width = len(opened[0])

    def refuse(message: str) -> None:
        print(message, file=sys.stderr)

    while True:
        words = input("Votre coup (x y) : ").split()
        if len(words) != 2:
            refuse("Tapez deux nombres entiers, x puis y, séparés par une espace.")
            continue
        try:
            x, y = int(words[0]), int(words[1])
        except ValueError:
            refuse("x et y doivent être des nombres entiers, par exemple : 3 2")
            continue
        if not is_coord_ok(x, y, width, height):
            refuse(f"La case ({x}, {y}) est hors du plateau : x va de 0 à {width - 1} et y de 0 à {height - 1}.")
        elif opened[y][x]:
            refuse(f"La case ({x}, {y}) est déjà ouverte.")
        else:
            return x, y
