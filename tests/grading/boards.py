"""Dessiner des plateaux et des valeurs dans les messages du correcteur."""

from __future__ import annotations

CLOSED, MINE, EMPTY = "■", "★", "⋄"

Region = tuple[int, int, int, int]  # x0, x1, y0, y1 : une partie d'un plateau, bornes comprises


def size(grid: list) -> str:
    height = len(grid)
    width = len(grid[0]) if height and isinstance(grid[0], list) else 0
    return f"{width}×{height} (largeur {width}, hauteur {height})"


def _ruled(rows: list[list[str]], x0: int = 0, y0: int = 0) -> list[str]:
    """Des lignes de symboles, avec les numéros de colonnes (x) et de lignes (y).

    ``x0`` et ``y0`` : les numéros de la première colonne et de la première ligne
    (une région d'un plateau plus grand).
    """
    width = max((len(row) for row in rows), default=0)
    columns = range(x0, x0 + width)
    lines = []
    if any(x >= 10 for x in columns):
        lines.append("     " + " ".join(str(x // 10) if x >= 10 else " " for x in columns))
    lines.append("  x: " + " ".join(str(x % 10) for x in columns))
    for y, row in enumerate(rows, start=y0):
        lines.append(f"y={y:<2} " + " ".join(row))
    return [line.rstrip() for line in lines]


def _symbol(value, true: str, false: str) -> str:
    if value is True:
        return true
    if value is False:
        return false
    return "?"


def draw(grid: list, kind: str, region: Region | None = None) -> str:
    """Une grille dessinée : ``kind`` vaut ``mines``, ``opened`` ou ``neigh``.

    Avec ``region`` (x0, x1, y0, y1, bornes comprises), seulement cette partie.
    """
    if not isinstance(grid, list) or not all(isinstance(row, list) for row in grid):
        return f"    {grid!r}"
    x0, y0 = 0, 0
    if region is not None:
        x0, x1, y0, y1 = region
        grid = [row[x0 : x1 + 1] for row in grid[y0 : y1 + 1]]
    rows = []
    for row in grid:
        if kind == "mines":
            rows.append([_symbol(v, MINE, "·") for v in row])
        elif kind == "opened":
            rows.append([_symbol(v, "o", CLOSED) for v in row])
        else:
            rows.append([str(v) if type(v) is int and 0 <= v <= 9 else "?" for v in row])
    return "\n".join("    " + line for line in _ruled(rows, x0, y0))


LEGENDS = {
    "mines": "mines (★ mine, · pas de mine)",
    "opened": "opened (o ouverte, ■ fermée)",
    "neigh": "neigh",
}


def show_grids(region: Region | None = None, **grids) -> str:
    """Plusieurs grilles nommées, dessinées l'une sous l'autre avec leur légende."""
    parts = []
    for name, grid in grids.items():
        kind = "mines" if "mines" in name else "opened" if "opened" in name else "neigh"
        legend = LEGENDS[kind].replace(kind, name, 1)
        parts.append(f"  {legend} :\n{draw(grid, kind, region)}")
    return "\n".join(parts)


# Au-delà de cette taille, un échec ne montre que la région où les grilles diffèrent.
LARGE_WIDTH, LARGE_HEIGHT = 12, 8
MARGIN = 2  # les cases montrées autour des différences


def differing_region(expected: list, got: list) -> Region | None:
    """(x0, x1, y0, y1) : la région d'un grand plateau qui entoure les premières différences.

    None si le plateau est petit (il est montré en entier) ou si les formes diffèrent.

    >>> big = [[False] * 20 for _ in range(10)]
    >>> other = [row[:] for row in big]
    >>> other[5][15] = True
    >>> differing_region(big, other)
    (13, 17, 3, 7)
    >>> differing_region([[False] * 3], [[True] * 3]) is None
    True
    """
    height = len(expected)
    width = len(expected[0]) if height else 0
    if width <= LARGE_WIDTH and height <= LARGE_HEIGHT:
        return None
    if not (isinstance(got, list) and len(got) == height):
        return None
    if not all(isinstance(row, list) and len(row) == width for row in got):
        return None
    cells = [
        (x, y)
        for y in range(height)
        for x in range(width)
        if type(expected[y][x]) is not type(got[y][x]) or expected[y][x] != got[y][x]
    ]
    if not cells:
        return None
    first_x, first_y = cells[0]
    # Autour de la première différence, étendue aux autres qui tiennent dans la fenêtre.
    near = [
        (x, y)
        for x, y in cells
        if abs(x - first_x) < LARGE_WIDTH and 0 <= y - first_y < LARGE_HEIGHT
    ]
    x0 = max(0, min(x for x, _ in near) - MARGIN)
    x1 = min(width - 1, max(x for x, _ in near) + MARGIN, x0 + 2 * LARGE_WIDTH - 1)
    y0 = max(0, first_y - MARGIN)
    y1 = min(height - 1, max(y for _, y in near) + MARGIN, y0 + 2 * LARGE_HEIGHT - 1)
    return x0, x1, y0, y1


def cell_differences(expected: list, got: list, limit: int = 6) -> str:
    """Les premières cases où deux grilles diffèrent, en clair."""
    if not isinstance(got, list) or len(got) != len(expected):
        return f"  la grille obtenue n'a pas la bonne forme : {short(got)}"
    lines = []
    for y, (row_e, row_g) in enumerate(zip(expected, got)):
        if not isinstance(row_g, list) or len(row_g) != len(row_e):
            lines.append(f"  la ligne y={y} n'a pas la bonne forme : {short(row_g)}")
            continue
        for x, (e, g) in enumerate(zip(row_e, row_g)):
            if type(e) is not type(g) or e != g:
                lines.append(f"  case (x={x}, y={y}) : attendu {e!r}, obtenu {short(g)}")
    more = f"\n  … et {len(lines) - limit} autre(s)" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


def short(value, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quote_lines(text: str, limit: int = 30) -> str:
    """Un texte affiché, cité ligne par ligne (les fins de ligne rendues visibles)."""
    lines = text.split("\n")
    shown = [f"    |{line}" for line in lines[:limit]]
    if len(lines) > limit:
        shown.append(f"    … ({len(lines) - limit} lignes de plus)")
    return "\n".join(shown) if text else "    (rien)"
