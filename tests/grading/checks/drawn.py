"""Des plateaux écrits en texte, une chaîne par ligne de plateau.

Les balayages des cas publics (des dizaines de plateaux, jusqu'à 50×20) tiennent ainsi
dans ``cas_publics.json`` : un caractère par case et par grille, au lieu d'un booléen
JSON. Chaque grille a son alphabet :

- ``mines`` : « * » une mine, « . » sinon ;
- ``neigh`` : le nombre de mines voisines, un chiffre de 0 à 8 ;
- ``opened`` : « o » une case ouverte, « . » une case fermée.

>>> board = {"mines": ["*."], "neigh": ["01"], "opened": ["o."]}
>>> grids(board)
([[True, False]], [[0, 1]], [[True, False]])
>>> text_of(*grids(board)) == board
True
"""

from __future__ import annotations

MINE, SAFE, OPEN, CLOSED = "*", ".", "o", "."


def mines_grid(rows: list[str]) -> list[list[bool]]:
    return [[cell == MINE for cell in row] for row in rows]


def neigh_grid(rows: list[str]) -> list[list[int]]:
    return [[int(cell) for cell in row] for row in rows]


def opened_grid(rows: list[str]) -> list[list[bool]]:
    return [[cell == OPEN for cell in row] for row in rows]


def grids(board: dict) -> tuple[list, list, list]:
    """Les trois grilles d'un plateau écrit : mines, neigh, opened."""
    return mines_grid(board["mines"]), neigh_grid(board["neigh"]), opened_grid(board["opened"])


def opened_rows(opened: list[list[bool]]) -> list[str]:
    return ["".join(OPEN if cell else CLOSED for cell in row) for row in opened]


def text_of(mines: list, neigh: list, opened: list) -> dict:
    """Un plateau écrit, à partir de ses trois grilles."""
    return {
        "mines": ["".join(MINE if cell else SAFE for cell in row) for row in mines],
        "neigh": ["".join(str(cell) for cell in row) for row in neigh],
        "opened": opened_rows(opened),
    }
