"""Les stratégies hypothesis : des plateaux et des cas de test de toutes les formes.

Les tailles vont de 1×1 à 50×20, avec les formes qui piègent souvent : 1×N, N×1,
non carrées, le plus grand plateau ; les grilles reçues sont parfois « sales »
(des valeurs laissées là avant l'appel), pleines de mines ou sans aucune.
"""

from __future__ import annotations

import random

from hypothesis import Phase
from hypothesis import strategies as st

from . import expected

SPECIAL_SIZES = [(1, 1), (2, 3), (3, 2), (1, 6), (6, 1), (9, 2), (2, 9)]
LARGE_SIZES = [(50, 20), (50, 1), (1, 20), (37, 13), (20, 50 // 3)]


def sizes() -> st.SearchStrategy[tuple[int, int]]:
    """(largeur, hauteur) : de petits plateaux, de toutes les formes (1×1, 1×N, N×1…)."""
    return st.one_of(
        st.tuples(st.integers(1, 7), st.integers(1, 5)),
        st.sampled_from(SPECIAL_SIZES),
    )


# Sur les grands plateaux, on ne cherche pas d'exemple plus petit : chaque essai
# coûte cher, et les tests sur de petits plateaux donnent déjà le plus petit.
NO_SHRINK = [Phase.explicit, Phase.generate]


def large_sizes() -> st.SearchStrategy[tuple[int, int]]:
    """Les grands plateaux, jusqu'à 50×20."""
    return st.one_of(
        st.sampled_from(LARGE_SIZES), st.tuples(st.integers(1, 50), st.integers(1, 20))
    )


def grid_of(cells: st.SearchStrategy, width: int, height: int) -> st.SearchStrategy:
    row = st.lists(cells, min_size=width, max_size=width)
    return st.lists(row, min_size=height, max_size=height)


@st.composite
def bool_grids(draw, width: int, height: int) -> list[list[bool]]:
    kind = draw(st.sampled_from(["hasard", "vide", "plein"]))
    if kind == "plein" or kind == "vide":
        return [[kind == "plein"] * width for _ in range(height)]
    if width * height <= 64:
        return draw(grid_of(st.booleans(), width, height))
    # Un grand plateau : tiré d'une graine (bien plus rapide), avec une densité donnée.
    density = draw(st.sampled_from([0.1, 0.3, 0.02, 0.6, 0.9]))
    generator = random.Random(draw(st.integers(0, 2**32)))
    return [[generator.random() < density for _ in range(width)] for _ in range(height)]


@st.composite
def boards(draw, size=None) -> dict:
    """Un plateau : des mines, les nombres de voisines qui vont avec, des cases ouvertes."""
    width, height = size or draw(sizes())
    mines = draw(bool_grids(width, height))
    opened = draw(bool_grids(width, height))
    return {"mines": mines, "neigh": expected.neigh_grid(mines), "opened": opened}


# -- Q4 ----------------------------------------------------------------------


@st.composite
def mines_cases(draw) -> dict:
    width, height = draw(sizes())
    cells = width * height
    nb_mines = draw(st.one_of(st.integers(1, cells), st.just(cells)))
    return {
        "grid": draw(bool_grids(width, height)),
        "nb_mines": nb_mines,
        "seed": draw(st.integers(0, 10**6)),
    }


@st.composite
def full_board_cases(draw) -> dict:
    """Un grand plateau à remplir de mines, toutes ses cases (la grille reçue vide ou sale)."""
    width, height = draw(large_sizes())
    return {
        "grid": draw(bool_grids(width, height)),
        "nb_mines": width * height,
        "seed": draw(st.integers(0, 10**6)),
    }


@st.composite
def random_use_cases(draw) -> dict:
    """Un plateau et huit graines différentes, pour voir d'où vient le hasard."""
    width, height = draw(st.tuples(st.integers(3, 7), st.integers(2, 5)))
    return {
        "width": width,
        "height": height,
        "nb_mines": draw(st.integers(2, width * height // 2)),
        "seeds": draw(st.lists(st.integers(0, 10**9), min_size=8, max_size=8, unique=True)),
    }


@st.composite
def open_cases(draw) -> dict:
    width, height = draw(sizes())
    return {"grid": draw(bool_grids(width, height))}


# -- Q5 ----------------------------------------------------------------------


def coordinate(size: int) -> st.SearchStrategy[int]:
    return st.one_of(
        st.integers(-2, size + 2), st.integers(), st.sampled_from([-1, size, size - 1, 0])
    )


@st.composite
def coord_cases(draw) -> dict:
    width, height = draw(sizes())
    return {
        "x": draw(coordinate(width)),
        "y": draw(coordinate(height)),
        "width": width,
        "height": height,
    }


MAX_WIDTH, MAX_HEIGHT = 50, 20  # les plus grands plateaux du sujet


def every_edge() -> list[list[int]]:
    """Chaque bord de chaque plateau du sujet, de 1×1 à 50×20 : pour chaque taille,
    x parmi -1, 0, largeur - 1 et largeur, y de même (le domaine entier où se cachent
    les fautes de is_coord_ok, vérifié sans exception)."""
    points = []
    for width in range(1, MAX_WIDTH + 1):
        for height in range(1, MAX_HEIGHT + 1):
            xs = sorted({-1, 0, width - 1, width})
            ys = sorted({-1, 0, height - 1, height})
            points += [[x, y, width, height] for y in ys for x in xs]
    return points


@st.composite
def edge_sweep_cases(draw) -> dict:
    """50 cas tirés (coordonnées de toutes sortes, plateaux petits et grands), envoyés en
    une série ; les bords de tous les plateaux sont l'exemple public du même test,
    vérifié une fois à chaque notation."""
    points = []
    for _ in range(50):
        width, height = draw(st.one_of(sizes(), large_sizes()))
        points.append([draw(coordinate(width)), draw(coordinate(height)), width, height])
    return {"points": points}


@st.composite
def every_cell_cases(draw, key: str, ring: int = 0) -> dict:
    """Un plateau, petit ou grand, dont chaque case sera essayée (et ``ring`` cases de
    plus tout autour) : ``{key: grille, "points": [[x, y], ...]}``."""
    width, height = draw(st.one_of(sizes(), large_sizes()))
    grid = draw(bool_grids(width, height))
    return {key: grid, "points": expected.every_cell(grid, ring)}


@st.composite
def adjacent_cases(draw) -> dict:
    width, height = draw(sizes())
    return {
        "mines": draw(bool_grids(width, height)),
        "x": draw(st.integers(0, width - 1)),
        "y": draw(st.integers(0, height - 1)),
    }


@st.composite
def neigh_cases(draw, size=None) -> dict:
    width, height = size or draw(sizes())
    generator = random.Random(draw(st.integers(0, 2**32)))
    dirty = [[generator.randint(-3, 12) for _ in range(width)] for _ in range(height)]
    return {"mines": draw(bool_grids(width, height)), "neigh": dirty}


# -- Q7 ----------------------------------------------------------------------


@st.composite
def move_ok_cases(draw) -> dict:
    width, height = draw(sizes())
    return {
        "opened": draw(bool_grids(width, height)),
        "x": draw(coordinate(width)),
        "y": draw(coordinate(height)),
    }


@st.composite
def boards_with_closed_cell(draw, size=None) -> dict:
    """Un plateau où au moins une case est fermée, et l'une de ces cases."""
    width, height = size or draw(sizes())
    opened = draw(grid_of(st.booleans(), width, height))
    x, y = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    opened[y][x] = False
    return {"opened": opened, "closed": (x, y)}


BLANKS = st.sampled_from([" ", "  ", "\t", " \t "])


@st.composite
def valid_lines(draw, x: int, y: int) -> str:
    before, middle, after = (
        draw(st.sampled_from(["", " ", "  ", "\t"])),
        draw(BLANKS),
        draw(st.sampled_from(["", " ", "\t "])),
    )
    return f"{before}{x}{middle}{y}{after}"


@st.composite
def bad_lines(draw, opened: list) -> str:
    """Une ligne qui n'est pas un coup permis sur ce plateau."""
    width, height = len(opened[0]), len(opened)
    open_cells = [(x, y) for y in range(height) for x in range(width) if opened[y][x]]
    kinds = [
        "",
        "   ",
        "\t",
        "coucou",
        "a b",
        "x y",
        "1",
        "0 0 0",
        "1.5 0",
        "0 0.0",
        "1,0",
        "(0, 0)",
        "un deux",
        f"{width} 0",
        f"0 {height}",
        "-1 0",
        "0 -1",
        f"{width + 7} {height + 3}",
        "99999999999999999999 0",
    ]
    line = draw(st.sampled_from(kinds))
    if open_cells and draw(st.booleans()):
        x, y = draw(st.sampled_from(open_cells))
        line = f"{x} {y}"
    return line


@st.composite
def ask_cases(draw, bad: bool = True, valid: bool = True) -> dict:
    board = draw(boards_with_closed_cell())
    lines = draw(
        st.lists(bad_lines(board["opened"]), min_size=1 if bad else 0, max_size=4 if bad else 0)
    )
    if valid:
        lines.append(draw(valid_lines(*board["closed"])))
    return {"opened": board["opened"], "lines": lines}


# -- Q8, Q9 ------------------------------------------------------------------


@st.composite
def flood_cases(draw, size=None) -> dict:
    width, height = size or draw(sizes())
    board = draw(boards((width, height)))
    if draw(st.booleans()):
        # Un début de partie : une seule case ouverte.
        opened = [[False] * width for _ in range(height)]
        opened[draw(st.integers(0, height - 1))][draw(st.integers(0, width - 1))] = True
        board["opened"] = opened
    return board


@st.composite
def finished_cases(draw) -> dict:
    width, height = draw(sizes())
    mines = draw(bool_grids(width, height))
    kind = draw(st.sampled_from(["hasard", "gagné", "perdu"]))
    opened = draw(grid_of(st.booleans(), width, height))
    if kind == "gagné":
        opened = [[o or not m for m, o in zip(rm, ro)] for rm, ro in zip(mines, opened)]
    elif kind == "perdu":
        mined = [(x, y) for y in range(height) for x in range(width) if mines[y][x]]
        if mined:
            x, y = draw(st.sampled_from(mined))
            opened = [[o or not m for m, o in zip(rm, ro)] for rm, ro in zip(mines, opened)]
            opened[y][x] = True
    return {"mines": mines, "opened": opened}


# -- Q10, Q3 -----------------------------------------------------------------


@st.composite
def game_boards(draw) -> dict:
    """Un plateau en cours de partie (ni gagnée ni perdue), aux grilles cohérentes."""
    width, height = draw(sizes())
    mines = draw(grid_of(st.booleans(), width, height))
    safe = [(x, y) for y in range(height) for x in range(width) if not mines[y][x]]
    if not safe:
        x, y = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
        mines[y][x] = False
        safe = [(x, y)]
    neigh = expected.neigh_grid(mines)
    opened = [[False] * width for _ in range(height)]
    for x, y in draw(st.lists(st.sampled_from(safe), max_size=3)):
        opened[y][x] = True
    opened = expected.flood(mines, neigh, opened)
    if expected.game_state(mines, opened) != 0:
        opened = [[False] * width for _ in range(height)]
    return {"mines": mines, "neigh": neigh, "opened": opened}


@st.composite
def won_boards(draw) -> dict:
    """Une partie déjà gagnée : toutes les cases sans mine ouvertes, aucune mine ouverte."""
    width, height = draw(sizes())
    mines = draw(grid_of(st.booleans(), width, height))
    opened = [[not mine for mine in row] for row in mines]
    return {"mines": mines, "neigh": expected.neigh_grid(mines), "opened": opened, "lines": []}


@st.composite
def turn_cases(draw) -> dict:
    board = draw(game_boards())
    opened = board["opened"]
    closed = [(x, y) for y, row in enumerate(opened) for x, o in enumerate(row) if not o]
    lines = draw(st.lists(bad_lines(opened), max_size=2))
    x, y = draw(st.sampled_from(closed))
    return {**board, "lines": [*lines, f"{x} {y}"]}


@st.composite
def game_cases(draw) -> dict:
    board = draw(game_boards())
    width, height = len(board["mines"][0]), len(board["mines"])
    cells = [f"{x} {y}" for y in range(height) for x in range(width)]
    moves = draw(st.permutations(cells))
    if draw(st.booleans()):
        # Jouer d'abord toutes les cases sûres : une partie gagnée.
        moves = sorted(moves, key=lambda m: board["mines"][int(m.split()[1])][int(m.split()[0])])
    return {**board, "lines": list(moves)}


def size_answers(low: int, high: int) -> st.SearchStrategy[list[str]]:
    """Quelques réponses refusées, puis une valeur permise."""
    refused = st.sampled_from(["", "abc", "0", str(high + 1), "-3", "2.5", "4 4", "dix"])
    valid = st.one_of(st.integers(low, min(high, 6)), st.just(high)).map(str)
    return st.tuples(st.lists(refused, max_size=2), valid).map(lambda t: [*t[0], t[1]])


@st.composite
def largest_main_cases(draw) -> dict:
    """main sur le plus grand plateau (50×20, 1 000 mines), après des réponses refusées."""
    lines = []
    for largest in (50, 20, 1000):
        refused = st.sampled_from(["", "abc", "0", str(largest + 1), "-3", str(10 * largest)])
        lines += [*draw(st.lists(refused, max_size=2)), str(largest)]
    x, y = draw(st.integers(0, 49)), draw(st.integers(0, 19))
    return {"lines": [*lines, f"{x} {y}"], "seed": draw(st.integers(0, 10**6))}


@st.composite
def main_cases(draw) -> dict:
    widths = draw(size_answers(1, 50))
    heights = draw(size_answers(1, 20))
    width, height = int(widths[-1]), int(heights[-1])
    cells = width * height
    mines = draw(
        st.tuples(
            st.lists(st.sampled_from(["0", str(cells + 1), "x", ""]), max_size=2),
            st.integers(1, cells).map(str),
        ).map(lambda t: [*t[0], t[1]])
    )
    moves = [f"{x} {y}" for y in range(height) for x in range(width)]
    return {"lines": widths + heights + mines + moves, "seed": draw(st.integers(0, 10**6))}
