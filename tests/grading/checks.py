"""Les vérifications du contrat, une par aspect de chaque fonction.

Chaque vérification reçoit la soumission, un cas (un dictionnaire de données
simples) et, s'il y en a, le résultat attendu ; elle appelle la fonction de
l'étudiant et lève :class:`Echec` avec un message en français qui dit ce qui ne
va pas et dessine l'exemple. Les résultats attendus viennent d'ailleurs (de la
référence ou d'un oracle pour le correcteur, d'un fichier pour le kit) : ce
module ne contient aucune solution.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata

from . import config, faults, stats
from .boards import (
    cell_differences,
    differing_region,
    first_difference,
    quote_lines,
    quote_window,
    short,
    show_grids,
    size,
    typed,
)
from .calls import GraderAbort, Outcome
from .contract import GRIDS, PARAMETERS
from .python_messages import explain_runtime
from .wire import same


class Echec(AssertionError):
    """Un manquement au contrat, expliqué en français.

    ``example`` est le contre-exemple seul (l'entrée donnée à la fonction, sans ce
    qu'elle en a fait) : la synthèse de classe regroupe les rendus qui ratent sur le
    même exemple avec la même réponse (le reste du message).
    """

    def __init__(self, message: str, example: str | None = None):
        super().__init__(message)
        self.example = example


class NotWritten(Echec):
    """La fonction testée, ou une fonction qu'elle appelle, lève NotImplementedError.

    ``function`` est la fonction de la soumission où l'exception est née : dans le
    kit, celle que l'étudiant n'a pas encore écrite.
    """

    def __init__(self, message: str, example: str | None, function: str | None):
        super().__init__(message, example)
        self.function = function


def fail(message: str, example: str | None = None):
    raise Echec(message, example)


# ---------------------------------------------------------------------------
# Outils communs
# ---------------------------------------------------------------------------

ERROR_HINTS = {
    "OutputLimitExceeded": "elle affiche sans fin (ou beaucoup trop)",
    "MemoryError": "elle a épuisé la mémoire permise",
    "RecursionError": "la récursion est trop profonde",
    "SystemExit": "elle a appelé sys.exit() ou exit()",
    "KeyboardInterrupt": "elle a levé KeyboardInterrupt",
    "NotImplementedError": "elle n'est pas encore écrite",
    "EOFError": "elle a demandé plus de lignes que le joueur n'en a tapé : "
    "a-t-elle refusé une réponse valide ?",
}


# Ce que le retour cite du message d'une exception levée par le rendu : 200 caractères au
# plus, et seulement pour le contre-exemple montré, rejoué seul (conftest.replayed_alone) :
# un rendu ne peut pas y faire passer les cas privés qu'il a vus. Le kit cite tout (ses cas
# sont publics, et ses propres messages, ceux des remplaçants, sont longs).
QUOTED_CHARS = 200


def quoted_message(text: str) -> str:
    """Le message d'une exception du rendu, tel que le retour le cite.

    >>> len(quoted_message("x" * 300)) <= QUOTED_CHARS + 1 or config.KIT
    True
    """
    if config.KIT or len(text) <= QUOTED_CHARS:
        return text
    return text[:QUOTED_CHARS] + "…"


def where(file: str, line: int, cell: int | None = None) -> str:
    """Une ligne du rendu, dite à l'étudiant : dans son fichier, ou dans la cellule de son
    notebook (``grading/cells.py``).

    >>> where("tp.py", 12), where("bernard.ipynb", 3, 7)
    ('ligne 12 de tp.py', 'cellule 7, ligne 3 de bernard.ipynb')
    """
    if cell is None:
        return f"ligne {line} de {file}"
    return f"cellule {cell}, ligne {line} de {file}"


def explain_error(error: dict, func: str | None = None, outcome: Outcome | None = None) -> str:
    message = explain_runtime(quoted_message(error["message"])) if error["message"] else ""
    text = f"{error['type']} : {message}" if message else error["type"]
    hint = faults.cause(error, func, outcome) or ERROR_HINTS.get(error["type"])
    if hint:
        text += f" ({hint})"
    if error.get("line"):
        file, number, code, *cell = error["line"]
        text += f"\n  à la {where(file, number, *cell)} : {code.strip()}"
    return text


def raised_in(outcome: Outcome, func: str) -> str:
    """La fonction de la soumission où l'exception est née, ``func`` si elle n'a pas de
    nom (une lambda, une expression génératrice) ou est née hors de la soumission."""
    where = outcome.error.get("function")
    return where if where and where.isidentifier() else func


def expect_no_error(outcome: Outcome, func: str, example: str):
    if outcome.error:
        error = explain_error(outcome.error, func, outcome)
        message = f"{func} a levé une exception : {error}\n{example}"
        if outcome.error["type"] == "NotImplementedError":
            raise NotWritten(message, example, raised_in(outcome, func))
        fail(message, example=example)


def expect_untouched(outcome: Outcome, func: str, names: list[str], originals: list, example: str):
    """Les grilles que la fonction doit seulement lire n'ont pas changé."""
    for name, before, after in zip(names, originals, outcome.args):
        if before is not None and not same(before, after):
            fail(
                f"{func} ne doit pas modifier {name}, qui a changé :\n"
                f"{cell_differences(before, after)}\n{example}",
                example=example,
            )


def expect_rows_kept(outcome: Outcome, func: str, names: list[str], example: str):
    """Une grille remplie sur place garde ses listes de lignes."""
    for name, replaced in zip(names, outcome.rows_replaced):
        if name and replaced:
            fail(
                f"{func} a remplacé des lignes de {name} par de nouvelles listes : "
                f"il faut changer les cases, {name}[y][x] = ..., sans remplacer les lignes.\n"
                f"{example}",
                example=example,
            )


def expect_grid(
    func: str,
    name: str,
    before,
    expected,
    got,
    example: str,
    inputs: dict | None = None,
    anchors: list[tuple[int, int]] = (),
):
    """La grille remplie est celle qu'il faut.

    Sur un grand plateau, avec ``inputs`` (les grilles reçues, par nom), le message ne
    dessine que la région où les grilles diffèrent, avec ses vrais numéros de lignes
    et de colonnes, et si elle y tient l'une des cases ``anchors`` (la case jouée d'une
    inondation) ; ``example`` (tout le plateau) reste le contre-exemple de l'échec.
    """
    if same(expected, got):
        return
    hint = ""
    if same(before, got):
        hint = (
            f"\n  {name} n'a pas changé du tout : la fonction doit modifier les cases de la "
            f"grille reçue ({name}[y][x] = ...) ; en crée-t-elle une nouvelle, ou "
            "s'arrête-t-elle trop tôt ?"
        )
    region = differing_region(expected, got, anchors) if inputs else None
    shown = example
    if region is not None:
        x0, x1, y0, y1 = region
        around = "autour des premières cases qui diffèrent"
        seen = [(x, y) for x, y in anchors if x0 <= x <= x1 and y0 <= y <= y1]
        if seen:
            middle = ((x0 + x1) / 2, (y0 + y1) / 2)
            x, y = min(seen, key=lambda cell: abs(cell[0] - middle[0]) + abs(cell[1] - middle[1]))
            around += f" et de la case ouverte ({x}, {y})"
        shown = (
            f"  Exemple : plateau {size(expected)} ; voici la région x = {x0} à {x1}, "
            f"y = {y0} à {y1}, {around} :\n"
            f"{show_grids(region, **inputs)}"
        )
    grids = {name + " attendu": expected, name + " obtenu": got}
    fail(
        f"après {func}, {name} n'est pas ce qu'il faut :\n"
        f"{cell_differences(expected, got)}{hint}\n{shown}\n{show_grids(region, **grids)}",
        example=example,
    )


def expect_exact(func: str, expected, got, example: str, cause: str = ""):
    """``cause`` : la construction de Python en cause, si on la reconnaît (``faults``)."""
    if same(expected, got):
        return
    detail = ""
    if not isinstance(got, type(expected)) or type(got) is not type(expected):
        detail = f" (le type doit être {type(expected).__name__})"
    fail(
        f"{func} doit renvoyer {expected!r}, elle a renvoyé {short(got)}{detail}.{cause}\n"
        f"{example}",
        example=example,
    )


def folded(text: str) -> str:
    """Le texte en minuscules, sans accents."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def messages_between_reads(outcome: Outcome) -> list[str]:
    """Ce qui a été affiché après chaque ligne lue, jusqu'à la lecture suivante."""
    reads = outcome.reads
    return [outcome.stdout[reads[i] : reads[i + 1]] for i in range(len(reads) - 1)]


# Un message en anglais, jugé prudemment : au moins deux de ces mots anglais, et aucune
# marque du français (une lettre accentuée, un de ces mots). « Coup invalide »,
# « Format incorrect », « Non ! » passent ; « Invalid move, try again » ne passe pas.
ENGLISH_WORDS = frozenset(
    "please enter invalid must the already outside try again number numbers integer "
    "integers wrong move cell board between should not is are out of range input error "
    "only two type valid value values retry width height how many bad too big small "
    "sorry and row rows column columns choose give allowed than less greater".split()
)
FRENCH_WORDS = frozenset(
    "le la les de des du un une est pas ce cette entre et ou en au aux case nombre entier "
    "entiers coup ligne valeur hors plateau deux recommencez réessayez erreur invalide "
    "mauvais mauvaise doit il faut tapez entrez saisissez veuillez donnez refusé refusée "
    "incorrect incorrecte non oui sur dans".split()
)


def english_only(text: str) -> bool:
    """Le message est-il en anglais, sans rien de français ? (Le contrat demande un
    message en français ; le doute profite à l'étudiant.)"""
    if re.search(r"[àâäçéèêëîïôöùûüÿœæ]", text.lower()):
        return False
    words = set(re.findall(r"[a-z]+", text.lower()))
    return not (words & FRENCH_WORDS) and len(words & ENGLISH_WORDS) >= 2


def expect_messages(outcome: Outcome, func: str, lines: list[str], bad: list[int], example: str):
    """Après chaque mauvaise ligne (``lines[i]`` pour i dans ``bad``), un message est affiché.

    Le message est ce qui s'affiche entre la lecture de la ligne et la lecture
    suivante : il doit contenir une ligne avec des lettres qui n'est pas une ligne de la
    question posée avant la première de ces mauvaises lignes (ce qui s'est affiché depuis
    la lecture d'avant : l'invite d'input(), une question affichée par print() puis une
    invite « > », une annonce) ; reposer la question, en tout ou en partie, ne suffit
    pas. Une invite reformulée après une mauvaise ligne (« Réponse refusée,
    recommencez : ») est un message, même répétée à l'identique après la mauvaise ligne
    suivante.
    """
    segments = messages_between_reads(outcome)
    reads = outcome.reads
    refused = set(bad)
    for index in bad:
        line = lines[index]
        segment = segments[index] if index < len(segments) else ""
        first = index  # la première des mauvaises lignes qui se suivent, avant celle-ci
        while first - 1 in refused:
            first -= 1
        start = reads[first - 1] if 0 < first <= len(reads) else 0
        question = outcome.stdout[start : reads[first]] if first < len(reads) else ""
        asked = {text.strip() for text in question.split("\n")}
        new = [text for text in segment.split("\n") if text.strip() not in asked]
        if not any(re.search(r"[^\W\d_]", text) for text in new):
            unread = (
                " Ce qui est écrit sur sys.stderr n'est pas lu : affichez le message avec print."
                if outcome.wrote_stderr
                else ""
            )
            fail(
                f"{func} n'affiche aucun message après la ligne incorrecte {typed(line)} : "
                "il faut la refuser et dire au joueur ce qui ne va pas avant de redemander "
                "(reposer la même question ne suffit pas ; passer à la suivante, c'est "
                f"l'accepter).{unread}\n"
                f"{example}\n  Ce qui a été affiché :\n{quote_lines(outcome.stdout)}",
                example=example,
            )
        if english_only("\n".join(new)):  # la question reposée (« Votre coup ») ne compte pas
            fail(
                f"{func} répond en anglais à la ligne incorrecte {typed(line)} : le sujet demande "
                "un message en français.\n"
                f"{example}\n  Ce qui a été affiché :\n{quote_lines(outcome.stdout)}",
                example=example,
            )


def describe_call(name: str, args: list, lines: list[str]) -> str:
    """Un appel, de quoi le rejouer : les grilles dessinées, les autres valeurs, les lignes."""
    params = PARAMETERS.get(name, ())
    grids = {p: a for p, a in zip(params, args) if p in GRIDS}
    values = ", ".join(p if p in GRIDS else f"{p}={a!r}" for p, a in zip(params, args))
    parts = [f"  Appel interrompu : {name}({values})"]
    if grids:
        parts.append(show_grids(**grids))
    if lines:
        parts.append(lines_example(lines))
    return "\n".join(parts)


def lines_example(lines: list[str], shown: int = 12) -> str:
    """Les lignes tapées ; pour une longue partie, le début et la fin seulement."""
    if len(lines) <= shown:
        return "  Lignes tapées : " + ", ".join(typed(line) for line in lines)
    head, tail = lines[: shown - 2], lines[-2:]
    return (
        f"  Lignes tapées ({len(lines)} en tout) : "
        + ", ".join(typed(line) for line in head)
        + ", …, "
        + ", ".join(typed(line) for line in tail)
    )


# ---------------------------------------------------------------------------
# Q4 : initialise_mines, initialise_open
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# Q5 : is_coord_ok, nb_adjacent_mines, compute_neigh
# ---------------------------------------------------------------------------


def is_coord_ok_answers(sub, case: dict, expected: bool):
    x, y, width, height = case["x"], case["y"], case["width"], case["height"]
    example = f"  Exemple : is_coord_ok({x}, {y}, {width}, {height})"
    outcome = sub.call("is_coord_ok", x, y, width, height)
    expect_no_error(outcome, "is_coord_ok", example)
    expect_exact("is_coord_ok", expected, outcome.ret, example)


# Une série de cas envoyée d'un coup (Submission.cases) : assez pour que l'aller et retour
# ne coûte rien, assez peu pour que 5 s de calcul suffisent à une fonction lente.
SERIES = 2_000


def screen(sub, name: str, args: list, positions: list[int], case: dict, answers: list, recheck):
    """Chaque point du cas, appelé en séries ; le premier qui paraît raté (exception,
    mauvaise réponse, argument modifié) est revérifié seul par ``recheck(point, réponse)``,
    la vérification d'un cas ordinaire, qui échoue avec son explication."""
    points = case["points"]
    # Le premier point seul, vérifié comme un cas ordinaire : une fonction qui ne se termine
    # pas coûte le temps d'un appel, au lieu de celui d'une série puis d'un appel.
    if points:
        recheck(points[0], answers[0])
    for start in range(1, len(points), SERIES):
        chunk, expected = points[start : start + SERIES], answers[start : start + SERIES]
        try:
            outcomes = sub.cases(name, args, positions, chunk, sub.limits.call_seconds)
        except GraderAbort as abort:
            if abort.cause not in ("cpu", "idle"):
                raise
            # Une série trop longue : chaque cas, seul, pour trouver celui qui ne finit pas.
            for point, answer in zip(chunk, expected):
                recheck(point, answer)
            raise
        for point, outcome, answer in zip(chunk, outcomes, expected):
            if outcome.error or outcome.changed or not same(answer, outcome.ret):
                recheck(point, answer)
                shown = [
                    repr(point[positions.index(i)]) if i in positions else parameter
                    for i, parameter in enumerate(PARAMETERS[name])
                ]
                example = f"  Exemple : {name}({', '.join(shown)})"
                fail(
                    f"{name} a répondu {short(outcome.ret)} au milieu d'une série d'appels, "
                    f"et {answer!r} appelée seule : sa réponse ne doit dépendre que de ses "
                    f"arguments.\n{example}",
                    example=example,
                )


def is_coord_ok_everywhere(sub, case: dict, expected: list[bool]):
    """is_coord_ok sur chaque bord de chaque plateau, de 1×1 à 50×20."""

    def recheck(point, answer):
        x, y, width, height = point
        is_coord_ok_answers(sub, {"x": x, "y": y, "width": width, "height": height}, answer)

    screen(sub, "is_coord_ok", [0, 0, 0, 0], [0, 1, 2, 3], case, expected, recheck)


def nb_adjacent_mines_everywhere(sub, case: dict, expected: list[int]):
    """nb_adjacent_mines sur chaque case d'un plateau."""
    mines = case["mines"]

    def recheck(point, answer):
        x, y = point
        nb_adjacent_mines_counts(sub, {"mines": mines, "x": x, "y": y}, answer)

    screen(sub, "nb_adjacent_mines", [mines, 0, 0], [1, 2], case, expected, recheck)


def is_move_ok_everywhere(sub, case: dict, expected: list[bool]):
    """is_move_ok sur chaque case d'un plateau et tout autour."""
    opened = case["opened"]

    def recheck(point, answer):
        x, y = point
        is_move_ok_answers(sub, {"opened": opened, "x": x, "y": y}, answer)

    screen(sub, "is_move_ok", [opened, 0, 0], [1, 2], case, expected, recheck)


def nb_adjacent_mines_counts(sub, case: dict, expected: int):
    mines, x, y = case["mines"], case["x"], case["y"]
    example = (
        f"  Exemple : nb_adjacent_mines(mines, {x}, {y}) sur un plateau {size(mines)} :\n"
        f"{show_grids(mines=mines)}"
    )
    outcome = sub.call("nb_adjacent_mines", mines, x, y)
    expect_no_error(outcome, "nb_adjacent_mines", example)
    cause = faults.wrapped_neighbours(mines, x, y, expected, outcome.ret)
    expect_exact("nb_adjacent_mines", expected, outcome.ret, example, cause)
    expect_untouched(outcome, "nb_adjacent_mines", ["mines"], [mines], example)


def compute_neigh_fills(sub, case: dict, expected: list):
    mines, neigh = case["mines"], case["neigh"]
    example = f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, neigh=neigh)}"
    outcome = sub.call("compute_neigh", mines, neigh)
    expect_no_error(outcome, "compute_neigh", example)
    expect_rows_kept(outcome, "compute_neigh", [None, "neigh"], example)
    expect_untouched(outcome, "compute_neigh", ["mines"], [mines], example)
    inputs = {"mines": mines, "neigh": neigh}
    expect_grid("compute_neigh", "neigh", neigh, expected, outcome.args[1], example, inputs)


# ---------------------------------------------------------------------------
# Q6 : display_board
# ---------------------------------------------------------------------------


def display_board_prints(sub, case: dict, expected: list[str]):
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    example = (
        f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, neigh=neigh, opened=opened)}"
    )
    outcome = sub.call("display_board", mines, neigh, opened)
    expect_no_error(outcome, "display_board", example)
    got = [line.rstrip() for line in outcome.stdout.split("\n")]
    if got != [*expected, ""]:
        fail(
            f"{display_mistake(expected, outcome)}\n{example}\n"
            f"{display_comparison(expected, outcome.stdout)}",
            example=example,
        )
    expect_untouched(
        outcome, "display_board", ["mines", "neigh", "opened"], [mines, neigh, opened], example
    )


def display_mistake(expected: list[str], outcome: Outcome) -> str:
    """Ce qui ne va pas dans l'affichage de display_board, nommé quand on le reconnaît."""
    printed = outcome.stdout
    lines = [line.rstrip() for line in printed.split("\n")]
    returned = outcome.ret
    if not printed and isinstance(returned, str) and returned.strip():
        same_text = [line.rstrip() for line in returned.rstrip("\n").split("\n")] == expected
        verdict = " (et ce texte est le bon)" if same_text else ""
        return (
            "display_board renvoie le texte du plateau au lieu de l'afficher" + verdict + " : "
            "il faut l'afficher avec print() ; display_board ne renvoie rien."
        )
    if not printed:
        return "display_board n'affiche rien : il faut afficher le plateau avec print()."
    if lines[-1] != "":
        return (
            "display_board n'affiche pas ce qu'il faut : la dernière ligne doit se terminer "
            "par un retour à la ligne."
        )
    body = lines[:-1]
    if "\t" in printed and [line.replace("\t", " ") for line in body] == expected:
        return (
            "display_board sépare les cases par des tabulations (→ ci-dessous) : à l'écran "
            'on dirait des espaces, mais il faut une espace " " entre deux cases.'
        )
    if body[: len(expected)] == expected and not any(body[len(expected) :]):
        extra = len(body) - len(expected)
        return (
            f"display_board affiche {extra} ligne(s) vide(s) de trop à la fin : print() "
            "ajoute déjà un retour à la ligne ; print(texte), quand texte finit par "
            '"\\n", en affiche deux.'
        )
    if [line for line in body if line] == expected:
        return (
            "display_board affiche des lignes vides entre les lignes du plateau : print() "
            'ajoute déjà un retour à la ligne (un "\\n" à la fin de chaque ligne en fait un '
            "de plus)."
        )
    if len(body) != len(expected):
        return (
            f"display_board n'affiche pas ce qu'il faut : il faut exactement {len(expected)} "
            f"ligne(s), une par ligne du plateau ; il en affiche {len(body)}."
        )
    return "display_board n'affiche pas ce qu'il faut."


def display_comparison(expected: list[str], printed: str) -> str:
    """L'affichage attendu et l'obtenu, ligne à ligne, la première différence marquée,
    l'invisible rendu visible, dans 80 colonnes."""
    got = printed.split("\n")
    if got[-1] == "":
        got.pop()
    where = first_difference(expected, [line.rstrip() for line in got])
    row, column = where if where is not None else (None, 0)
    place = ""
    if row is not None:
        place = f" (première différence : ligne {row + 1}, colonne {column + 1}, marquée ✗)"
    limit = 30
    if row is not None and row >= limit:
        expected, got = expected[row - limit // 2 :], got[row - limit // 2 :]
        row = limit // 2
    return (
        f"  Affichage attendu :\n{quote_window(expected[:limit], column)}\n"
        f"  Affichage obtenu{place} :\n{quote_window(got[:limit], column, row)}"
    )


# ---------------------------------------------------------------------------
# Q7 : is_move_ok, ask_move
# ---------------------------------------------------------------------------


def is_move_ok_answers(sub, case: dict, expected: bool):
    opened, x, y = case["opened"], case["x"], case["y"]
    example = (
        f"  Exemple : is_move_ok(opened, {x}, {y}) sur un plateau {size(opened)} :\n"
        f"{show_grids(opened=opened)}"
    )
    outcome = sub.call("is_move_ok", opened, x, y)
    expect_no_error(outcome, "is_move_ok", example)
    cause = faults.negative_index("opened", opened, x, y) if outcome.ret is True else ""
    expect_exact("is_move_ok", expected, outcome.ret, example, cause)
    expect_untouched(outcome, "is_move_ok", ["opened"], [opened], example)


def _ask(sub, case: dict) -> tuple[Outcome, str]:
    opened, lines = case["opened"], case["lines"]
    example = f"  Exemple : plateau {size(opened)}\n{show_grids(opened=opened)}\n" + lines_example(
        lines
    )
    outcome = sub.call("ask_move", opened, stdin=lines)
    return outcome, example


def ask_move_returns_tuple(sub, case: dict, expected: dict):
    """Une ligne valide : ask_move renvoie le tuple (x, y) d'entiers."""
    outcome, example = _ask(sub, case)
    expect_no_error(outcome, "ask_move", example)
    expect_exact("ask_move", tuple(expected["move"]), outcome.ret, example)


def ask_move_rejects_bad_lines(sub, case: dict, expected: dict):
    """Des lignes incorrectes puis une valide : un message pour chacune, puis le bon coup."""
    outcome, example = _ask(sub, case)
    expect_no_error(outcome, "ask_move", example)
    expect_no_bad_line_accepted(outcome, case["lines"], expected["consumed"], example)
    got = outcome.ret
    if isinstance(got, (tuple, list)):
        got = list(got)
    if not same(expected["move"], got):
        move = got if isinstance(got, list) and len(got) == 2 else None
        cause = faults.negative_index("opened", case["opened"], *move) if move else ""
        fail(
            f"ask_move doit renvoyer le premier coup valide, {tuple(expected['move'])}, "
            f"elle a renvoyé {short(outcome.ret)}.{cause}\n{example}",
            example=example,
        )
    if outcome.consumed != expected["consumed"]:
        fail(
            f"ask_move doit s'arrêter à la première ligne valide (la ligne "
            f"{expected['consumed']}), elle a lu {outcome.consumed} ligne(s).\n{example}",
            example=example,
        )
    lines = case["lines"]
    expect_messages(outcome, "ask_move", lines, list(range(expected["consumed"] - 1)), example)
    expect_untouched(outcome, "ask_move", ["opened"], [case["opened"]], example)


def expect_no_bad_line_accepted(outcome: Outcome, lines: list[str], valid: int, example: str):
    """ask_move n'a renvoyé un coup qu'après la ligne numéro ``valid`` (la première ligne
    valide, comptée à partir de 1 ; au-delà des lignes : aucune ne l'est), ou après avoir
    trouvé la fin de l'entrée (un autre manquement, dit ailleurs)."""
    accepted = outcome.error is None and not outcome.read_at_eof
    if accepted and 0 < outcome.consumed < valid:
        line = lines[outcome.consumed - 1]
        fail(
            f"ask_move a accepté la ligne {typed(line)} (elle a renvoyé {short(outcome.ret)}), qui "
            "n'est pas un coup valide : il faut deux entiers séparés par des blancs, une case "
            "du plateau encore fermée. Pour toute autre ligne, un message, puis la question "
            f"reposée.\n{example}",
            example=example,
        )


def ask_move_end_of_input(sub, case: dict, expected=None):
    """Quand l'entrée se termine, EOFError remonte à l'appelant."""
    outcome, example = _ask(sub, case)
    expect_no_bad_line_accepted(outcome, case["lines"], len(case["lines"]) + 1, example)
    if outcome.error is None:
        fail(
            "à la fin de l'entrée, ask_move doit laisser remonter EOFError ; elle a renvoyé "
            f"{short(outcome.ret)}.\n{example}",
            example=example,
        )
    if outcome.error["type"] != "EOFError":
        message = (
            "à la fin de l'entrée, ask_move doit laisser remonter EOFError, pas "
            f"{explain_error(outcome.error, 'ask_move', outcome)}\n{example}"
        )
        if outcome.error["type"] == "NotImplementedError":
            raise NotWritten(message, example, raised_in(outcome, "ask_move"))
        fail(message, example=example)
    expect_messages(outcome, "ask_move", case["lines"], list(range(len(case["lines"]))), example)


# ---------------------------------------------------------------------------
# Q8 : propagate_open_cells
# ---------------------------------------------------------------------------


def propagate_open_cells_floods(sub, case: dict, expected: list):
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    example = (
        f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, neigh=neigh, opened=opened)}"
    )
    outcome = sub.call("propagate_open_cells", mines, neigh, opened)
    expect_no_error(outcome, "propagate_open_cells", example)
    expect_rows_kept(outcome, "propagate_open_cells", [None, None, "opened"], example)
    expect_untouched(outcome, "propagate_open_cells", ["mines", "neigh"], [mines, neigh], example)
    inputs = {"mines": mines, "neigh": neigh, "opened": opened}
    played = [(x, y) for y, row in enumerate(opened) for x, cell in enumerate(row) if cell]
    expect_grid(
        "propagate_open_cells",
        "opened",
        opened,
        expected,
        outcome.args[2],
        example,
        inputs,
        played,
    )


# ---------------------------------------------------------------------------
# Q9 : is_finished
# ---------------------------------------------------------------------------


def is_finished_answers(sub, case: dict, expected: int):
    mines, opened = case["mines"], case["opened"]
    example = f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, opened=opened)}"
    outcome = sub.call("is_finished", mines, opened)
    expect_no_error(outcome, "is_finished", example)
    expect_exact("is_finished", expected, outcome.ret, example)
    expect_untouched(outcome, "is_finished", ["mines", "opened"], [mines, opened], example)


def is_finished_everywhere(sub, case: dict, expected: list[int]):
    """is_finished sur une série de plateaux, ``[mines, opened]`` chacun."""

    def recheck(point, answer):
        mines, opened = point
        is_finished_answers(sub, {"mines": mines, "opened": opened}, answer)

    screen(sub, "is_finished", [None, None], [0, 1], case, expected, recheck)


# ---------------------------------------------------------------------------
# Q10 : play_turn, play_the_game
# ---------------------------------------------------------------------------


def _game_example(case: dict) -> str:
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    grids = show_grids(mines=mines, neigh=neigh, opened=opened)
    return f"  Exemple : plateau {size(mines)}\n{grids}\n" + lines_example(case["lines"])


def _relayed_names(outcome: Outcome, names: set[str]) -> list[str]:
    return [call.name for call in outcome.relayed if call.name in names]


def _display_calls_after_last_turn(outcome: Outcome) -> int:
    names = _relayed_names(outcome, {"play_turn", "display_board"})
    last_turn = max((i for i, name in enumerate(names) if name == "play_turn"), default=-1)
    return names[last_turn + 1 :].count("display_board")


def play_turn_plays(sub, case: dict, expected: dict):
    """play_turn affiche, demande, ouvre la case, puis inonde."""
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    example = _game_example(case)
    outcome = sub.call("play_turn", mines, neigh, opened, stdin=case["lines"])
    expect_no_error(outcome, "play_turn", example)
    if sub.reference is not None:
        steps = {"display_board", "ask_move", "propagate_open_cells"}
        order = _relayed_names(outcome, steps)
        if order != ["display_board", "ask_move", "propagate_open_cells"]:
            fail(
                "play_turn doit appeler, dans cet ordre et une fois chacune, display_board, "
                "ask_move puis propagate_open_cells ; elle a appelé : "
                f"{', '.join(order) or 'aucune des trois'}.\n{example}",
                example=example,
            )
        flood = next(c for c in outcome.relayed if c.name == "propagate_open_cells")
        x, y = expected["move"]
        seen = flood.args[2]
        if not (isinstance(seen, list) and seen[y][x] is True):
            fail(
                f"play_turn doit ouvrir la case choisie ({x}, {y}), opened[{y}][{x}] = True, "
                "avant d'appeler propagate_open_cells.\n" + example,
                example=example,
            )
    expect_rows_kept(outcome, "play_turn", [None, None, "opened"], example)
    expect_untouched(outcome, "play_turn", ["mines", "neigh"], [mines, neigh], example)
    expect_grid("play_turn", "opened", opened, expected["opened"], outcome.args[2], example)
    # Le plateau, en lignes entières, avant la question ; ce qui l'entoure (une ligne vide,
    # un titre « À vous de jouer ») est permis : le contrat ne l'interdit pas.
    shown = [line.rstrip() for line in outcome.stdout.split("\n")]
    board = expected["board"]
    if not any(shown[i : i + len(board)] == board for i in range(len(shown))):
        fail(
            "play_turn doit afficher le plateau (display_board) avant de demander le coup.\n"
            f"{example}\n  Ce qui a été affiché :\n{quote_lines(outcome.stdout)}",
            example=example,
        )


def play_the_game_plays(sub, case: dict, expected: dict):
    """play_the_game joue jusqu'à la fin, affiche le plateau et le verdict, renvoie le code."""
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    example = _game_example(case)
    outcome = sub.call("play_the_game", mines, neigh, opened, stdin=case["lines"])
    expect_no_error(outcome, "play_the_game", example)
    if sub.reference is not None:
        turns = _relayed_names(outcome, {"play_turn"})
        if len(turns) != expected["turns"]:
            fail(
                f"play_the_game doit appeler play_turn tant que la partie n'est pas finie : "
                f"ici {expected['turns']} fois, elle l'a appelée {len(turns)} fois.\n{example}",
                example=example,
            )
        shown = _display_calls_after_last_turn(outcome)
        if turns and shown > 1:
            fail(
                "une fois la partie finie, play_the_game doit afficher le plateau une seule "
                f"fois : display_board a été appelée {shown} fois après le dernier tour "
                "(un appel récursif sans return ?).\n" + example,
                example=example,
            )
    expect_exact("play_the_game", expected["code"], outcome.ret, example)
    expect_grid("play_the_game", "opened", opened, expected["opened"], outcome.args[2], example)
    lines = [line.rstrip() for line in outcome.stdout.rstrip().split("\n")]
    verdict = folded(lines[-1]) if lines else ""
    word, other = ("gagne", "perdu") if expected["code"] == 1 else ("perdu", "gagne")
    if word not in verdict or other in verdict:
        said = {"gagne": "gagné", "perdu": "perdu"}
        both = (
            f" : elle dit aussi « {said[other]} », que le correcteur lit comme l'autre verdict "
            f"(même dans « pas {said[other]} ») ; n'écrivez que « {said[word]} »"
            if word in verdict
            else ""
        )
        fail(
            f"la dernière ligne affichée par play_the_game doit dire « "
            f"{said[word]} » ; c'est {typed(lines[-1])}{both}.\n{example}\n"
            f"  Fin de l'affichage :\n{quote_lines(chr(10).join(lines[-8:]))}",
            example=example,
        )
    final = expected["final_board"]
    # Le plateau final, en lignes entières, quelque part avant le verdict : ce qui les
    # sépare (une ligne vide, un trait) est permis, le contrat ne l'interdit pas. Aucun
    # plateau affiché avant le dernier coup ne lui est égal (chaque coup ouvre une case).
    # Sans terminal, l'invite d'input() et la ligne suivante se partagent une ligne : la
    # première ligne du plateau peut donc suivre du texte.
    if "\n".join(final) + "\n" not in "\n".join(lines[:-1]) + "\n":
        fail(
            "avant le verdict, play_the_game doit afficher le plateau une dernière fois.\n"
            f"{example}\n  Plateau final attendu :\n{quote_lines(chr(10).join(final))}\n"
            f"  Fin de l'affichage :\n{quote_lines(chr(10).join(lines[-8:]))}",
            example=example,
        )


# ---------------------------------------------------------------------------
# Q3 : main
# ---------------------------------------------------------------------------


def main_asks_and_plays(sub, case: dict, expected: dict):
    """main demande les tailles (en redemandant si besoin), crée les grilles et joue."""
    lines = case["lines"]
    width, height, nb_mines = expected["width"], expected["height"], expected["nb_mines"]
    example = lines_example(lines) + f"\n  (soit un plateau {width}×{height} et {nb_mines} mine(s))"
    outcome = sub.call("main", stdin=lines, seed=case["seed"], seconds=10)
    started = any(c.name == "play_the_game" for c in outcome.relayed)
    if not started:
        expect_no_error(outcome, "main", example)
    expect_messages(outcome, "main", lines, expected["bad"], example)
    if sub.reference is None:
        expect_no_error(outcome, "main", example)
        if "gagn" not in folded(outcome.stdout) and "perdu" not in folded(outcome.stdout):
            fail(
                "main doit lancer la partie (play_the_game) jusqu'au bout.\n" + example,
                example=example,
            )
        return
    calls = {c.name: c for c in outcome.relayed}
    for name in ("initialise_mines", "initialise_open", "compute_neigh", "play_the_game"):
        if name not in calls:
            fail(f"main doit appeler {name}, elle ne l'a pas fait.\n{example}", example=example)
    order = [c.name for c in outcome.relayed]
    if not (
        order.index("initialise_mines")
        < order.index("compute_neigh")
        < order.index("play_the_game")
        and order.index("initialise_open") < order.index("play_the_game")
    ):
        fail(
            "main doit appeler initialise_mines avant compute_neigh, et les trois "
            f"initialisations avant play_the_game ; ordre obtenu : {', '.join(order)}.\n{example}",
            example=example,
        )
    placing = calls["initialise_mines"]
    if not same(placing.args[1], nb_mines):
        fail(
            f"main doit appeler initialise_mines(mines, {nb_mines}) ; elle a passé "
            f"{short(placing.args[1])} comme nombre de mines.\n{example}",
            example=example,
        )
    game = calls["play_the_game"]
    grids = dict(zip(["mines", "neigh", "opened"], game.identities))
    for name, grid in zip(grids, game.args):
        if not (
            isinstance(grid, list)
            and len(grid) == height
            and all(isinstance(row, list) and len(row) == width for row in grid)
        ):
            fail(
                f"la grille {name} doit avoir {height} ligne(s) de {width} case(s) "
                f"(hauteur {height}, largeur {width}) ; main a créé : {short(grid)}.\n{example}",
                example=example,
            )
    rows = [row for _, row_ids in grids.values() for row in row_ids]
    if len(set(rows)) != len(rows):
        fail(
            "main a créé des grilles dont plusieurs lignes sont une seule et même liste "
            "(par exemple [[False] * largeur] * hauteur) : ouvrir une case l'ouvrirait dans "
            "toutes ces lignes. Créez une liste neuve par ligne.\n" + example,
            example=example,
        )
    same_grid = {
        "mines": [placing.identities[0], calls["compute_neigh"].identities[0]],
        "neigh": [calls["compute_neigh"].identities[1]],
        "opened": [calls["initialise_open"].identities[0]],
    }
    for name, passed in same_grid.items():
        if any(grid_id != grids[name][0] for grid_id, _ in passed):
            fail(
                f"main doit initialiser la grille {name} puis la passer à play_the_game ; "
                "ce n'est pas la même liste.\n" + example,
                example=example,
            )
    expect_no_error(outcome, "main", example)


# ---------------------------------------------------------------------------
# Le chargement de la soumission
# ---------------------------------------------------------------------------


def describe_load(info: dict | None, graded: list[str]) -> str:
    """Ce qu'il faut savoir du chargement du code, en français (vide si tout va bien).

    ``info`` est la réponse du processus de travail à son chargement ; ses listes
    ``dropped`` et ``skipped`` (voir ``grading/rescue.py``) disent quels passages ne
    se compilaient pas et quelles instructions auraient arrêté le chargement.
    """
    if info is None:
        return ""
    if info.get("hung"):
        return (
            "Le chargement de votre code ne se termine pas (une boucle sans fin au niveau "
            "du module ?) : aucune fonction n'a pu être notée."
        )
    if info.get("died"):
        return (
            "Votre code arrête Python pendant son chargement (un appel à os._exit au niveau "
            f"du module ?) : {info['died']}. Aucune fonction n'a pu être notée."
        )
    dropped = info.get("dropped") or []
    skipped = info.get("skipped") or []
    notes = []
    if info.get("first_load") == "hung":
        notes.append(
            "Le chargement de votre code ne se terminait pas (une boucle sans fin au niveau "
            "du module ?) : il a été refait avec les seules définitions."
        )
    elif info.get("first_load") == "died":
        notes.append(
            "Le chargement de votre code arrêtait Python (un appel à os._exit au niveau du "
            "module ?) : il a été refait avec les seules définitions."
        )
    notes += [describe_dropped(part, graded) for part in dropped]
    explained = {name for part in dropped for name in part["functions"]}
    # Un « from .tp import f » qui échoue parce que f a été retirée (elle ne se compilait
    # pas) est déjà expliqué par le passage retiré.
    skipped = [part for part in skipped if part.get("name") not in explained]
    notes += [describe_skipped(part) for part in skipped]
    notebook = bool(info.get("notebook"))
    if any(part["type"] is not None for part in skipped):
        notes.append(f"Le reste du {'notebook' if notebook else 'fichier'} a été chargé et noté.")
    stopping = [part for part in skipped if part["type"] not in (None, *IMPORT_ERRORS)]
    if stopping and notebook:
        cells = sorted({part["cell"] for part in stopping if part.get("cell")})
        notes.append(NOTEBOOK_CALLS.format(calls=_calls(cells)))
    elif stopping:
        notes.append(
            "Le code à lancer quand on exécute le programme se place sous if __name__ == "
            '"__main__": (il ne s\'exécute pas quand le fichier est importé, par le '
            "correcteur ou par un autre module)."
        )
    if info.get("encoding"):
        notes.append(
            f"Votre fichier n'est pas enregistré en UTF-8 : il a été lu en {info['encoding']} "
            "(Windows). Enregistrez-le en UTF-8, l'encodage attendu par Python."
        )
    error = info.get("error")
    if error and error["type"] in ("SyntaxError", "IndentationError", "TabError"):
        notes.append(
            "Votre code ne se compile pas : " + explain_error(error) + "\n"
            "Aucune fonction de ce fichier n'a pu être notée."
        )
    elif error:
        notes.append(
            "Le chargement de votre code s'est arrêté sur une erreur : "
            + explain_error(error)
            + "\nSeules les fonctions définies avant cette erreur ont été notées."
        )
    input_explained = any(part["type"] == "EOFError" for part in skipped)
    if info.get("read_input") and not input_explained and notebook:
        notes.append(
            "Votre notebook lit l'entrée dès son chargement (une cellule appelle sans doute "
            "main()) : il a trouvé une entrée fermée. " + NOTEBOOK_CALLS.format(calls="cet appel")
        )
    elif info.get("read_input") and not input_explained:
        notes.append(
            "Votre code lit l'entrée dès son chargement (il appelle sans doute main()) : il a "
            'trouvé une entrée fermée. Protégez cet appel par if __name__ == "__main__":'
        )
    missing = [
        name for name in graded if name not in info.get("functions", []) and name not in explained
    ]
    if missing and info.get("ready", True):
        notes.append("Fonctions absentes de votre code : " + ", ".join(missing) + ".")
    return "\n".join(notes)


IMPORT_ERRORS = ("ImportError", "ModuleNotFoundError")
# Un notebook n'a pas de « if __name__ == "__main__": » : chaque cellule s'exécute quand le
# correcteur le charge.
NOTEBOOK_CALLS = (
    "Dans un notebook, le correcteur exécute chaque cellule en le chargeant, sans personne "
    "au clavier : avant de rendre votre notebook, retirez (ou mettez en commentaire) {calls}."
)


def _calls(cells: list[int]) -> str:
    """« l'appel de la cellule 7 », « les appels des cellules 7 et 9 »."""
    if not cells:
        return "ces appels"
    if len(cells) == 1:
        return f"l'appel de la cellule {cells[0]}"
    return f"les appels des cellules {', '.join(map(str, cells[:-1]))} et {cells[-1]}"


def _lines(first: int, last: int, cell: int | None = None) -> str:
    """« la ligne 3 », « les lignes 3 à 5 », et leur cellule dans un notebook."""
    lines = f"la ligne {first}" if first == last else f"les lignes {first} à {last}"
    return lines if cell is None else f"{lines} de la cellule {cell}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_dropped(part: dict, graded: list[str]) -> str:
    """Un passage retiré parce qu'il ne se compile pas : où, pourquoi, ce qu'il coûte.

    >>> print(describe_dropped({"file": "tp.py", "line": 3, "end": 5, "error_line": 4,
    ...     "text": "if x = 1:", "message": "syntaxe invalide", "functions": ["is_finished"]},
    ...     ["is_finished"]))
    Ligne 4 de tp.py, « if x = 1: » ne se compile pas : syntaxe invalide.
      Les lignes 3 à 5 (is_finished) ont été retirées avant la notation : is_finished n'a pas pu être notée.
    """  # noqa: E501
    lines = _lines(part["line"], part["end"], part.get("cell"))
    defined = f" ({', '.join(part['functions'])})" if part["functions"] else ""
    lost = [name for name in part["functions"] if name in graded]
    cost = ""
    if lost:
        verb = "n'a" if len(lost) == 1 else "n'ont"
        cost = f" : {', '.join(lost)} {verb} pas pu être notée{'s' if len(lost) > 1 else ''}"
    removed = "a été retirée" if part["line"] == part["end"] else "ont été retirées"
    place = where(part["file"], part["error_line"], part.get("cell"))
    return (
        f"{_capital(place)}, « {part['text']} » ne se compile pas : {part['message']}.\n"
        f"  {_capital(lines)}{defined} {removed} avant la notation{cost}."
    )


def describe_skipped(part: dict) -> str:
    """Une instruction du module passée au chargement, et pourquoi elle l'aurait arrêté."""
    place = _capital(where(part["file"], part["line"], part.get("cell")))
    where_text = f"{place}, « {part['text']} »"
    if part["type"] is None:
        return (
            f"{where_text} n'a pas été exécutée : seules les définitions (fonctions, imports, "
            "constantes) ont été chargées."
        )
    return (
        f"{where_text} n'a pas été exécutée : {part['message']} ; elle aurait arrêté le "
        "chargement du fichier."
    )
