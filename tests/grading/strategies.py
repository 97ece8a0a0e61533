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

from . import expected, publics, secret

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

# Les exemples tirés du secret par test (``max_examples``), après ses exemples publics.
# hypothesis essaie toujours d'abord l'exemple le plus simple (chaque choix à sa plus
# petite valeur) : le même pour tous les secrets, un cas fixe de plus, qu'une table
# apprise sur le correcteur public connaît. Il est passé (``simplest_example``) : seuls
# les exemples tirés comptent.
DRAWN_EXAMPLES = 1


def simplest_example() -> bool:
    """L'exemple en cours est-il celui que hypothesis essaie d'abord, chaque choix à sa
    valeur la plus simple ? (Lu dans l'exemple en cours de hypothesis, dont la version
    est bornée dans pyproject.toml ; hors d'un exemple : non.)"""
    try:
        from hypothesis.control import current_build_context
        from hypothesis.internal.conjecture.choice import ChoiceTemplate

        prefix = current_build_context().data.prefix
    except Exception:  # pas d'exemple hypothesis en cours
        return False
    return bool(prefix) and isinstance(prefix[0], ChoiceTemplate) and prefix[0].type == "simplest"


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


# -- Q4, Q5, Q9 : des cas tirés du secret, sans hypothesis ---------------------
#
# Chaque ligne du barème de ces questions est jugée par un balayage fixe, public ; des cas
# tirés du secret (et du rendu) s'y ajoutent, pour qu'une table apprise par cœur sur les
# cas publics n'y gagne rien. Ils sont tirés ici d'un générateur semé par
# ``secret.seed`` (les cas publics du kit, sans secret), dans la classe de la ligne.


def drawn(label: str, public: int) -> random.Random:
    """Le générateur des cas tirés d'un test : ``public`` sans secret, tiré du secret sinon."""
    return random.Random(secret.seed(label, public))


def some_size(rng: random.Random) -> tuple[int, int]:
    """Un plateau, petit (souvent) ou grand, de toutes les formes."""
    kind = rng.randrange(3)
    if kind == 0:
        return rng.randint(1, 7), rng.randint(1, 5)
    if kind == 1:
        return rng.choice(SPECIAL_SIZES + LARGE_SIZES)
    return rng.randint(1, MAX_WIDTH), rng.randint(1, MAX_HEIGHT)


def some_grid(rng: random.Random, width: int, height: int, least: int = 0) -> list[list[bool]]:
    """Une grille au hasard, d'une densité tirée, avec ``least`` cases à True et autant à
    False au moins (quand la grille a assez de cases) : une grille presque vide ou presque
    pleine d'un petit plateau pourrait être l'une de celles des balayages publics."""
    least = min(least, width * height // 2)
    while True:
        density = rng.choice(DENSITIES)
        grid = [[rng.random() < density for _ in range(width)] for _ in range(height)]
        mined = sum(map(sum, grid))
        if least <= mined <= width * height - least:
            return grid


def true_cells(grid: list[list[bool]]) -> list[int]:
    """Les cases à True d'une grille, numérotées ligne après ligne."""
    width = len(grid[0])
    return [y * width + x for y, row in enumerate(grid) for x, cell in enumerate(row) if cell]


def some_seeds(rng: random.Random, count: int) -> list[int]:
    return rng.sample(range(10**9), count)


def mines_boards(rng: random.Random, count: int = 3) -> list[list[int]]:
    """Des plateaux ``[largeur, hauteur, nb_mines]`` pour la ligne du nombre : peu de mines
    (un tirage qui recommence au moindre doublon y finit vite), ou plus de la moitié des
    cases (un plateau dense qui ne finit pas n'y est pas jugé) ; toutes les cases sur un
    plateau de six cases au plus."""
    boards = []
    for _ in range(count):
        width, height = some_size(rng)
        cells = width * height
        if cells <= SMALL_FULL:
            nb_mines = rng.randint(1, cells)
        elif rng.random() < 0.5:
            nb_mines = rng.randint(1, max(1, min(cells // 2, int((10 * cells) ** 0.5))))
        else:
            nb_mines = rng.randint(cells // 2 + 1, cells - 1)
        boards.append([width, height, nb_mines])
    return boards


# Au plus tant de cases, un plateau tiré peut être tout miné dans la ligne du nombre (au-delà,
# finir vite sur un plateau plein est l'affaire de sa propre ligne).
SMALL_FULL = 6


def dirty_grids(rng: random.Random, count: int = 2) -> list[list]:
    """Des grilles reçues sales ``[largeur, hauteur, cases à True]``, deux cases à True au
    moins (petites : un plateau plein de 50×20 est dans le balayage)."""
    grids = []
    for _ in range(count):
        width, height = rng.randint(1, 7), rng.randint(1, 5)
        if width * height < 2:
            width = 2
        grids.append([width, height, true_cells(some_grid(rng, width, height, least=2))])
    return grids


def full_boards(rng: random.Random) -> list[list[int]]:
    """Un plateau plein ou presque (toutes les cases, ou toutes sauf une)."""
    width, height = some_size(rng)
    cells = width * height
    return [[width, height, cells if cells == 1 or rng.random() < 0.5 else cells - 1]]


def random_use_case(rng: random.Random) -> dict:
    """Un plateau et six graines différentes, pour voir d'où vient le hasard."""
    width, height = rng.randint(3, 7), rng.randint(2, 5)
    return {
        "width": width,
        "height": height,
        "nb_mines": rng.randint(2, width * height // 2),
        "seeds": some_seeds(rng, 6),
    }


def open_grids(rng: random.Random, count: int = 2) -> list[list]:
    """Des grilles ``[largeur, hauteur, cases ouvertes]``, petites ou grandes."""
    grids = []
    for _ in range(count):
        width, height = some_size(rng)
        grids.append([width, height, true_cells(some_grid(rng, width, height, least=2))])
    return grids


# -- Q5 ----------------------------------------------------------------------


@functools.cache
def coordinate(size: int) -> st.SearchStrategy[int]:
    """Une coordonnée sur un axe de ``size`` cases : près des bords, n'importe quel entier,
    ou un bord exactement."""
    return st.one_of(
        st.integers(-2, size + 2), st.integers(), st.sampled_from([-1, size, size - 1, 0])
    )


MAX_WIDTH, MAX_HEIGHT = 50, 20  # les plus grands plateaux du sujet

# Un entier au-delà de ce qu'un flottant représente : « pour tous les entiers » du
# contrat, que « 0 <= x / width < 1 » ne tient pas (OverflowError).
HUGE = 10**400


@st.composite
def every_cell_cases(draw, key: str, ring: int = 0) -> dict:
    """Un plateau, petit ou grand, dont chaque case sera essayée (et ``ring`` cases de
    plus tout autour) : ``{key: grille, "points": [[x, y], ...]}``."""
    width, height = draw(any_sizes())
    grid = draw(bool_grids(width, height))
    return {key: grid, "points": expected.every_cell(grid, ring)}


def edge_points(rng: random.Random, count: int = 200) -> list[list[int]]:
    """``count`` points ``[x, y, largeur, hauteur]`` de toutes sortes : près des bords,
    loin, très loin (jusqu'à 2**50), sur des plateaux petits et grands."""

    def coordinate_on(length: int) -> int:
        kind = rng.randrange(4)
        if kind == 0:
            return rng.randint(-2, length + 2)
        if kind == 1:
            return rng.choice([-1, 0, length - 1, length])
        if kind == 2:
            return rng.randint(-(10**6), 10**6)
        return rng.randint(-(2**50), 2**50)

    points = []
    for _ in range(count):
        width, height = some_size(rng)
        points.append([coordinate_on(width), coordinate_on(height), width, height])
    return points


def huge_points(rng: random.Random, count: int = 12) -> list[list[int]]:
    """Des points dont une coordonnée au moins est immense (au-delà des flottants ou de 64
    bits), l'autre sur le plateau ou immense aussi."""
    points = []
    for _ in range(count):
        width, height = some_size(rng)
        far = rng.choice([HUGE, 2**64, 10**20]) + rng.randrange(10**6)
        far *= rng.choice([1, -1])
        x, y = rng.randrange(width), rng.randrange(height)
        points.append(
            rng.choice(
                [[far, y, width, height], [x, far, width, height], [far, -far, width, height]]
            )
        )
    return points


# Les plateaux tirés où une classe de cases de nb_adjacent_mines existe : (largeur, hauteur)
# au moins, au plus ; au moins cinq colonnes (les balayages publics essaient chaque case des
# plateaux de quatre colonnes au plus).
CLASS_SIZES = {
    "interior": ((5, 3), (9, 7)),
    "edge": ((5, 3), (9, 7)),
    "corner": ((5, 2), (9, 7)),
    "itself": ((5, 2), (9, 7)),
}


def neighbour_case(rng: random.Random, cells: str) -> dict:
    """Un plateau tiré (mines au hasard) dont chaque case de la classe ``cells`` est
    essayée (``q5_neighbours.neighbour_points``) ; pour ``itself``, une taille tirée (la
    case seule minée) ; pour ``thin``, une ligne ou une colonne jusqu'à 50 ou 20 cases."""
    if cells == "thin":
        if rng.random() < 0.5:
            size = (1, rng.randint(5, MAX_HEIGHT))
        else:
            size = (rng.randint(5, MAX_WIDTH), 1)
        return {"cells": cells, "boards": [some_grid(rng, *size, least=2)]}
    (low_x, low_y), (high_x, high_y) = CLASS_SIZES[cells]
    width, height = rng.randint(low_x, high_x), rng.randint(low_y, high_y)
    if cells == "itself":
        return {"cells": cells, "small": [[width, height]]}
    return {"cells": cells, "boards": [some_grid(rng, width, height, least=2)]}


def neigh_board(rng: random.Random, large: bool = False) -> dict:
    """Un plateau tiré (mines au hasard), neigh toute à 0."""
    width, height = rng.choice(LARGE_SIZES) if large else some_size(rng)
    mines = some_grid(rng, width, height, least=2)
    return {"mines": mines, "neigh": [[0] * width for _ in mines]}


def staggered(width: int, height: int) -> list[list[bool]]:
    """Une mine toutes les deux cases (x et y pairs), sauf dans les quatre cases de chaque
    coin : aucune case minée n'a de voisine minée (une fonction qui saute les cases minées
    n'y perd rien), aucun coin ne compte de mine (un compte faux dans un coin non plus),
    chaque autre case en compte une, deux ou quatre (une case oubliée s'y voit)."""

    def far_from_corners(x: int, y: int) -> bool:
        return min(x, width - 1 - x) > 1 or min(y, height - 1 - y) > 1

    return [
        [x % 2 == 0 and y % 2 == 0 and far_from_corners(x, y) for x in range(width)]
        for y in range(height)
    ]


def staggered_board(rng: random.Random) -> dict:
    """Un plateau tiré de 20 à 48 colonnes (ni l'un de ceux du balayage public, ni une
    seule ligne), neigh toute à 0 : les mines de ``staggered``, chacune gardée trois fois
    sur quatre (aucune mine n'a de voisine minée, aucun coin ne compte de mine),
    pour qu'une table apprise sur les cas publics ne connaisse pas le plateau, quelle que
    soit sa taille."""
    width, height = rng.randint(20, MAX_WIDTH - 2), rng.randint(2, MAX_HEIGHT)
    mines = [[cell and rng.random() < 0.75 for cell in row] for row in staggered(width, height)]
    return {"mines": mines, "neigh": [[0] * width for _ in mines]}


def dirty_neigh_board(rng: random.Random) -> dict:
    """Un plateau tiré sans mine, neigh pleine de nombres d'avant."""
    width, height = rng.randint(1, 9), rng.randint(1, 7)
    neigh = [[rng.randint(-3, 12) for _ in range(width)] for _ in range(height)]
    return {"mines": [[False] * width for _ in range(height)], "neigh": neigh}


# -- Q7 ----------------------------------------------------------------------


@st.composite
def move_ok_class_cases(draw, kind: str) -> dict:
    """Un plateau, petit ou grand, et chaque point de la classe ``kind`` autour de lui
    (``publics.move_ok_points``). Huit cases au moins : sur un plateau de deux cases, les
    cas tirés du secret seraient souvent ceux d'un cas public, qu'une table apprise sur le
    correcteur public connaît."""
    width, height = draw(any_sizes().filter(lambda size: size[0] * size[1] >= 8))
    return publics.move_ok_case(draw(bool_grids(width, height)), kind)


@st.composite
def closed_diagonal_boards(draw, least_cells: int = 1) -> list[list[bool]]:
    """Un plateau (``least_cells`` cases au moins) dont une case (k, k) est fermée : le
    coup valide de ``publics.closing_line``."""
    width, height = draw(sizes())
    if width * height < least_cells:
        width, height = 4, 3
    opened = draw(bit_grids(width, height))
    k = draw(st.integers(0, min(width, height) - 1))
    opened[k][k] = False
    return opened


def bad_line(draw, opened: list) -> str:
    """Une ligne qui n'est pas un coup permis sur ce plateau, d'une classe tirée."""
    kinds = [kind for kind in publics.BAD_LINE_KINDS if publics.class_lines(kind, opened)]
    return pick(draw, publics.class_lines(pick(draw, kinds), opened))


@st.composite
def ask_class_cases(draw, kind: str) -> dict:
    """Un cas de ask_move : un plateau, quelques lignes refusées de la classe ``kind``
    (les mêmes que ses cas publics, sur ce plateau), puis le coup valide."""
    opened = draw(closed_diagonal_boards(least_cells=2 if kind == "open" else 1))
    closing = publics.closing_line(opened)
    if kind == "open" and not publics.open_lines(opened):
        x, y = next(
            (x, y)
            for y in range(len(opened))
            for x in range(len(opened[0]))
            if f"{x} {y}" != closing
        )
        opened[y][x] = True
    members = publics.class_lines(kind, opened)
    lines = [pick(draw, members) for _ in some(draw, 3, least=1)]
    return {"opened": opened, "lines": [*lines, closing]}


@st.composite
def ask_messages_cases(draw) -> dict:
    """Un cas de ask_move : des lignes refusées de toutes les classes, puis le coup valide."""
    opened = draw(closed_diagonal_boards())
    lines = [bad_line(draw, opened) for _ in some(draw, 4, least=1)]
    closing = publics.closing_line(opened)
    every = [line for kind in publics.BAD_LINE_KINDS for line in publics.class_lines(kind, opened)]
    return {"opened": opened, "lines": [*lines, closing], "fallback": [*every, closing]}


@st.composite
def valid_line_cases(draw) -> dict:
    """Un cas de ask_move : quelques coups valides d'un plateau, écrits avec des blancs."""
    width, height = draw(any_sizes())
    opened = (
        draw(bit_grids(width, height))
        if width * height <= 64
        else publics.grid(False, width, height)
    )
    closed = [(x, y) for y in range(height) for x in range(width) if not opened[y][x]]
    if not closed:
        opened[0][0] = False
        closed = [(0, 0)]
    moves = [pick(draw, closed) for _ in some(draw, 2, least=1)]
    spacing = pick(draw, publics.VALID_SPACINGS)
    return publics.valid_case(opened, moves, [spacing])


@st.composite
def end_of_input_cases(draw) -> dict:
    """Un plateau d'au moins six cases, ouvertes au hasard, et aucune ligne (un plateau
    tout fermé d'une taille courante, une table apprise sur le correcteur public le
    connaîtrait)."""
    width, height = draw(sizes())
    if width * height < 6:
        width, height = 4, 3
    return {"opened": draw(bit_grids(width, height)), "lines": []}


@st.composite
def keep_asking_cases(draw) -> dict:
    # Le cas public en a 120 : un tirage de plus de 50 suffit à changer le cas.
    return publics.keep_asking_case(draw(st.integers(51, 60)))


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


def game_boards_of(rng: random.Random, count: int = 2) -> list[list[list[bool]]]:
    """Des grilles de mines tirées, de 5×2 à 6×5 (des formes que le balayage public n'a
    pas), où chaque case décidera à son tour d'une partie (``q9_end.game_points``)."""
    return [some_grid(rng, rng.randint(5, 6), rng.randint(2, 5), least=1) for _ in range(count)]


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


@st.composite
def refused_main_cases(draw, kind: str) -> dict:
    """Un cas de main : une réponse refusée de la classe ``kind`` à chaque question (comme
    les cas publics, dans un autre ordre), puis un plateau tout miné."""
    highs = [*publics.HIGHS, 30]
    answers = [
        [pick(draw, publics.answer_class(kind, high)), valid]
        for high, valid in zip(highs, publics.MAIN_VALID)
    ]
    call = publics.main_call(answers, publics.MAIN_MOVES)
    return publics.main_case([call], draw(st.integers(0, 10**6)))


@st.composite
def refused_twice_main_cases(draw) -> dict:
    """Un cas de main : à une question, des réponses refusées de suite, puis la réponse
    permise."""
    case = publics.refused_twice_case(draw(st.integers(0, 10**6)))
    answers = case["calls"][0]["answers"]
    for q, valid in enumerate(publics.MAIN_VALID):
        refused = answers[q][:-1]
        count = draw(st.integers(2, len(refused)))
        answers[q] = [*draw(st.permutations(refused))[:count], valid]
    fallback = publics.refused_twice_case(case["seed"])
    return {**publics.main_case(case["calls"], case["seed"]), "fallback": fallback}


@st.composite
def main_messages_cases(draw) -> dict:
    """Un cas de main : quelques réponses refusées de toutes les classes à chaque question."""
    highs = [*publics.HIGHS, 30]
    answers = []
    for high, valid in zip(highs, publics.MAIN_VALID):
        refused = [
            pick(draw, publics.answer_class(pick(draw, publics.ANSWER_KINDS), high))
            for _ in some(draw, 2)
        ]
        answers.append([*refused, valid])
    call = publics.main_call(answers, publics.MAIN_MOVES)
    seed = draw(st.integers(0, 10**6))
    return {**publics.main_case([call], seed), "fallback": publics.every_refused_answer(seed)}


@st.composite
def played_main_cases(draw, kind: str = "inner") -> dict:
    """Un cas de main qui ne tape que des réponses permises. ``inner`` : aucune n'est une
    borne (ni 1, ni 50, ni 20, ni largeur × hauteur : une borne exclue par erreur est la
    faute d'un autre test) ; ``smallest`` : l'une vaut 1, aucune n'est une borne haute ;
    ``largest`` : l'une est sa borne haute, aucune ne vaut 1."""
    width, height = draw(st.integers(2, 49)), draw(st.integers(2, 19))
    if draw(st.booleans()):
        width, height = draw(st.integers(2, 7)), draw(st.integers(2, 5))
    nb_mines = draw(st.integers(2, width * height - 1))
    which = draw(st.integers(0, 2))
    if kind == "smallest":
        if which == 0:
            width = 1
        elif which == 1:
            height = 1
        nb_mines = 1 if which == 2 else min(nb_mines, width * height - 1)
        nb_mines = max(nb_mines, 1)
    if kind == "largest":
        if which == 0:
            width = 50
        elif which == 1:
            height = 20
        if which == 2 or draw(st.booleans()):
            nb_mines = width * height
    return publics.played_case([(width, height, nb_mines)], draw(st.integers(0, 10**6)))
