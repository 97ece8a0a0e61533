"""Les stratégies hypothesis : des plateaux et des cas de test de toutes les formes.

Les tailles vont de 1×1 à 50×20, avec les formes qui piègent souvent : 1×N, N×1,
non carrées, le plus grand plateau ; les grilles reçues sont parfois « sales »
(des valeurs laissées là avant l'appel), pleines de mines ou sans aucune.
"""

from __future__ import annotations

import functools
import random

from hypothesis import Phase, assume
from hypothesis import strategies as st

from . import expected, publics

SPECIAL_SIZES = [(1, 1), (2, 3), (3, 2), (1, 6), (6, 1), (9, 2), (2, 9)]
LARGE_SIZES = [(50, 20), (50, 1), (1, 20), (37, 13), (20, 50 // 3)]

# Chaque stratégie est construite une fois (``functools.cache``) : hypothesis valide une
# stratégie neuve à chaque tirage qui la construit, et c'était le gros du coût d'un exemple.
# Pour la même raison, un élément d'une liste calculée pendant le tirage est pris par son
# indice (``pick``) plutôt que par un ``st.sampled_from`` construit pour l'occasion.


def pick(draw, values: list):
    """Un élément de ``values``, tiré par son indice ; réduit vers le premier élément,
    comme ``st.sampled_from``."""
    return values[draw(st.integers(0, len(values) - 1))]


def some(draw, most: int, least: int = 0) -> range:
    """Un nombre tiré entre ``least`` et ``most``, pour une boucle de tirages (réduit vers
    ``least`` : l'exemple minimal a le moins d'éléments possible)."""
    return range(draw(st.integers(least, most)))


@functools.cache
def sizes() -> st.SearchStrategy[tuple[int, int]]:
    """(largeur, hauteur) : de petits plateaux, de toutes les formes (1×1, 1×N, N×1…)."""
    return st.one_of(
        st.tuples(st.integers(1, 7), st.integers(1, 5)),
        st.sampled_from(SPECIAL_SIZES),
    )


# Sur les grands plateaux, on ne cherche pas d'exemple plus petit : chaque essai
# coûte cher, et les tests sur de petits plateaux donnent déjà le plus petit.
NO_SHRINK = [Phase.explicit, Phase.generate]


@functools.cache
def large_sizes() -> st.SearchStrategy[tuple[int, int]]:
    """Les grands plateaux, jusqu'à 50×20."""
    return st.one_of(
        st.sampled_from(LARGE_SIZES), st.tuples(st.integers(1, 50), st.integers(1, 20))
    )


@functools.cache
def any_sizes() -> st.SearchStrategy[tuple[int, int]]:
    """Petits et grands plateaux."""
    return st.one_of(sizes(), large_sizes())


@functools.cache
def bit_grids(width: int, height: int) -> st.SearchStrategy[list[list[bool]]]:
    """Une grille de booléens tirée d'un seul entier, un bit par case : un tirage au lieu
    d'un par case, et un exemple minimal sans aucun True (l'entier se réduit vers 0)."""

    def grid(bits: int) -> list[list[bool]]:
        return [[bits >> (y * width + x) & 1 == 1 for x in range(width)] for y in range(height)]

    return st.integers(0, 2 ** (width * height) - 1).map(grid)


GRID_KINDS = ["hasard", "vide", "plein"]
DENSITIES = [0.1, 0.3, 0.02, 0.6, 0.9]


@st.composite
def grids_of_size(draw, width: int, height: int) -> list[list[bool]]:
    """Une grille au hasard, vide ou pleine ; les grandes grilles avec une densité tirée."""
    kind = pick(draw, GRID_KINDS)
    if kind == "plein" or kind == "vide":
        return [[kind == "plein"] * width for _ in range(height)]
    if width * height <= 64:
        return draw(bit_grids(width, height))
    # Un grand plateau : tiré d'une graine (bien plus rapide), avec une densité donnée.
    density = pick(draw, DENSITIES)
    generator = random.Random(draw(st.integers(0, 2**32)))
    return [[generator.random() < density for _ in range(width)] for _ in range(height)]


@functools.cache
def bool_grids(width: int, height: int) -> st.SearchStrategy[list[list[bool]]]:
    """``grids_of_size`` construite une fois par taille (hypothesis valide chaque
    stratégie neuve au premier tirage)."""
    return grids_of_size(width, height)


@st.composite
def board_of_size(draw, size: tuple[int, int] | None) -> dict:
    """Un plateau : des mines, les nombres de voisines qui vont avec, des cases ouvertes."""
    width, height = size or draw(sizes())
    mines = draw(bool_grids(width, height))
    opened = draw(bool_grids(width, height))
    return {"mines": mines, "neigh": expected.neigh_grid(mines), "opened": opened}


@functools.cache
def boards(size: tuple[int, int] | None = None) -> st.SearchStrategy[dict]:
    """``board_of_size`` construite une fois par taille (ou une fois pour toutes les tailles)."""
    return board_of_size(size)


# -- Q6 ----------------------------------------------------------------------


@st.composite
def display_class_cases(draw, cells: str) -> dict:
    """Un plateau carré et symétrique tiré, où seules les cases de la classe ``cells`` sont
    ouvertes (``sweeps.q6_display``) ; 2×2 au moins : un affichage qui oublie une colonne
    ne montrerait rien d'un plateau 1×1, et un exemple tiré n'a qu'un plateau."""
    from .sweeps.q6_display import class_board, symmetric

    side = draw(st.integers(2, 8))
    mines = symmetric(draw(bit_grids(side, side)))
    return {"cells": cells, "boards": [class_board(cells, mines)]}


@st.composite
def layout_cases(draw, wide: bool = False) -> dict:
    """Un plateau de n'importe quelle forme, jusqu'à 50×20, pour la mise en page ; pour
    les espaces (``wide``), au moins deux colonnes, et jamais plus haut que large."""
    from .sweeps.q6_display import layout_board

    width, height = draw(any_sizes())
    if wide:  # au moins deux cases par ligne, jamais plus haut que large
        width, height = max(width, height, 2), min(width, height)
    return {"boards": [layout_board(width, height, draw(st.integers(0, 2**32)))]}


# -- Q4 ----------------------------------------------------------------------


@st.composite
def mines_cases(draw) -> dict:
    width, height = draw(sizes())
    cells = width * height
    # Une fois sur deux, toutes les cases ; sinon un nombre de 1 à toutes.
    nb_mines = cells if draw(st.booleans()) else draw(st.integers(1, cells))
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


@functools.cache
def coordinate(size: int) -> st.SearchStrategy[int]:
    """Une coordonnée sur un axe de ``size`` cases : près des bords, n'importe quel entier,
    ou un bord exactement."""
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


# Un entier au-delà de ce qu'un flottant représente : « pour tous les entiers » du
# contrat, que « 0 <= x / width < 1 » ne tient pas (OverflowError).
HUGE = 10**400
BEYOND_FLOATS = [[HUGE, 0, 50, 20], [-HUGE, 0, 50, 20], [0, HUGE, 50, 20], [0, -HUGE, 50, 20]]


@st.composite
def edge_sweep_cases(draw, count: int = 200) -> dict:
    """``count`` points tirés d'une graine (coordonnées de toutes sortes, plateaux petits
    et grands), envoyés en une série ; les bords de tous les plateaux sont l'exemple
    public du même test, vérifié une fois à chaque notation. Pas de réduction pour ce
    test : un point raté est revérifié seul, et c'est lui que montre le retour."""
    generator = random.Random(draw(st.integers(0, 2**32)))

    def size() -> tuple[int, int]:
        kind = generator.randrange(3)
        if kind == 0:
            return generator.randint(1, 7), generator.randint(1, 5)
        if kind == 1:
            return generator.choice(SPECIAL_SIZES + LARGE_SIZES)
        return generator.randint(1, MAX_WIDTH), generator.randint(1, MAX_HEIGHT)

    def coordinate_on(length: int) -> int:
        kind = generator.randrange(4)
        if kind == 0:
            return generator.randint(-2, length + 2)
        if kind == 1:
            return generator.choice([-1, 0, length - 1, length])
        if kind == 2:
            return generator.randint(-(10**6), 10**6)
        return generator.randint(-(2**70), 2**70)

    points = []
    for _ in range(count):
        width, height = size()
        points.append([coordinate_on(width), coordinate_on(height), width, height])
    return {"points": points}


@st.composite
def every_cell_cases(draw, key: str, ring: int = 0) -> dict:
    """Un plateau, petit ou grand, dont chaque case sera essayée (et ``ring`` cases de
    plus tout autour) : ``{key: grille, "points": [[x, y], ...]}``."""
    width, height = draw(any_sizes())
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
    opened = draw(bit_grids(width, height))
    x, y = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    opened[y][x] = False
    return {"opened": opened, "closed": (x, y)}


# Les blancs d'une ligne valide : aucun, un, plusieurs, des tabulations, et de longues
# suites (une ligne valide peut dépasser vingt caractères).
BEFORE = ["", " ", "  ", "\t", " " * 7]
BLANKS = [" ", "  ", "\t", " \t ", " " * 10]
AFTER = ["", " ", "\t ", " \t" * 4]


@st.composite
def valid_lines(draw, x: int, y: int) -> str:
    """Le coup (x, y) écrit comme un joueur peut l'écrire : des blancs avant, entre, après."""
    return f"{pick(draw, BEFORE)}{x}{pick(draw, BLANKS)}{y}{pick(draw, AFTER)}"


def bad_line(draw, opened: list) -> str:
    """Une ligne qui n'est pas un coup permis sur ce plateau."""
    width, height = len(opened[0]), len(opened)
    open_cells = [(x, y) for y in range(height) for x in range(width) if opened[y][x]]
    line = pick(draw, publics.malformed_lines(width, height))
    if open_cells and draw(st.booleans()):
        x, y = pick(draw, open_cells)
        line = f"{x} {y}"
    return line


@st.composite
def ask_cases(draw, bad: bool = True, valid: bool = True) -> dict:
    board = draw(boards_with_closed_cell())
    count = some(draw, 4, least=1) if bad else range(0)
    lines = [bad_line(draw, board["opened"]) for _ in count]
    if valid:
        lines.append(draw(valid_lines(*board["closed"])))
    return {"opened": board["opened"], "lines": lines}


# -- Q8, Q9 ------------------------------------------------------------------


# Les exemples tirés d'une classe de propagate_open_cells : un plateau de la classe, fait
# par les constructeurs de ses balayages (``sweeps.q8_flood``), à d'autres tailles et
# d'autres places.


@st.composite
def flood_class_cases(draw, flood: str) -> dict:
    from .sweeps import q8_flood as sweep

    if flood in ("directions", "in_place"):
        width, height = draw(st.integers(5, 14)), draw(st.integers(5, 10))
        if flood == "directions" and min(width, height) >= 6 and draw(st.booleans()):
            # Les deux cases vides à deux cases au moins de chaque bord.
            dx = pick(draw, [1, -1])
            x = draw(st.integers(2, width - 4)) + (dx < 0)
            board = sweep.corner_leak(width, height, x, draw(st.integers(2, height - 4)), dx)
        else:
            x, y = draw(st.integers(2, width - 3)), draw(st.integers(2, height - 3))
            board = sweep.ring(width, height, x, y)
    elif flood == "edges":
        side = pick(draw, ["gauche", "droite", "haut", "bas"])
        depth = draw(st.integers(2, 3))
        across = draw(st.integers(depth + 2, 12))
        along = draw(st.integers(1, 20 if side in ("gauche", "droite") else 50))
        width, height = (across, along) if side in ("gauche", "droite") else (along, across)
        board = sweep.along(side, width, height, depth)
    elif flood == "passes":
        width, height = draw(st.integers(5, 50)), draw(st.integers(5, 20))
        board = sweep.room(width, height, pick(draw, ["bas droite", "haut droite", "bas gauche"]))
    elif flood == "sources":
        count = draw(st.integers(2, 4))
        widths = [draw(st.integers(3, 6)) for _ in range(count)]
        height = draw(st.integers(5, 9))
        spaces, x = [], 1
        for width in widths:
            spaces.append((x, 1, x + width - 1, height - 2))
            x += width + 1
        opened = [index for index in range(count) if index == count - 1 or draw(st.booleans())]
        board = sweep.several(x, height, spaces, opened, [])
    elif flood == "numbers":
        # Des mines seules sur la dernière ligne de l'intérieur, loin de la case ouverte
        # (2, 2) ; une région de 200 cases au plus (les grandes sont aux passes).
        width, height = draw(st.integers(8, 20)), draw(st.integers(8, 12))
        columns = range(4, width - 3, 3)
        mines = [(x, height - 3) for x in columns if draw(st.booleans())] or [(4, height - 3)]
        board = sweep.islands(width, height, mines)
    else:  # open_cells : des chiffres et des mines ouverts, aucune case vide ouverte
        width, height = draw(sizes())
        rows = ["".join("*" if m else "." for m in row) for row in draw(bit_grids(width, height))]
        cells = [(x, y) for y in range(height) for x in range(width) if draw(st.booleans())]
        board = sweep.board(rows, cells, empty=False)
    return {"flood": flood, "boards": [board]}


FINISHED_KINDS = ["hasard", "gagné", "perdu"]


@st.composite
def finished_cases(draw) -> dict:
    width, height = draw(sizes())
    mines = draw(bool_grids(width, height))
    kind = pick(draw, FINISHED_KINDS)
    opened = draw(bit_grids(width, height))
    if kind == "gagné":
        opened = [[o or not m for m, o in zip(rm, ro)] for rm, ro in zip(mines, opened)]
    elif kind == "perdu":
        mined = [(x, y) for y in range(height) for x in range(width) if mines[y][x]]
        if mined:
            x, y = pick(draw, mined)
            opened = [[o or not m for m, o in zip(rm, ro)] for rm, ro in zip(mines, opened)]
            opened[y][x] = True
    return {"mines": mines, "opened": opened}


# Deux lignes et deux colonnes au moins : le plus petit plateau tiré n'est pas l'un de ceux
# du balayage public (une table apprise sur les cas publics n'y gagne rien).
SWEPT_SIZES = st.tuples(st.integers(2, 7), st.integers(2, 5))


@st.composite
def finished_sweeps(draw) -> dict:
    """Un plateau tiré, où chaque case décide à son tour (``publics.finished_points``)."""
    width, height = draw(SWEPT_SIZES)
    return {"points": publics.finished_points(draw(bit_grids(width, height)))}


# -- Q10, Q3 -----------------------------------------------------------------


@st.composite
def game_boards(draw) -> dict:
    """Un plateau en cours de partie (ni gagnée ni perdue), aux grilles cohérentes."""
    width, height = draw(sizes())
    mines = draw(bit_grids(width, height))
    safe = [(x, y) for y in range(height) for x in range(width) if not mines[y][x]]
    if not safe:
        x, y = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
        mines[y][x] = False
        safe = [(x, y)]
    neigh = expected.neigh_grid(mines)
    opened = [[False] * width for _ in range(height)]
    for _ in some(draw, 3):
        x, y = pick(draw, safe)
        opened[y][x] = True
    opened = expected.flood(mines, neigh, opened)
    if expected.game_state(mines, opened) != 0:
        opened = [[False] * width for _ in range(height)]
    return {"mines": mines, "neigh": neigh, "opened": opened}


@st.composite
def finished_boards(draw) -> dict:
    """Une partie déjà finie : gagnée (toutes les cases sans mine ouvertes, aucune mine
    ouverte) ou perdue (une mine ouverte, et des cases ouvertes au hasard, ou toutes les
    cases sans mine : perdue quand même)."""
    width, height = draw(sizes())
    mines = draw(bit_grids(width, height))
    mined = [(x, y) for y, row in enumerate(mines) for x, mine in enumerate(row) if mine]
    lost = bool(mined) and draw(st.booleans())
    if lost and draw(st.booleans()):
        opened = draw(bit_grids(width, height))
    else:
        opened = [[not mine for mine in row] for row in mines]
    if lost:
        x, y = pick(draw, mined)
        opened[y][x] = True
    return {"mines": mines, "neigh": expected.neigh_grid(mines), "opened": opened, "lines": []}


@st.composite
def turn_cases(draw, diagonal: bool = True, refused: bool = False) -> dict:
    """Un tour de play_turn : un plateau en cours de partie et le coup d'une case fermée,
    sur la diagonale (x == y : un indice transposé n'y change rien) ou hors d'elle ; avec
    ``refused``, des lignes refusées d'abord."""
    board = draw(game_boards())
    opened = board["opened"]
    closed = [
        (x, y)
        for y, row in enumerate(opened)
        for x, is_open in enumerate(row)
        if not is_open and (x == y) == diagonal
    ]
    assume(closed)
    lines = [bad_line(draw, opened) for _ in some(draw, 2)] if refused else []
    x, y = pick(draw, closed)
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


def answers(draw, refused: list, valid: str) -> list[str]:
    """Jusqu'à deux réponses refusées, puis la réponse permise."""
    return [*(pick(draw, refused) for _ in some(draw, 2)), valid]


def size_answers(draw, low: int, high: int) -> list[str]:
    """Quelques réponses refusées, puis une valeur permise : petite, ou une fois sur quatre
    la plus grande (une partie sur un grand plateau coûte cher à jouer ; le plus grand
    plateau a son propre test, ``largest_main_cases``)."""
    refused = publics.malformed_answers(high)
    valid = high if draw(st.integers(0, 3)) == 3 else draw(st.integers(low, min(high, 6)))
    return answers(draw, refused, str(valid))


@st.composite
def largest_main_cases(draw) -> dict:
    """main sur le plus grand plateau (50×20, 1 000 mines), après des réponses refusées."""
    lines = []
    for largest in (50, 20, 1000):
        refused = ["", "abc", "0", str(largest + 1), "-3", str(10 * largest)]
        lines += answers(draw, refused, str(largest))
    x, y = draw(st.integers(0, 49)), draw(st.integers(0, 19))
    return {"lines": [*lines, f"{x} {y}"], "seed": draw(st.integers(0, 10**6))}


@st.composite
def main_cases(draw) -> dict:
    widths = size_answers(draw, 1, 50)
    heights = size_answers(draw, 1, 20)
    width, height = int(widths[-1]), int(heights[-1])
    cells = width * height
    mines = answers(draw, publics.malformed_answers(cells), str(draw(st.integers(1, cells))))
    moves = [f"{x} {y}" for y in range(height) for x in range(width)]
    return {"lines": widths + heights + mines + moves, "seed": draw(st.integers(0, 10**6))}
