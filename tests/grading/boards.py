"""Dessiner des plateaux et des valeurs dans les messages du correcteur."""

from __future__ import annotations

import textwrap

CLOSED, MINE, EMPTY = "■", "★", "⋄"

Region = tuple[int, int, int, int]  # x0, x1, y0, y1 : une partie d'un plateau, bornes comprises


def size(grid: list) -> str:
    height = len(grid)
    width = len(grid[0]) if height and isinstance(grid[0], list) else 0
    return f"{width}×{height} (largeur {width}, hauteur {height})"


# Un message tient dans un terminal de 80 colonnes : au-delà de WIDE_COLUMNS
# colonnes, une grille est dessinée sans espaces entre les cases (comme le jeu en
# disposition compacte) ; un affichage cité est coupé autour de sa différence.
SCREEN = 80
WIDE_COLUMNS = 34


def _ruled(rows: list[list[str]], x0: int = 0, y0: int = 0) -> list[str]:
    r"""Des lignes de symboles, avec les numéros de colonnes (x) et de lignes (y).

    ``x0`` et ``y0`` : les numéros de la première colonne et de la première ligne
    (une région d'un plateau plus grand). Plus de ``WIDE_COLUMNS`` colonnes : les
    cases sont collées, pour que tout tienne en 80 colonnes.

    >>> print("\n".join(_ruled([["★", "·"]], x0=9)))
           1
      x: 9 0
    y=0  ★ ·
    """
    width = max((len(row) for row in rows), default=0)
    columns = range(x0, x0 + width)
    gap = "" if width > WIDE_COLUMNS else " "
    lines = []
    if any(x >= 10 for x in columns):
        lines.append("     " + gap.join(str(x // 10) if x >= 10 else " " for x in columns))
    lines.append("  x: " + gap.join(str(x % 10) for x in columns))
    for y, row in enumerate(rows, start=y0):
        lines.append(f"y={y:<2} " + gap.join(row))
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


def differing_region(
    expected: list, got: list, anchors: list[tuple[int, int]] = ()
) -> Region | None:
    """(x0, x1, y0, y1) : la région d'un grand plateau qui entoure les premières différences.

    None si le plateau est petit (il est montré en entier) ou si les formes diffèrent.
    ``anchors`` : des cases d'où part ce qui diffère (la case jouée d'une inondation) ;
    la fenêtre se centre alors sur celle qui est la plus proche d'une différence, si
    des différences y tiennent, pour que l'on voie la cause et l'effet.

    >>> big = [[False] * 20 for _ in range(10)]
    >>> other = [row[:] for row in big]
    >>> other[5][15] = True
    >>> differing_region(big, other)
    (13, 17, 3, 7)
    >>> other[0][0] = True
    >>> differing_region(big, other, anchors=[(16, 6)])
    (0, 19, 0, 9)
    >>> wide = [[False] * 50 for _ in range(20)]
    >>> flooded = [[True] * 50 for _ in range(20)]
    >>> differing_region(wide, flooded, anchors=[(25, 10)])
    (13, 36, 2, 17)
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
    if anchors:
        region = around_anchor(cells[:500], anchors[:500], width, height)
        if region is not None:
            return region
    first_x, first_y = cells[0]
    # Autour de la première différence, étendue aux autres qui tiennent dans la fenêtre.
    near = [
        (x, y)
        for x, y in cells
        if abs(x - first_x) < LARGE_WIDTH and 0 <= y - first_y < LARGE_HEIGHT
    ]
    xs, ys = [x for x, _ in near], [y for _, y in near]
    x0 = max(0, min(xs) - MARGIN)
    x1 = min(width - 1, max(xs) + MARGIN, x0 + 2 * LARGE_WIDTH - 1)
    y0 = max(0, min(ys) - MARGIN)
    y1 = min(height - 1, max(ys) + MARGIN, y0 + 2 * LARGE_HEIGHT - 1)
    return x0, x1, y0, y1


def around_anchor(cells, anchors, width: int, height: int) -> Region | None:
    """La fenêtre centrée sur la case de ``anchors`` la plus proche d'une case de
    ``cells`` ; None si aucune case de ``cells`` n'y tient."""

    def distance(anchor: tuple[int, int]) -> int:
        return min(abs(anchor[0] - x) + abs(anchor[1] - y) for x, y in cells)

    ax, ay = min(anchors, key=distance)
    x0 = min(max(0, ax - LARGE_WIDTH), max(0, width - 2 * LARGE_WIDTH))
    y0 = min(max(0, ay - LARGE_HEIGHT), max(0, height - 2 * LARGE_HEIGHT))
    x1, y1 = min(width, x0 + 2 * LARGE_WIDTH) - 1, min(height, y0 + 2 * LARGE_HEIGHT) - 1
    if any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in cells):
        return x0, x1, y0, y1
    return None


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


def typed(line: str, limit: int = 40) -> str:
    """Une ligne tapée, entre guillemets ; une très longue, raccourcie au milieu, avec sa
    longueur.

    >>> typed("2  1")
    "'2  1'"
    >>> typed("1" + "0" * 5000 + " 0")
    "'100000000000000…0000000 0' (5003 caractères)"
    """
    if len(line) <= limit:
        return repr(line)
    return f"{line[:15] + '…' + line[-9:]!r} ({len(line)} caractères)"


def quote_lines(text: str, limit: int = 30) -> str:
    r"""Un texte affiché, cité ligne par ligne, l'invisible rendu visible (:func:`visible`).

    >>> print(quote_lines("■ ★\n\n"))
        |■ ★
        |(ligne vide)
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # le retour à la ligne final
    shown = [f"    |{visible(line)}" for line in lines[:limit]]
    if len(lines) > limit:
        shown.append(f"    … ({len(lines) - limit} lignes de plus)")
    return "\n".join(shown) if text else "    (rien)"


def visible(line: str) -> str:
    r"""Une ligne affichée, où l'invisible se voit : une tabulation (→), les espaces de
    fin de ligne (·), un caractère de contrôle (son code), une ligne vide.

    >>> visible("a\tb  "), visible(""), visible("x\r")
    ('a→b··', '(ligne vide)', 'x\\r')
    """
    if line == "":
        return "(ligne vide)"
    body = line.rstrip(" ")
    text = "".join(
        "→" if char == "\t" else char if char.isprintable() else repr(char)[1:-1] for char in body
    )
    return text + "·" * (len(line) - len(body))


def fit_lines(text: str, width: int = SCREEN) -> str:
    """Un message dont chaque ligne tient en ``width`` colonnes : une phrase trop longue
    est coupée entre les mots, la suite décalée de deux espaces (les plateaux et les
    affichages cités tiennent déjà).

    >>> print(fit_lines("  " + "mot " * 5, width=12))
      mot mot
        mot mot
        mot
    """
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        lines += textwrap.wrap(
            line,
            width,
            initial_indent="",
            subsequent_indent=indent + "  ",
            break_on_hyphens=False,
            drop_whitespace=True,
        ) or [line]
    return "\n".join(lines)


def first_difference(expected: list[str], got: list[str]) -> tuple[int, int] | None:
    """(ligne, colonne) du premier caractère qui diffère entre deux affichages (ligne
    par ligne ; une ligne en plus ou en moins diffère dès sa colonne 0).

    >>> first_difference(["■ ■", "1 ★"], ["■ ■", "1 ■"])
    (1, 2)
    >>> first_difference(["a"], ["a", ""])
    (1, 0)
    """
    for row in range(max(len(expected), len(got))):
        want = expected[row] if row < len(expected) else None
        have = got[row] if row < len(got) else None
        if want == have:
            continue
        if want is None or have is None:
            return row, 0
        column = next(
            (i for i, (a, b) in enumerate(zip(want, have)) if a != b), min(len(want), len(have))
        )
        return row, column
    return None


def quote_window(lines: list[str], column: int, marked: int | None = None) -> str:
    """Des lignes affichées, citées dans 80 colonnes : coupées autour de ``column``
    (« … » dit qu'il y a plus à gauche ou à droite) ; ``marked`` : la ligne marquée ✗.

    >>> print(quote_window(["abc", "abd"], 2, marked=1))
        |abc
      ✗ |abd
    """
    room = SCREEN - 8
    longest = max((len(visible(line)) for line in lines), default=0)
    start = max(0, min(column - room // 2, longest - room))
    shown = []
    for row, line in enumerate(lines):
        text = visible(line)
        if len(text) > room:
            part = text[start : start + room]
            text = ("…" if start else "") + part + ("…" if start + room < len(text) else "")
        mark = "  ✗ " if row == marked else "    "
        shown.append(f"{mark}|{text}")
    return "\n".join(shown) if lines else "    (rien)"
