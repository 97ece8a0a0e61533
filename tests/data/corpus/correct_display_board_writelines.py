# description : variante correcte, display_board écrit toutes ses lignes d'un coup avec sys.stdout.writelines(...), chaque ligne finie par un saut de ligne.
# perd : aucune


import sys


def display_board(
    mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]
) -> None:
    """Affiche le plateau : une ligne de texte par ligne du plateau."""

    def symbol(x: int, y: int) -> str:
        if not opened[y][x]:
            return CLOSED
        if mines[y][x]:
            return MINE
        return EMPTY if neigh[y][x] == 0 else str(neigh[y][x])

    sys.stdout.writelines(
        " ".join(symbol(x, y) for x in range(len(mines[0]))) + "\n" for y in range(len(mines))
    )
