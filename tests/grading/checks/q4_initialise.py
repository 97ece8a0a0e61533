"""Q4 : initialise_mines (le nombre, le hasard, l'uniformité) et initialise_open."""

from __future__ import annotations

import itertools
import math

from .. import stats
from ..boards import (
    short,
    show_grids,
    size,
)
from ..wire import same
from .common import expect_grid, expect_no_error, expect_rows_kept, fail


def initialise_mines_count(sub, case: dict, expected=None):
    """Exactement nb_mines mines, quelle que soit la grille reçue."""
    grid, nb_mines = case["grid"], case["nb_mines"]
    example = (
        f"  Exemple : plateau {size(grid)}, nb_mines = {nb_mines}, grille reçue :\n"
        f"{show_grids(mines=grid)}"
    )
    outcome = sub.call("initialise_mines", grid, nb_mines, seed=case["seed"])
    expect_no_error(outcome, "initialise_mines", example)
    expect_rows_kept(outcome, "initialise_mines", ["mines"], example)
    after = outcome.args[0]
    before = sum(row.count(True) for row in grid)
    if same(after, grid) and before < nb_mines:
        # Placer des mines aurait forcément changé une case : rien n'a été écrit.
        fail(
            "initialise_mines n'a pas modifié la grille reçue : il faut changer ses cases "
            "(mines[y][x] = ...), pas créer une nouvelle grille.\n" + example,
            example=example,
        )
    expect_mines_shape(after, len(grid[0]), len(grid), example)
    odd = [(x, y) for y, row in enumerate(after) for x, v in enumerate(row) if type(v) is not bool]
    if odd:
        x, y = odd[0]
        fail(
            f"chaque case de mines doit valoir True ou False ; la case (x={x}, y={y}) vaut "
            f"{short(after[y][x])}.\n{example}",
            example=example,
        )
    count = sum(row.count(True) for row in after)
    if count != nb_mines:
        kept = before and all(
            after[y][x] for y, row in enumerate(grid) for x, cell in enumerate(row) if cell
        )
        hint = ""
        if same(after, grid):
            # Rien n'a changé : la fonction n'écrit pas dans la grille reçue, ou elle a
            # posé ses mines sur des cases déjà à True sans les remettre à False.
            hint = (
                "\n  La grille reçue n'a pas changé du tout : initialise_mines doit changer "
                "ses cases (mines[y][x] = ...), pas créer une nouvelle grille, et d'abord "
                "remettre à False les cases qui valaient déjà True (la grille reçue peut "
                "contenir n'importe quoi)."
            )
        elif kept and count > nb_mines:
            hint = (
                f"\n  Les {before} case(s) qui valaient True dans la grille reçue le sont "
                "restées : il faut d'abord remettre à False les cases qui valaient déjà True "
                "(la grille reçue peut contenir n'importe quoi), puis placer les mines."
            )
        fail(
            f"initialise_mines doit placer exactement {nb_mines} mine(s), il y en a {count}."
            f"{hint}\n{example}\n  Grille obtenue :\n{show_grids(mines=after)}",
            example=example,
        )


def expect_mines_shape(after, width: int, height: int, example: str):
    """La grille modifiée par initialise_mines a gardé sa forme : height lignes de width cases."""
    if not (
        type(after) is list
        and len(after) == height
        and all(type(row) is list and len(row) == width for row in after)
    ):
        fail(
            f"initialise_mines a changé la forme de la grille : {short(after)}\n{example}",
            example=example,
        )


def mine_cells(grid: list[list[bool]]) -> tuple[int, ...]:
    """Les cases minées d'une grille (``True``), numérotées ligne après ligne."""
    cells = list(itertools.chain.from_iterable(grid))
    if set(map(type, cells)) <= {bool}:  # le cas ordinaire, sans boucle Python
        return tuple(itertools.compress(range(len(cells)), cells))
    return tuple(number for number, value in enumerate(cells) if value is True)


def initialise_mines_uses_random(sub, case: dict, expected=None):
    """Le tirage vient du module random, sans jamais appeler random.seed, et il a lieu
    même quand la grille reçue a déjà nb_mines mines (aux premières cases, ici)."""
    width, height, nb_mines = case["width"], case["height"], case["nb_mines"]
    example = (
        f"  Exemple : plateau {width}×{height}, nb_mines = {nb_mines}, grille reçue avec "
        f"déjà {nb_mines} mine(s) aux premières cases."
    )
    placements = []
    for seed in [case["seeds"][0], *case["seeds"]]:
        cells = [number < nb_mines for number in range(width * height)]
        grid = [cells[y * width : (y + 1) * width] for y in range(height)]
        outcome = sub.call("initialise_mines", grid, nb_mines, seed=seed)
        expect_no_error(outcome, "initialise_mines", example)
        expect_mines_shape(outcome.args[0], width, height, example)
        placements.append(mine_cells(outcome.args[0]))
        if outcome.reseeded:
            # Vu par le processus de travail à n'importe quel appel de la fonction depuis
            # son lancement : une graine posée une seule fois, au premier appel, compte.
            fail(
                "initialise_mines ne doit jamais re-semer le module random (random.seed ou "
                "random.setstate) : le programme pose la graine, la fonction ne fait que "
                "tirer.\n" + example,
                example=example,
            )
    if placements[0] != placements[1]:
        fail(
            "initialise_mines doit tirer ses mines avec le module random : après le même "
            "random.seed(...), deux appels ont donné des plateaux différents (la fonction "
            "appelle-t-elle random.seed, ou un autre générateur que random ?).\n" + example,
            example=example,
        )
    if len(set(placements[1:])) == 1:
        fail(
            f"initialise_mines a placé les mines aux mêmes cases pour {len(case['seeds'])} "
            "graines différentes : le hasard doit changer d'une partie à l'autre (la "
            "fonction appelle-t-elle random.seed, ou garde-t-elle une grille reçue qui a "
            "déjà le bon nombre de mines ?).\n" + example,
            example=example,
        )


# Le temps de calcul d'une série de tirages (40 à 7 000 appels d'initialise_mines).
SERIES_SECONDS = 30


def initialise_mines_uniform(sub, case: dict, expected=None):
    """Chaque ensemble de nb_mines cases a la même probabilité (test du khi-deux), quelle
    que soit la grille reçue (``case["received"]`` mines déjà posées, aux premières cases)."""
    width, height, nb_mines, draws, received = (
        case["width"],
        case["height"],
        case["nb_mines"],
        case["draws"],
        case["received"],
    )
    cells = width * height
    example = f"  Exemple : {draws} tirages sur un plateau {width}×{height}, nb_mines = {nb_mines}"
    example += (
        f", grille reçue avec déjà {received} mine(s) aux premières cases." if received else "."
    )
    grid = [[y * width + x < received for x in range(width)] for y in range(height)]
    pending = list(range(case["first_seed"], case["first_seed"] + draws))
    placements = []
    # Le premier tirage seul, avec la limite d'un appel : une fonction qui ne se termine
    # jamais sur ce plateau coûte le temps d'un appel, pas celui de toute la série.
    chunk, seconds = 1, sub.limits.call_seconds
    while pending:
        series = sub.draws(
            "initialise_mines", grid, nb_mines, seeds=pending[:chunk], seconds=seconds
        )
        chunk, seconds = len(pending), SERIES_SECONDS
        for after in series:
            if type(after) is tuple:  # les cases minées d'une grille de la bonne forme
                placements.append(after)
                continue
            if after is None:  # ce tirage, refait seul, dit ce qui ne va pas
                outcome = sub.call(
                    "initialise_mines", grid, nb_mines, seed=pending[len(series) - 1]
                )
                expect_no_error(outcome, "initialise_mines", example)
                after = outcome.args[0]
            expect_mines_shape(after, width, height, example)
            placements.append(mine_cells(after))
        pending = pending[len(series) :]
    wrong = [p for p in placements if len(p) != nb_mines]
    if wrong:
        fail(
            f"initialise_mines doit placer exactement {nb_mines} mine(s) ; un tirage en a "
            f"placé {len(wrong[0])}.\n{example}",
            example=example,
        )
    cell_counts = [0] * cells
    for placement in placements:
        for cell in placement:
            cell_counts[cell] += 1
    never = [c for c in range(cells) if cell_counts[c] == 0]
    if never and stats.never_chosen_is_meaningful(cells, nb_mines, draws):
        x, y = never[0] % width, never[0] // width
        fail(
            f"en {draws} tirages, la case (x={x}, y={y}) n'a jamais reçu de mine : "
            f"toutes les cases doivent pouvoir être choisies.\n{example}",
            example=example,
        )
    rows = [sum(cell_counts[y * width : (y + 1) * width]) for y in range(height)]
    columns = [sum(cell_counts[x::width]) for x in range(width)]
    # Chaque comparaison, et ce qu'elle montre quand elle échoue.
    p_values = {"cases": stats.groups_p_value(cell_counts, [1] * cells, nb_mines, draws)}
    if height > 1:
        p_values["lignes"] = stats.groups_p_value(rows, [width] * height, nb_mines, draws)
    if width > 1:
        p_values["colonnes"] = stats.groups_p_value(columns, [height] * width, nb_mines, draws)
    if math.comb(cells, nb_mines) <= 200:
        subsets = {c: i for i, c in enumerate(itertools.combinations(range(cells), nb_mines))}
        counts: dict[int, int] = {}
        for placement in placements:
            key = subsets[tuple(sorted(placement))]
            counts[key] = counts.get(key, 0) + 1
        p_values["ensembles"] = stats.subsets_p_value(counts, len(subsets), draws)
    worst = min(p_values, key=p_values.__getitem__)
    if p_values[worst] < stats.ALPHA:
        fail(
            f"les mines ne sont pas placées uniformément : {UNEVEN[worst]} "
            f"(test du khi-deux, p = {p_values[worst]:.1e}).\n{example}\n"
            f"{frequencies(worst, cell_counts, rows, columns, width, draws)}",
            example=example,
        )


# Ce que montre une comparaison de l'uniformité qui échoue.
UNEVEN = {
    "cases": "certaines cases sont choisies bien plus souvent que d'autres",
    "lignes": "certaines lignes reçoivent bien plus de mines que d'autres",
    "colonnes": "certaines colonnes reçoivent bien plus de mines que d'autres",
    "ensembles": "certains groupes de cases sont choisis ensemble bien plus souvent que d'autres",
}
# Au-delà, les fréquences sont données par ligne, par colonne ou pour les cases les plus
# et les moins choisies, plutôt que case par case.
FREQUENCY_COLUMNS = 12


def frequencies(
    worst: str, cell_counts: list[int], rows: list[int], columns: list[int], width: int, draws
) -> str:
    """Les fréquences des mines qui montrent l'écart ``worst`` (une clé de ``UNEVEN``),
    en 80 colonnes : case par case sur un petit plateau ; sinon par ligne ou par colonne
    (en moyenne par case), ou les cases les plus et les moins choisies."""
    height, cells = len(rows), len(cell_counts)
    wanted = f"attendu {sum(cell_counts) / draws / cells:.2f} partout"
    if width <= FREQUENCY_COLUMNS:
        table = "\n".join(
            "    " + " ".join(f"{cell_counts[y * width + x] / draws:4.2f}" for x in range(width))
            for y in range(height)
        )
        return f"  Fréquence de chaque case ({wanted}) :\n{table}"
    if worst in ("lignes", "colonnes"):
        axis, counts, size = ("y", rows, width) if worst == "lignes" else ("x", columns, height)
        items = [f"{axis}={i:<2} {count / draws / size:.2f}" for i, count in enumerate(counts)]
        title = "ligne par ligne" if worst == "lignes" else "colonne par colonne"
    else:
        order = sorted(range(cells), key=lambda c: (cell_counts[c], c))
        chosen = order[-5:][::-1] + order[:5]
        items = [f"({c % width}, {c // width}) {cell_counts[c] / draws:.2f}" for c in chosen]
        title = "les cinq cases les plus choisies, puis les cinq moins choisies"
    lines = ["    " + "   ".join(items[i : i + 6]) for i in range(0, len(items), 6)]
    return f"  Fréquence moyenne d'une case, {title} ({wanted}) :\n" + "\n".join(lines)


def initialise_open_closes_all(sub, case: dict, expected=None):
    """Après l'appel, toutes les cases sont fermées (False)."""
    grid = case["grid"]
    example = f"  Exemple : plateau {size(grid)}, grille reçue :\n{show_grids(opened=grid)}"
    outcome = sub.call("initialise_open", grid)
    expect_no_error(outcome, "initialise_open", example)
    expect_rows_kept(outcome, "initialise_open", ["opened"], example)
    closed = [[False] * len(grid[0]) for _ in grid]
    expect_grid("initialise_open", "opened", grid, closed, outcome.args[0], example)
