"""La géométrie d'un plateau : cases numérotées ligne par ligne, et leurs voisines.

Une case ``(x, y)`` porte le numéro ``y * largeur + x`` : les calculs du joueur
travaillent sur des listes plates, plus rapides que des listes de listes.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=32)
def neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Pour chaque case, les numéros de ses (jusqu'à 8) voisines sur le plateau.

    >>> neighbours(3, 2)[0]
    (1, 3, 4)
    """
    table = []
    for y in range(height):
        for x in range(width):
            table.append(
                tuple(
                    ny * width + nx
                    for ny in range(max(0, y - 1), min(height, y + 2))
                    for nx in range(max(0, x - 1), min(width, x + 2))
                    if (nx, ny) != (x, y)
                )
            )
    return tuple(table)


@lru_cache(maxsize=32)
def near(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Pour chaque case, les autres cases à au plus deux pas (celles qui peuvent
    partager une voisine avec elle).

    >>> len(near(5, 5)[12])
    24
    """
    table = []
    for y in range(height):
        for x in range(width):
            table.append(
                tuple(
                    ny * width + nx
                    for ny in range(max(0, y - 2), min(height, y + 3))
                    for nx in range(max(0, x - 2), min(width, x + 3))
                    if (nx, ny) != (x, y)
                )
            )
    return tuple(table)


def block(width: int, height: int, x: int, y: int) -> list[int]:
    """Les cases du carré 3×3 centré sur ``(x, y)`` (coupé aux bords), ``(x, y)`` compris.

    >>> block(4, 4, 0, 0)
    [0, 1, 4, 5]
    """
    return [
        ny * width + nx
        for ny in range(max(0, y - 1), min(height, y + 2))
        for nx in range(max(0, x - 1), min(width, x + 2))
    ]


def coordinates(cell: int, width: int) -> tuple[int, int]:
    """Le couple ``(x, y)`` d'une case numérotée.

    >>> coordinates(7, 3)
    (1, 2)
    """
    y, x = divmod(cell, width)
    return x, y
