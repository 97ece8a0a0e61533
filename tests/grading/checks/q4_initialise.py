"""Q4 : initialise_mines (le nombre, la grille reçue, la fin, le hasard, l'uniformité) et
initialise_open (chaque case fermée, les lignes gardées).

Les balayages arrivent en cas compacts (des plateaux ``[largeur, hauteur, nb_mines]`` et
des graines) : le kit les garde tels quels, et chaque vérification les déplie."""

from __future__ import annotations

import collections
import itertools
import math
from dataclasses import dataclass
from operator import setitem

from .. import faults, stats
from ..boards import (
    short,
    show_grids,
    size,
)
from ..calls import GraderAbort
from ..wire import same
from .common import expect_grid, expect_no_error, expect_rows_kept, fail

# Le temps de calcul d'un tirage sur un plateau dense (plus de la moitié des cases
# minées) ou plein : une fonction correcte y met quelques millisecondes, même en tirant
# au hasard jusqu'à tomber sur une case libre. Au-delà, elle ne finit pas « promptement ».
PROMPT_SECONDS = 1.0
# Le temps de calcul d'une série de tirages (jusqu'à quelques milliers d'appels).
SERIES_SECONDS = 30
# Ce qu'un tirage qui ne finit pas sur un plateau dense peut coûter : ce n'est pas la
# faute de la ligne qui le tire (sauf celle de la fin), qui ne juge plus les plateaux denses.
STOPPED = ("cpu", "idle")


def dense(width: int, height: int, nb_mines: int) -> bool:
    """Plus de la moitié des cases minées : là, finir vite est l'affaire de
    ``test_initialise_mines_full_board`` seule.

    >>> dense(4, 2, 5), dense(4, 2, 4)
    (True, False)
    """
    return 2 * nb_mines > width * height


def clean_grid(width: int, height: int) -> list[list[bool]]:
    return [[False] * width for _ in range(height)]


def received_grid(width: int, height: int, cells) -> list[list[bool]]:
    """Une grille reçue où seules les cases ``cells`` (numérotées ligne après ligne) valent
    True."""
    chosen = set(cells)
    return [[y * width + x in chosen for x in range(width)] for y in range(height)]


def board_example(width: int, height: int, nb_mines: int, grid=None) -> str:
    text = f"  Exemple : plateau {width}×{height}, nb_mines = {nb_mines}"
    if grid is None or not any(map(any, grid)):
        return text + ", grille reçue toute à False."
    return f"{text}, grille reçue :\n{show_grids(mines=grid)}"


# ---------------------------------------------------------------------------
# Un appel seul, qui explique
# ---------------------------------------------------------------------------


def initialise_mines_count(sub, case: dict, expected=None):
    """Exactement nb_mines mines, quelle que soit la grille reçue, sur place (un appel ;
    ``case["seen"]`` : les nombres de mines de tirages faits avant, s'il y en a)."""
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
        elif count < nb_mines:
            hint = faults.fewer_mines(nb_mines, case.get("seen") or [count])
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


# ---------------------------------------------------------------------------
# Une série de tirages
# ---------------------------------------------------------------------------


def placements_of(
    sub, grid: list, nb_mines: int, seeds: list[int], example: str, seconds: float
) -> list[tuple[int, ...]]:
    """Les cases minées de chaque tirage (``random.seed(graine)`` avant chacun), sur une
    copie neuve de ``grid`` à chaque fois. Un tirage qui lève une exception ou change la
    forme de la grille fait échouer, expliqué. Le premier tirage est seul, avec la limite
    ``seconds`` : une fonction qui ne se termine pas coûte le temps d'un appel.
    Lève :class:`GraderAbort` si un tirage ne finit pas."""
    width, height = len(grid[0]), len(grid)
    pending = list(seeds)
    placements: list[tuple[int, ...]] = []
    chunk = 1
    while pending:
        series = sub.draws(
            "initialise_mines", grid, nb_mines, seeds=pending[:chunk], seconds=seconds
        )
        chunk, seconds = len(pending), max(seconds, SERIES_SECONDS)
        for after in series:
            if type(after) is tuple:  # les cases minées d'une grille de la bonne forme
                placements.append(after)
                continue
            if after is None:  # ce tirage, refait seul, dit ce qui ne va pas
                seed = pending[len(series) - 1]
                outcome = sub.call("initialise_mines", grid, nb_mines, seed=seed)
                expect_no_error(outcome, "initialise_mines", example)
                after = outcome.args[0]
            expect_mines_shape(after, width, height, example)
            placements.append(mine_cells(after))
        pending = pending[len(series) :]
    return placements


def initialise_mines_counts(sub, case: dict, expected=None):
    """Exactement nb_mines mines sur chaque plateau ``case["boards"]`` (grille reçue toute
    à False), pour chaque graine ``case["seeds"]``. Un plateau dense où la fonction ne finit
    pas n'est pas jugé ici (ni les plateaux denses suivants) : c'est la ligne de la fin."""
    seeds, slow = case["seeds"], False
    for width, height, nb_mines in case["boards"]:
        crowded = dense(width, height, nb_mines)
        if slow and crowded:
            continue
        grid = clean_grid(width, height)
        example = board_example(width, height, nb_mines)
        seconds = PROMPT_SECONDS if crowded else sub.limits.call_seconds
        try:
            placements = placements_of(sub, grid, nb_mines, seeds, example, seconds)
        except GraderAbort as abort:
            if not (crowded and abort.cause in STOPPED):
                raise
            slow = True
            continue
        seen = [len(placement) for placement in placements]
        for seed, placement in zip(seeds, placements):
            if len(placement) != nb_mines:
                # Refait seul, le tirage montre la grille obtenue et ce qui ne va pas.
                again = {"grid": grid, "nb_mines": nb_mines, "seed": seed, "seen": seen}
                initialise_mines_count(sub, again)
                fail(
                    f"initialise_mines doit placer exactement {nb_mines} mine(s) ; un tirage "
                    f"en a placé {len(placement)}, puis le bon nombre quand il a été refait "
                    f"seul, avec la même graine.\n{example}",
                    example=example,
                )


def initialise_mines_clears(sub, case: dict, expected=None):
    """Rien de la grille reçue ne reste : ni ses cases à True (une mine, chaque grille de
    ``case["grids"]``, ``[largeur, hauteur, cases à True]``), ni ses mines quand il en faut
    plus (``case["kept"]``), ni son placement quand il a déjà le bon nombre
    (``case["same"]``) ; la grille est remplie sur place."""
    seeds = case["seeds"]
    for width, height, cells in case["grids"]:
        grid = received_grid(width, height, cells)
        # Deux graines sur un petit plateau, une sur un grand : une case reçue laissée à
        # True s'y voit à coup sûr.
        for seed in seeds[: 1 if width * height > SMALL_GRID else 2]:
            initialise_mines_count(sub, {"grid": grid, "nb_mines": 1, "seed": seed})
    for width, height, nb_mines, cells in case["kept"]:
        grid = received_grid(width, height, cells)
        example = board_example(width, height, nb_mines, grid)
        placements = placements_of(sub, grid, nb_mines, seeds, example, sub.limits.call_seconds)
        if all(set(cells) <= set(placement) for placement in placements):
            kept = ", ".join(f"({c % width}, {c // width})" for c in cells)
            fail(
                f"en {len(seeds)} tirages, les cases {kept}, à True dans la grille reçue, ont "
                "reçu une mine à chaque fois : initialise_mines doit d'abord remettre toutes "
                "les cases à False, puis tirer les nb_mines mines parmi toutes les cases (ce "
                f"que la grille contenait avant l'appel ne compte pas).\n{example}",
                example=example,
            )
    for width, height, cells in case["same"]:
        grid = received_grid(width, height, cells)
        example = board_example(width, height, len(cells), grid)
        placements = placements_of(sub, grid, len(cells), seeds, example, sub.limits.call_seconds)
        if all(placement == tuple(sorted(cells)) for placement in placements):
            fail(
                f"en {len(seeds)} tirages, initialise_mines a rendu la grille reçue telle "
                f"quelle : elle avait déjà {len(cells)} mine(s), le bon nombre, mais leur "
                "place doit quand même être tirée au hasard (ce que la grille contenait avant "
                f"l'appel ne compte pas).\n{example}",
                example=example,
            )


# Au-delà, une grille reçue n'est essayée qu'avec une graine.
SMALL_GRID = 100


def initialise_mines_ends(sub, case: dict, expected=None):
    """Chaque plateau plein ou presque (``[largeur, hauteur, nb_mines]``) : l'appel finit en
    ``PROMPT_SECONDS`` s de calcul au plus, sans exception. Le nombre de mines n'est pas
    jugé ici (c'est la ligne du nombre)."""
    for width, height, nb_mines in case["boards"]:
        grid = clean_grid(width, height)
        example = board_example(width, height, nb_mines)
        try:
            outcome = sub.call(
                "initialise_mines", grid, nb_mines, seed=case["seed"], seconds=PROMPT_SECONDS
            )
        except GraderAbort as abort:
            if abort.cause not in STOPPED:
                raise
            raise GraderAbort(
                abort.cause,
                f"initialise_mines ne s'est pas terminée en {PROMPT_SECONDS:g} s de calcul sur "
                f"un plateau {width}×{height} avec {nb_mines} mines, quand il faut quelques "
                "millisecondes : un tirage qui recommence tant que la case est prise (ou tout "
                "le tirage au moindre doublon) n'en finit pas quand presque toutes les cases "
                "sont déjà minées, ou quand il ne peut pas atteindre chaque case (le sujet : "
                "« elle doit se terminer rapidement, même quand toutes les cases reçoivent "
                "une mine »)",
            ) from None
        expect_no_error(outcome, "initialise_mines", example)


def initialise_mines_uses_random(sub, case: dict, expected=None):
    """Le tirage vient du module random, sans jamais appeler random.seed : même graine,
    même placement ; graines différentes, placements différents (grille reçue toute à
    False)."""
    width, height, nb_mines = case["width"], case["height"], case["nb_mines"]
    example = board_example(width, height, nb_mines)
    placements = []
    for seed in [case["seeds"][0], *case["seeds"]]:
        grid = clean_grid(width, height)
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
            "fonction appelle-t-elle random.seed, ou tire-t-elle ses cases sans le module "
            "random ?).\n" + example,
            example=example,
        )


# ---------------------------------------------------------------------------
# L'uniformité
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """Une comparaison de l'uniformité sur un plateau : une p-valeur ``p`` sous
    ``stats.ALPHA`` fait échouer. ``statistic`` suit un khi-deux à ``dof`` degrés (0 : une
    case jamais ou toujours minée, un calcul exact)."""

    key: str
    statistic: float
    dof: int
    p: float
    cell: int | None = None  # la case jamais (ou toujours) minée
    detail: str = ""  # ce qui a été vu, pour le message

    @property
    def failed(self) -> bool:
        return self.p < stats.ALPHA


def chi2_comparison(key: str, statistic: float, dof: int) -> Comparison:
    return Comparison(key, statistic, dof, stats.chi2_sf(statistic, dof))


def spread_comparisons(
    placements: list[tuple[int, ...]], width: int, height: int, nb_mines: int
) -> list[Comparison]:
    """Les comparaisons de l'uniformité (``stats``) sur des tirages qui ont tous placé
    exactement ``nb_mines`` mines, chacun donné par ses cases minées, numérotées ligne
    après ligne dans l'ordre croissant. Pure : ``tests/benchmarks/bench_uniformity.py``
    s'en sert aussi."""
    cells, draws = width * height, len(placements)
    # Chaque placement distinct et combien de fois il est sorti : sur un petit plateau, des
    # milliers de tirages n'en font que quelques dizaines.
    distinct = collections.Counter(placements)
    if 4 * len(distinct) < draws:
        counts = [0] * cells
        for placement, times in distinct.items():
            for cell in placement:
                counts[cell] += times
    else:
        counter = collections.Counter(itertools.chain.from_iterable(placements))
        counts = [counter[c] for c in range(cells)]
    statistic = stats.groups_statistic(counts, [1] * cells, nb_mines, draws)
    comparisons = [chi2_comparison("cases", statistic, cells - 1)]
    if height > 1:
        rows = [sum(counts[y * width : (y + 1) * width]) for y in range(height)]
        statistic = stats.groups_statistic(rows, [width] * height, nb_mines, draws)
        comparisons.append(chi2_comparison("lignes", statistic, height - 1))
    if width > 1:
        columns = [sum(counts[x::width]) for x in range(width)]
        statistic = stats.groups_statistic(columns, [height] * width, nb_mines, draws)
        comparisons.append(chi2_comparison("colonnes", statistic, width - 1))
    if math.comb(cells, nb_mines) <= SUBSETS:
        subsets = {c: i for i, c in enumerate(itertools.combinations(range(cells), nb_mines))}
        seen = {subsets[placement]: times for placement, times in distinct.items()}
        statistic = stats.subsets_statistic(seen, len(subsets), draws)
        comparisons.append(chi2_comparison("ensembles", statistic, len(subsets) - 1))
    for key, chance, cell_count in (
        ("jamais", 1 - nb_mines / cells, 0),
        ("toujours", nb_mines / cells, draws),
    ):
        if stats.extreme_is_meaningful(cells, chance, draws):
            odd = [c for c in range(cells) if counts[c] == cell_count]
            p = cells * chance**draws if odd else 1.0
            comparisons.append(Comparison(key, len(odd), 0, p, odd[0] if odd else None))
    comparisons += pair_comparisons(distinct, draws, width, height, nb_mines)
    return comparisons


# Au-delà de tant d'ensembles de cases, on ne les compte pas un à un.
SUBSETS = 200


def pair_comparisons(
    distinct: collections.Counter, draws: int, width: int, height: int, nb_mines: int
) -> list[Comparison]:
    """Les paires de cases voisines minées ensemble, sur une ligne puis sur une colonne,
    dans ``draws`` tirages (``distinct`` : chaque placement et son nombre de tirages).
    Chaque placement devient un entier, un octet par case (1 si elle est minée) : une paire
    sur une ligne est un octet et le suivant, hors du bord droit ; sur une colonne, un
    octet et celui de la ligne d'après."""
    cells = width * height
    marks = bytearray(cells)
    inside = bytes(1 if x < width - 1 else 0 for _ in range(height) for x in range(width))
    inside_mask = int.from_bytes(inside, "little")
    row_pairs = column_pairs = 0
    for placement, times in distinct.items():
        marks[:] = bytes(cells)
        any(map(setitem, itertools.repeat(marks), placement, itertools.repeat(1)))
        mask = int.from_bytes(marks, "little")
        row_pairs += times * (mask & (mask >> 8) & inside_mask).bit_count()
        column_pairs += times * (mask & (mask >> (8 * width))).bit_count()
    comparisons = []
    for key, observed, (edges, touching) in (
        ("paires sur une ligne", row_pairs, stats.line_pairs(width, height)),
        ("paires sur une colonne", column_pairs, stats.line_pairs(height, width)),
    ):
        if not edges:
            continue
        mean, variance = stats.pair_moments(edges, touching, cells, nb_mines)
        if variance <= 0:
            continue
        statistic = stats.pairs_statistic(observed, draws, mean, variance)
        detail = f"{observed / draws:.2f} par tirage, attendu {mean:.2f}"
        comparisons.append(
            Comparison(key, statistic, 1, stats.chi2_sf(statistic, 1), detail=detail)
        )
    return comparisons


def initialise_mines_uniform(sub, case: dict, expected=None):
    """Chaque ensemble de nb_mines cases a la même probabilité, sur le plateau du cas
    (grille reçue toute à False), pour ``case["draws"]`` graines qui se suivent à partir de
    ``case["first_seed"]``.

    Seuls comptent les tirages qui ont placé exactement nb_mines mines (un nombre faux
    est l'affaire de la ligne du nombre) ; moins de la moitié : le plateau n'est pas jugé.
    Un plateau dense où la fonction ne finit pas n'est pas jugé (la ligne de la fin), ni
    une fonction qui re-sème random et donne toujours le même placement (la ligne du
    hasard)."""
    width, height, nb_mines, draws = (
        case["width"],
        case["height"],
        case["nb_mines"],
        case["draws"],
    )
    example = f"  Exemple : {draws} tirages sur un plateau {width}×{height}, nb_mines = {nb_mines}."
    grid = clean_grid(width, height)
    seeds = list(range(case["first_seed"], case["first_seed"] + draws))
    crowded = dense(width, height, nb_mines)
    seconds = PROMPT_SECONDS if crowded else sub.limits.call_seconds
    try:
        placements = placements_of(sub, grid, nb_mines, seeds, example, seconds)
    except GraderAbort as abort:
        if crowded and abort.cause in STOPPED:
            return
        raise
    exact = [p for p in placements if len(p) == nb_mines]
    if 2 * len(exact) < draws:
        return
    if len(set(exact)) == 1:
        outcome = sub.call("initialise_mines", clean_grid(width, height), nb_mines, seed=seeds[0])
        if outcome.reseeded:
            return
    comparisons = [c for c in spread_comparisons(exact, width, height, nb_mines) if c.failed]
    if not comparisons:
        return
    worst = min(comparisons, key=lambda comparison: comparison.p)
    fail(
        f"les mines ne sont pas placées uniformément : {uneven_text(worst, width)}.\n"
        f"{example}\n{frequencies(worst, exact, width, height, nb_mines)}",
        example=example,
    )


# Ce que montre une comparaison de l'uniformité qui échoue.
UNEVEN = {
    "cases": "certaines cases sont choisies bien plus souvent que d'autres",
    "lignes": "certaines lignes reçoivent bien plus de mines que d'autres",
    "colonnes": "certaines colonnes reçoivent bien plus de mines que d'autres",
    "ensembles": "certains groupes de cases sont choisis ensemble bien plus souvent que d'autres",
    "paires sur une ligne": "deux cases voisines sur une même ligne sont minées ensemble bien "
    "plus (ou bien moins) souvent que le hasard ne le veut : les mines sont groupées",
    "paires sur une colonne": "deux cases voisines sur une même colonne sont minées ensemble "
    "bien plus (ou bien moins) souvent que le hasard ne le veut : les mines sont groupées",
}


def uneven_text(comparison: Comparison, width: int) -> str:
    if comparison.key in ("jamais", "toujours"):
        x, y = comparison.cell % width, comparison.cell // width
        if comparison.key == "jamais":
            return (
                f"la case (x={x}, y={y}) n'a jamais reçu de mine, alors que toutes les cases "
                "doivent pouvoir être choisies"
            )
        return (
            f"la case (x={x}, y={y}) a reçu une mine à chaque tirage, alors que chaque case "
            "doit pouvoir rester libre"
        )
    kind = "khi-deux" if comparison.key in ("cases", "lignes", "colonnes", "ensembles") else "écart"
    return f"{UNEVEN[comparison.key]} (test du {kind}, p = {comparison.p:.1e})"


# Au-delà, les fréquences sont données par ligne, par colonne ou pour les cases les plus
# et les moins choisies, plutôt que case par case.
FREQUENCY_COLUMNS = 12


def frequencies(
    worst: Comparison, placements: list[tuple[int, ...]], width: int, height: int, nb_mines: int
) -> str:
    """Les fréquences des mines qui montrent l'écart ``worst``, en 80 colonnes : case par
    case sur un petit plateau ; sinon par ligne ou par colonne (en moyenne par case), ou
    les cases les plus et les moins choisies ; les paires, leur nombre moyen."""
    draws, cells = len(placements), width * height
    if worst.detail:
        return f"  Paires de cases voisines minées : {worst.detail}."
    counter = collections.Counter(itertools.chain.from_iterable(placements))
    counts = [counter[c] for c in range(cells)]
    wanted = f"attendu {nb_mines / cells:.2f} partout"
    if width <= FREQUENCY_COLUMNS:
        table = "\n".join(
            "    " + " ".join(f"{counts[y * width + x] / draws:4.2f}" for x in range(width))
            for y in range(height)
        )
        return f"  Fréquence de chaque case ({wanted}) :\n{table}"
    if worst.key in ("lignes", "colonnes"):
        if worst.key == "lignes":
            totals = [sum(counts[y * width : (y + 1) * width]) for y in range(height)]
            axis, size_, title = "y", width, "ligne par ligne"
        else:
            totals = [sum(counts[x::width]) for x in range(width)]
            axis, size_, title = "x", height, "colonne par colonne"
        items = [f"{axis}={i:<2} {total / draws / size_:.2f}" for i, total in enumerate(totals)]
    else:
        order = sorted(range(cells), key=lambda c: (counts[c], c))
        chosen = order[-5:][::-1] + order[:5]
        items = [f"({c % width}, {c // width}) {counts[c] / draws:.2f}" for c in chosen]
        title = "les cinq cases les plus choisies, puis les cinq moins choisies"
    lines = ["    " + "   ".join(items[i : i + 6]) for i in range(0, len(items), 6)]
    return f"  Fréquence moyenne d'une case, {title} ({wanted}) :\n" + "\n".join(lines)


# ---------------------------------------------------------------------------
# initialise_open
# ---------------------------------------------------------------------------


def initialise_open_closes_all(sub, case: dict, expected=None):
    """Après l'appel, toutes les cases sont fermées (False) : chaque grille de
    ``case["grids"]``, ``[largeur, hauteur, cases à True]`` (les lignes gardées ne sont pas
    jugées ici)."""
    for width, height, cells in case["grids"]:
        grid = received_grid(width, height, cells)
        example = f"  Exemple : plateau {size(grid)}, grille reçue :\n{show_grids(opened=grid)}"
        outcome = sub.call("initialise_open", grid)
        expect_no_error(outcome, "initialise_open", example)
        closed = [[False] * width for _ in range(height)]
        expect_grid("initialise_open", "opened", grid, closed, outcome.args[0], example)


def initialise_open_keeps_rows(sub, case: dict, expected=None):
    """Les lignes de la grille reçue sont gardées : ce sont leurs cases qui changent."""
    for width, height, cells in case["grids"]:
        grid = received_grid(width, height, cells)
        example = f"  Exemple : plateau {size(grid)}, grille reçue :\n{show_grids(opened=grid)}"
        outcome = sub.call("initialise_open", grid)
        expect_no_error(outcome, "initialise_open", example)
        expect_rows_kept(outcome, "initialise_open", ["opened"], example)
