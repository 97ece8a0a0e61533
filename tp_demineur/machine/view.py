"""Lire ce que voit un joueur : une *vue*.

Une vue est une liste de ``hauteur`` lignes de ``largeur`` cases, indexée
``vue[y][x]`` comme les grilles du TP : ``None`` pour une case fermée (avec ou
sans drapeau), un entier de 0 à 8 pour une case ouverte (le nombre de mines
autour d'elle).
"""

from __future__ import annotations

from .knowledge import Knowledge

View = list[list[int | None]]


def read_view(view: View, nb_mines: int, explain: bool = False) -> Knowledge:
    """La :class:`~.knowledge.Knowledge` d'une vue, après vérification de sa forme.

    Lève ``ValueError`` (message en français) pour une vue mal formée ; une vue
    bien formée mais impossible est détectée plus tard, par les déductions.

    >>> k = read_view([[1, None]], 1)
    >>> k.width, k.height, k.value
    (2, 1, [1, -1])
    """
    if not isinstance(view, (list, tuple)) or not view:
        raise ValueError("La vue doit être une liste non vide de lignes.")
    width = None
    for y, row in enumerate(view):
        if not isinstance(row, (list, tuple)) or not row:
            raise ValueError(f"La ligne {y} de la vue doit être une liste non vide de cases.")
        if width is None:
            width = len(row)
        elif len(row) != width:
            raise ValueError(
                f"Toutes les lignes de la vue doivent avoir la même longueur : "
                f"la ligne 0 a {width} cases, la ligne {y} en a {len(row)}."
            )
        for x, cell in enumerate(row):
            if cell is None:
                continue
            if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell <= 8:
                raise ValueError(
                    f"La case ({x}, {y}) vaut {cell!r} : une case de la vue est None "
                    "(fermée) ou un entier de 0 à 8 (ouverte)."
                )
    height = len(view)
    assert width is not None
    if isinstance(nb_mines, bool) or not isinstance(nb_mines, int) or nb_mines < 0:
        raise ValueError(
            f"Le nombre de mines doit être un entier positif ou nul, pas {nb_mines!r}."
        )
    closed = sum(cell is None for row in view for cell in row)
    if nb_mines > closed:
        raise ValueError(
            f"Aucune disposition des mines n'explique ce plateau : {nb_mines} mines "
            f"ne tiennent pas dans ses {closed} cases fermées."
        )
    knowledge = Knowledge(width, height, nb_mines, explain)
    for y, row in enumerate(view):
        for x, cell in enumerate(row):
            if cell is not None:
                knowledge.reveal(y * width + x, cell)
    return knowledge


def view_of(mines: list[list[bool]], opened: list[list[bool]]) -> View:
    """La vue d'une partie du TP : les nombres des cases ouvertes, None ailleurs.

    Lève ``ValueError`` si une mine est ouverte (la partie est perdue : plus rien à voir).

    >>> view_of([[True, False]], [[False, True]])
    [[None, 1]]
    """
    height, width = len(mines), len(mines[0])
    view: View = []
    for y in range(height):
        row: list[int | None] = []
        for x in range(width):
            if opened[y][x] and mines[y][x]:
                raise ValueError(f"La case ({x}, {y}) est une mine ouverte : la partie est perdue.")
            if opened[y][x]:
                row.append(
                    sum(
                        mines[ny][nx]
                        for ny in range(max(0, y - 1), min(height, y + 2))
                        for nx in range(max(0, x - 1), min(width, x + 2))
                        if (nx, ny) != (x, y)
                    )
                )
            else:
                row.append(None)
        view.append(row)
    return view
