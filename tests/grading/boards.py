"""Dessiner des plateaux et des valeurs dans les messages du correcteur."""

from __future__ import annotations

CLOSED, MINE, EMPTY = "■", "★", "⋄"


def size(grid: list) -> str:
    height = len(grid)
    width = len(grid[0]) if height and isinstance(grid[0], list) else 0
    return f"{width}×{height} (largeur {width}, hauteur {height})"


def _ruled(rows: list[list[str]]) -> list[str]:
    """Des lignes de symboles, avec les numéros de colonnes (x) et de lignes (y)."""
    width = max((len(row) for row in rows), default=0)
    lines = []
    if width > 10:
        lines.append("     " + " ".join(str(x // 10) if x >= 10 else " " for x in range(width)))
    lines.append("  x: " + " ".join(str(x % 10) for x in range(width)))
    for y, row in enumerate(rows):
        lines.append(f"y={y:<2} " + " ".join(row))
    return [line.rstrip() for line in lines]


def _symbol(value, true: str, false: str) -> str:
    if value is True:
        return true
    if value is False:
        return false
    return "?"


def draw(grid: list, kind: str) -> str:
    """Une grille dessinée : ``kind`` vaut ``mines``, ``opened`` ou ``neigh``."""
    if not isinstance(grid, list) or not all(isinstance(row, list) for row in grid):
        return f"    {grid!r}"
    rows = []
    for row in grid:
        if kind == "mines":
            rows.append([_symbol(v, MINE, "·") for v in row])
        elif kind == "opened":
            rows.append([_symbol(v, "o", CLOSED) for v in row])
        else:
            rows.append([str(v) if type(v) is int and 0 <= v <= 9 else "?" for v in row])
    return "\n".join("    " + line for line in _ruled(rows))


LEGENDS = {
    "mines": "mines (★ mine, · pas de mine)",
    "opened": "opened (o ouverte, ■ fermée)",
    "neigh": "neigh",
}


def show_grids(**grids) -> str:
    """Plusieurs grilles nommées, dessinées l'une sous l'autre avec leur légende."""
    parts = []
    for name, grid in grids.items():
        kind = "mines" if "mines" in name else "opened" if "opened" in name else "neigh"
        legend = LEGENDS[kind].replace(kind, name, 1)
        parts.append(f"  {legend} :\n{draw(grid, kind)}")
    return "\n".join(parts)


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
