"""Q5 : is_coord_ok, nb_adjacent_mines et compute_neigh.

Les balayages arrivent en cas compacts (des tailles de plateaux, une classe de cases) :
le kit les garde tels quels ; chaque vérification les déplie (``edge_points``,
``neighbour_points``, ``neigh_boards``) dans le même ordre que l'oracle qui a calculé les
réponses attendues."""

from __future__ import annotations

from .. import faults
from ..boards import (
    short,
    show_grids,
    size,
)
from ..wire import same
from .common import (
    expect_exact,
    expect_grid,
    expect_no_error,
    expect_rows_kept,
    expect_untouched,
    fail,
    screen,
)

# ---------------------------------------------------------------------------
# is_coord_ok
# ---------------------------------------------------------------------------


def edge_points(case: dict) -> list[list[int]]:
    """Les points d'un cas de is_coord_ok : pour chaque taille ``[largeur, hauteur]`` de
    ``case["sizes"]`` (et chaque taille jusqu'à ``case["every"]``), x parmi -1, 0,
    largeur - 1, largeur et y parmi -1, 0, hauteur - 1, hauteur (chaque bord, et chaque
    coin de chaque bord), puis, pour chaque taille de ``case["beyond"]``, x et y à deux
    cases de chaque bord, puis ``case["points"]`` tels quels (les points tirés : le
    premier point raté, que le retour montre, est le plus simple).

    >>> edge_points({"sizes": [[1, 1]]})[:4]
    [[-1, -1, 1, 1], [0, -1, 1, 1], [1, -1, 1, 1], [-1, 0, 1, 1]]
    """
    points = []
    sizes = list(case.get("sizes", []))
    if "every" in case:  # chaque taille jusqu'à [largeur, hauteur]
        most_x, most_y = case["every"]
        sizes += [[w, h] for w in range(1, most_x + 1) for h in range(1, most_y + 1)]
    for width, height in sizes:
        xs = sorted({-1, 0, width - 1, width})
        ys = sorted({-1, 0, height - 1, height})
        points += [[x, y, width, height] for y in ys for x in xs]
    for width, height in case.get("beyond", []):
        for x, y in ((-2, 0), (width + 1, 0), (0, -2), (0, height + 1)):
            points.append([x, y, width, height])
    return points + [list(point) for point in case.get("points", [])]


def on_board(expected: bool, got) -> bool:
    """La réponse de is_coord_ok dit-elle la bonne chose ? (Son type est jugé par sa
    propre ligne : 1 pour True passe ici, pas « oui ».)"""
    return type(got) in (bool, int, type(None)) and bool(got) == expected


def is_coord_ok_answers(sub, case: dict, expected: bool):
    """Un point : la bonne réponse, d'un type quelconque parmi bool, int ou None (le type
    est l'affaire de ``is_coord_ok_returns_bool``)."""
    x, y, width, height = case["x"], case["y"], case["width"], case["height"]
    example = f"  Exemple : is_coord_ok({short(x, 40)}, {short(y, 40)}, {width}, {height})"
    outcome = sub.call("is_coord_ok", x, y, width, height)
    expect_no_error(outcome, "is_coord_ok", example)
    if not on_board(expected, outcome.ret):
        cause = faults.coordinate_at_size(x, y, width, height, expected, outcome.ret)
        fail(
            f"is_coord_ok doit renvoyer {expected!r}, elle a renvoyé {short(outcome.ret)}."
            f"{cause}\n{example}",
            example=example,
        )


def is_coord_ok_everywhere(sub, case: dict, expected: list[bool]):
    """is_coord_ok sur chaque point de ``edge_points(case)``."""

    def recheck(point, answer):
        x, y, width, height = point
        is_coord_ok_answers(sub, {"x": x, "y": y, "width": width, "height": height}, answer)

    points = {"points": edge_points(case)}
    screen(sub, "is_coord_ok", [0, 0, 0, 0], [0, 1, 2, 3], points, expected, recheck, on_board)


def is_bool(expected: bool, got) -> bool:
    """Un bool, True ou False (la valeur n'est pas jugée ici)."""
    return type(got) is bool


def is_coord_ok_returns_bool(sub, case: dict, expected: list[bool]):
    """Chaque point de ``edge_points(case)`` : une réponse de type bool (sa valeur est
    jugée par les autres lignes)."""

    def recheck(point, answer):
        x, y, width, height = point
        example = f"  Exemple : is_coord_ok({x}, {y}, {width}, {height})"
        outcome = sub.call("is_coord_ok", x, y, width, height)
        expect_no_error(outcome, "is_coord_ok", example)
        if not is_bool(answer, outcome.ret):
            fail(
                "is_coord_ok doit renvoyer un bool (True ou False), elle a renvoyé "
                f"{short(outcome.ret)}, de type {type(outcome.ret).__name__} : renvoyez "
                f"directement la comparaison, 0 <= x < largeur and 0 <= y < hauteur.\n{example}",
                example=example,
            )

    points = {"points": edge_points(case)}
    screen(sub, "is_coord_ok", [0, 0, 0, 0], [0, 1, 2, 3], points, expected, recheck, is_bool)


# ---------------------------------------------------------------------------
# nb_adjacent_mines
# ---------------------------------------------------------------------------

DIRECTIONS = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


def around(x: int, y: int, width: int, height: int) -> list[tuple[int, int]]:
    """Les voisines de (x, y) sur le plateau, dans l'ordre de lecture."""
    return [
        (x + dx, y + dy) for dx, dy in DIRECTIONS if 0 <= x + dx < width and 0 <= y + dy < height
    ]


def position(x: int, y: int, width: int, height: int) -> str:
    """La classe d'une case : ``thin`` (plateau d'une ligne ou d'une colonne), ``corner``,
    ``edge`` ou ``interior``.

    >>> [position(0, 0, 3, 3), position(1, 0, 3, 3), position(1, 1, 3, 3), position(0, 2, 1, 3)]
    ['corner', 'edge', 'interior', 'thin']
    """
    if width == 1 or height == 1:
        return "thin"
    border_x, border_y = x in (0, width - 1), y in (0, height - 1)
    if border_x and border_y:
        return "corner"
    return "edge" if border_x or border_y else "interior"


def representatives(kind: str, width: int, height: int) -> list[tuple[int, int]]:
    """Sur un grand plateau, les cases essayées d'une classe : les quatre coins, le milieu
    de chaque bord, le centre et deux cases près des coins ; les deux bouts, le milieu et
    leurs voisines d'un plateau d'une ligne ou d'une colonne."""
    if kind == "thin":
        length = max(width, height)
        steps = sorted({0, 1, length // 2, length - 2, length - 1} & set(range(length)))
        return [(s, 0) if height == 1 else (0, s) for s in steps]
    chosen = {
        "corner": [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)],
        "edge": [
            (width // 2, 0),
            (width // 2, height - 1),
            (0, height // 2),
            (width - 1, height // 2),
        ],
        "interior": [(width // 2, height // 2), (1, 1), (width - 2, height - 2)],
        "itself": [(0, 0), (width // 2, 0), (width // 2, height // 2), (width - 1, height - 1)],
    }[kind]
    return [cell for cell in chosen if kind == "itself" or position(*cell, width, height) == kind]


def single(width: int, height: int, cells) -> list[list[bool]]:
    """Une grille où seules ``cells`` sont minées."""
    grid = [[False] * width for _ in range(height)]
    for x, y in cells:
        grid[y][x] = True
    return grid


def all_but(width: int, height: int, cells) -> list[list[bool]]:
    """Une grille où toutes les cases sont minées, sauf ``cells``."""
    grid = [[True] * width for _ in range(height)]
    for x, y in cells:
        grid[y][x] = False
    return grid


def configurations(x: int, y: int, width: int, height: int, every: bool) -> list[list]:
    """Les grilles où compter autour de (x, y), qui n'y est jamais minée : une seule mine,
    à chaque case du plateau (``every``) ou à chaque voisine ; toutes les cases minées
    sauf (x, y) ; et avec ``every``, toutes sauf (x, y) et une voisine, aucune mine."""
    cells = [(i, j) for j in range(height) for i in range(width) if (i, j) != (x, y)]
    near = around(x, y, width, height)
    grids = [single(width, height, [m]) for m in (cells if every else near)]
    grids.append(all_but(width, height, [(x, y)]))
    if every:
        grids += [all_but(width, height, [(x, y), m]) for m in near]
        grids.append(single(width, height, []))
    return grids


def neighbour_points(case: dict) -> list[list]:
    """Les points ``[mines, x, y]`` d'un balayage de nb_adjacent_mines : pour la classe de
    cases ``case["cells"]`` (``corner``, ``edge``, ``interior``, ``thin`` ou ``itself``),
    chaque case de cette classe de chaque petit plateau de ``case["small"]``, dans chaque
    configuration (une mine à chaque autre case, toutes sauf une voisine…), puis les
    cases ``representatives`` des grands plateaux de ``case["large"]`` (une mine à chaque
    voisine, toutes sauf la case). Pour ``itself`` : la case seule minée, partout. Après
    eux, chaque case de la classe des plateaux tirés ``case["boards"]`` (la case non
    minée, ou minée pour ``itself``) : le premier point raté, que le retour montre, est
    le plus simple, et le même pour toute la classe quand la faute est partout."""
    kind = case["cells"]
    points = []
    for every, sizes in ((True, case.get("small", [])), (False, case.get("large", []))):
        for width, height in sizes:
            if every:
                cells = [(x, y) for y in range(height) for x in range(width)]
                if kind != "itself":
                    cells = [c for c in cells if position(*c, width, height) == kind]
            else:
                cells = representatives(kind, width, height)
            for x, y in cells:
                if kind == "itself":
                    points.append([single(width, height, [(x, y)]), x, y])
                    continue
                points += [[grid, x, y] for grid in configurations(x, y, width, height, every)]
    for grid in case.get("boards", []):  # des plateaux tirés : chaque case de la classe
        width, height = len(grid[0]), len(grid)
        for y in range(height):
            for x in range(width):
                if kind == "itself" or position(x, y, width, height) == kind:
                    mines = [list(row) for row in grid]
                    mines[y][x] = kind == "itself"
                    points.append([mines, x, y])
    return points


def nb_adjacent_mines_everywhere(sub, case: dict, expected: list[int]):
    """nb_adjacent_mines sur chaque point de ``neighbour_points(case)``."""

    def recheck(point, answer):
        mines, x, y = point
        nb_adjacent_mines_counts(sub, {"mines": mines, "x": x, "y": y}, answer)

    points = {"points": neighbour_points(case)}
    screen(sub, "nb_adjacent_mines", [None, 0, 0], [0, 1, 2], points, expected, recheck)


def nb_adjacent_mines_counts(sub, case: dict, expected: int):
    mines, x, y = case["mines"], case["x"], case["y"]
    example = (
        f"  Exemple : nb_adjacent_mines(mines, {x}, {y}) sur un plateau {size(mines)} :\n"
        f"{show_grids(mines=mines)}"
    )
    outcome = sub.call("nb_adjacent_mines", mines, x, y)
    expect_no_error(outcome, "nb_adjacent_mines", example)
    cause = faults.neighbour_count(mines, x, y, expected, outcome.ret)
    expect_exact("nb_adjacent_mines", expected, outcome.ret, example, cause)
    expect_untouched(outcome, "nb_adjacent_mines", ["mines"], [mines], example)


# ---------------------------------------------------------------------------
# compute_neigh
# ---------------------------------------------------------------------------


def neigh_boards(case: dict) -> list[list[list[bool]]]:
    """Les grilles de mines d'un balayage de compute_neigh : pour chaque taille de
    ``case["sizes"]``, une mine seule à chaque case (chaque case voit chaque direction
    minée seule, et aucune autre case ne compte), aucune mine et toutes (huit voisines
    minées à l'intérieur)."""
    boards = []
    for width, height in case["sizes"]:
        cells = [(x, y) for y in range(height) for x in range(width)]
        boards += [single(width, height, [c]) for c in cells]
        boards += [single(width, height, []), all_but(width, height, [])]
    return boards


def compute_neigh_sweep(sub, case: dict, expected: list[list[list[int]]]):
    """compute_neigh sur chaque grille de ``neigh_boards(case)``, en séries : neigh y arrive
    déjà remplie des bons nombres, et une fonction juste ne la change pas (une case laissée
    telle quelle n'est donc pas vue ici). Une grille qui paraît ratée est refaite seule,
    neigh toute à 0 : c'est elle qui décide (une fonction qui ne se trompe que sur une
    grille déjà remplie, ``neigh[y][x] += …``, est l'affaire de la ligne de la grille
    sale)."""
    boards = neigh_boards(case)
    points = [[mines, [list(row) for row in answer]] for mines, answer in zip(boards, expected)]

    def recheck(point, answer):
        mines = point[0]
        zeros = [[0] * len(mines[0]) for _ in mines]
        compute_neigh_fills(sub, {"mines": mines, "neigh": zeros}, answer)

    for start in range(0, len(points), SERIES):
        chunk = points[start : start + SERIES]
        outcomes = sub.cases("compute_neigh", [None, None], [0, 1], chunk, sub.limits.call_seconds)
        for point, outcome, answer in zip(chunk, outcomes, expected[start : start + SERIES]):
            if outcome.error or outcome.changed or outcome.ret is not None:
                recheck(point, answer)


# Une série de compute_neigh : chaque appel peut en demander un au juge.
SERIES = 500


def compute_neigh_fills(sub, case: dict, expected: list, checked=("values",)):
    """compute_neigh sur un plateau : neigh remplie de ``expected`` ; ``checked`` dit ce qui
    est jugé en plus des valeurs : ``rows`` (les lignes de neigh gardées), ``mines`` (mines
    intacte). Renvoie l'appel."""
    mines, neigh = case["mines"], case["neigh"]
    example = f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, neigh=neigh)}"
    outcome = sub.call("compute_neigh", mines, neigh)
    expect_no_error(outcome, "compute_neigh", example)
    if "rows" in checked:
        expect_rows_kept(outcome, "compute_neigh", [None, "neigh"], example)
    if "mines" in checked:
        expect_untouched(outcome, "compute_neigh", ["mines"], [mines], example)
    if "values" not in checked:
        return outcome
    inputs = {"mines": mines, "neigh": neigh}
    got = outcome.args[1]
    cause = faults.neigh_cells(mines, neigh, expected, got)
    if cause and not same(expected, got):
        example += cause
    expect_grid("compute_neigh", "neigh", neigh, expected, got, example, inputs)
    return outcome


def compute_neigh_boards(sub, case: dict, expected: list) -> list:
    """compute_neigh sur chaque plateau ``case["boards"]`` (``{"mines", "neigh"}``), les
    valeurs seules jugées ; renvoie les appels."""
    return [
        compute_neigh_fills(sub, board, answer) for board, answer in zip(case["boards"], expected)
    ]


def compute_neigh_in_place(sub, case: dict, expected: list):
    """compute_neigh change les cases de neigh sans remplacer ses lignes, et ne touche pas
    à mines (les valeurs ne sont pas jugées ici)."""
    for board, answer in zip(case["boards"], expected):
        compute_neigh_fills(sub, board, answer, checked=("rows", "mines"))


def compute_neigh_every_cell(sub, case: dict, expected: dict):
    """Chaque plateau ``case["boards"]``, neigh toute à 0 (``expected["boards"]``) : une
    case laissée telle quelle s'y voit ; puis le balayage de ``neigh_boards(case)``
    (``expected["sweep"]``)."""
    compute_neigh_boards(sub, case, expected["boards"])
    compute_neigh_sweep(sub, case, expected["sweep"])
