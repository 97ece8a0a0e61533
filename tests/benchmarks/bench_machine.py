"""Mesure du joueur-machine (un script, pas un test).

    python tests/benchmarks/bench_machine.py [--parties 10000] [--processus 2]
        [--sans-hasard 100] [--niveaux expert] [--regles classique ouverture tp]
        [--graine 0] [--doc docs/joueur-machine.md]

1. Joue N parties tirées au hasard (graine fixée) par niveau et par règle de départ,
   sur ``--processus`` cœurs, et donne le taux de victoire avec son intervalle de
   confiance à 95 % (Wilson), à côté du meilleur taux publié, et le nombre de parties
   jouées par seconde de calcul d'un cœur (temps processeur du processus qui joue : la
   mesure ne dépend pas des autres programmes qui se partagent la machine).

   - « classique » : le premier clic est dans le coin (0, 0) ; les mines sont tirées
     uniformément sur toutes les autres cases ;
   - « ouverture » : le premier clic est un 0 : les mines sont tirées uniformément
     hors du carré 3×3 autour de lui ; il est en (2, 2) en débutant et en
     intermédiaire, en (3, 3) en expert ;
   - « tp » : les règles du TP (``--regles-du-tp``) : les mines sont tirées sur toutes
     les cases avant le premier clic, que la machine choisit elle-même (le coin que
     donne :func:`best_move` sur un plateau fermé) et qui peut donc perdre. Ni la
     machine ni personne ne peut faire mieux que le plafond : le taux « classique »
     fois la chance que le premier clic soit sûr.

2. Fabrique des plateaux expert sans hasard, donne le temps médian et le pire, et
   vérifie que la machine gagne chacun sans un seul coup risqué.

3. Avec ``--resultats FICHIER``, écrit le résultat de chaque partie (JSON : une chaîne de
   ``0`` et de ``1`` par niveau et par règle, la partie ``i`` au rang ``i``) ; avec
   ``--comparer FICHIER``, compare partie par partie le joueur mesuré à celui d'un tel
   fichier (mêmes plateaux : même graine, mêmes numéros de partie). Seules comptent les
   parties que l'un gagne et l'autre perd : l'écart des taux, avec son intervalle à 95 %
   apparié, est bien plus précis que la différence de deux intervalles.

Avec ``--doc FICHIER``, le tableau des taux (avec la commande, la date et la machine)
remplace celui qui se trouve entre les marques ``<!-- mesures taux : début -->`` et
``<!-- mesures taux : fin -->`` du fichier (``--bloc NOM`` : un autre bloc, par exemple
pour une variante).
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import math
import multiprocessing
import os
import platform
import random
import shlex
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(1, str(ROOT))

from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402
from tp_demineur.machine import best_move, no_guess_mines, play  # noqa: E402

# niveau : (largeur, hauteur, mines, premier clic de la règle « ouverture »)
PRESETS = {
    "débutant": (9, 9, 10, (2, 2)),
    "intermédiaire": (16, 16, 40, (2, 2)),
    "expert": (30, 16, 99, (3, 3)),
}
RULES = ("classique", "ouverture", "tp")
# Les meilleurs taux publiés, en pour cent, et d'où ils viennent. PSEQ-D256 : le joueur
# de MineSweeperProb (10^8 parties par case, tableau de son README) ; D. N. Hill : le
# moteur Java derrière JSMinesweeper (10^7 parties, 41,132 % ± 0,03, rapporté dans la
# discussion n° 38 de JSMinesweeper). Le README de JSMinesweeper annonce aussi 54,3 % pour
# ce moteur en expert avec ouverture en (3, 3), sans nombre de parties.
PUBLISHED = {
    ("débutant", "classique"): (91.69, "PSEQ-D256"),
    ("intermédiaire", "classique"): (78.23, "PSEQ-D256"),
    ("expert", "classique"): (41.132, "D. N. Hill"),
    ("débutant", "ouverture"): (97.17, "PSEQ-D256"),
    ("intermédiaire", "ouverture"): (89.08, "PSEQ-D256"),
    ("expert", "ouverture"): (53.45, "PSEQ-D256"),
}
CHUNK = 20  # parties par tâche envoyée à un processus
Z95 = 1.959963984540054


def board(preset: str, rule: str, rng: random.Random) -> tuple[list[list[bool]], tuple[int, int]]:
    """Un plateau tiré selon la règle, et son premier clic."""
    width, height, nb_mines, opening = PRESETS[preset]
    if rule == "tp":
        first = first_choice(preset)
    else:
        first = (0, 0) if rule == "classique" else opening
    fx, fy = first
    if rule == "tp":
        allowed = [(x, y) for y in range(height) for x in range(width)]
    elif rule == "classique":
        allowed = [(x, y) for y in range(height) for x in range(width) if (x, y) != first]
    else:
        allowed = [
            (x, y)
            for y in range(height)
            for x in range(width)
            if abs(x - fx) > 1 or abs(y - fy) > 1
        ]
    mines = [[False] * width for _ in range(height)]
    for x, y in rng.sample(allowed, nb_mines):
        mines[y][x] = True
    return mines, first


FIRST_CHOICES: dict[str, tuple[int, int]] = {}


def first_choice(preset: str) -> tuple[int, int]:
    """La case qu'ouvre la machine sur un plateau tout fermé (règles du TP)."""
    if preset not in FIRST_CHOICES:
        width, height, nb_mines, _ = PRESETS[preset]
        move = best_move([[None] * width for _ in range(height)], nb_mines)
        FIRST_CHOICES[preset] = (move.x, move.y)
    return FIRST_CHOICES[preset]


def safe_first(preset: str) -> Fraction:
    """La chance que le premier clic soit sûr quand les mines sont placées avant lui."""
    width, height, nb_mines, _ = PRESETS[preset]
    return Fraction(width * height - nb_mines, width * height)


def play_games(task: tuple[int, str, str, int, int, tuple]) -> tuple[str, str, int, str, float]:
    """Joue les parties ``start`` à ``start + count - 1`` d'une case du tableau ; renvoie
    leurs résultats (« 1 » gagnée, « 0 » perdue, dans l'ordre) et le temps de calcul."""
    seed, preset, rule, start, count, settings = task
    apply_settings(settings)
    outcomes = []
    seconds = 0.0
    for index in range(start, start + count):
        rng = random.Random(f"{seed}:{preset}:{rule}:{index}")
        mines, first = board(preset, rule, rng)
        begin = time.process_time()
        result = play(mines, first, rng)
        seconds += time.process_time() - begin
        outcomes.append("1" if result.won else "0")
    return preset, rule, start, "".join(outcomes), seconds


def setting(text: str) -> tuple[str, str, float]:
    """Lit un réglage ``module.CONSTANTE=valeur`` du joueur (pour comparer des variantes sur
    les mêmes plateaux), par exemple ``choice.CANDIDATE_RATIO=1`` ou
    ``endgame.MAX_LAYOUTS=64`` ; refuse, en français, un nom qui n'existe pas."""
    name, _, value = text.partition("=")
    module, _, constant = name.partition(".")
    try:
        target = importlib.import_module(f"tp_demineur.machine.{module}")
    except ImportError:
        target = None
    if target is None or not constant.isupper() or not hasattr(target, constant):
        raise argparse.ArgumentTypeError(
            f"réglage inconnu : {name!r} (attendu : module.CONSTANTE=valeur, "
            "par exemple choice.CANDIDATE_RATIO=1)"
        )
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"valeur non numérique : {value!r}") from None
    return module, constant, number


def apply_settings(settings: tuple) -> None:
    """Applique les réglages (dans le processus qui joue)."""
    for module, constant, number in settings:
        target = importlib.import_module(f"tp_demineur.machine.{module}")
        old = getattr(target, constant)
        setattr(target, constant, type(old)(number))


def make_no_guess(task: tuple[int, int]) -> tuple[float, bool, int]:
    """Un plateau expert sans hasard : temps de fabrication, gagné, coups risqués."""
    seed, index = task
    width, height, nb_mines, first = PRESETS["expert"]
    begin = time.process_time()
    mines = no_guess_mines(width, height, nb_mines, first, random.Random(f"{seed}:{index}"))
    seconds = time.process_time() - begin
    result = play(mines, first)
    return seconds, result.won, result.guesses


def wilson(wins: int, games: int) -> tuple[float, float]:
    """L'intervalle de confiance à 95 % de Wilson d'une proportion, en pour cent.

    >>> [round(v, 2) for v in wilson(50, 100)]
    [40.38, 59.62]
    """
    p = wins / games
    z2 = Z95 * Z95
    center = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return 100 * (center - half), 100 * (center + half)


def points(value: float) -> str:
    """Un écart en points de pourcentage, à la française : « 0,44 point », « 2,10 points »."""
    return f"{fr(value)} point" + ("s" if value >= 2 else "")


def fr(value: float, digits: int = 2) -> str:
    """Un nombre écrit à la française : 91,68."""
    return f"{value:.{digits}f}".replace(".", ",")


class Progress:
    """Une barre de progression sur la sortie d'erreur (mise à jour au plus 5 fois par s)."""

    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.label = label
        self.done = 0
        self.start = time.perf_counter()
        self.shown = 0.0

    def advance(self, count: int) -> None:
        self.done += count
        now = time.perf_counter()
        if now - self.shown < 0.2 and self.done < self.total:
            return
        self.shown = now
        elapsed = now - self.start
        left = elapsed / self.done * (self.total - self.done) if self.done else 0
        filled = 30 * self.done // self.total
        sys.stderr.write(
            f"\r{self.label} [{'#' * filled}{'.' * (30 - filled)}] "
            f"{self.done}/{self.total}, reste environ {left:.0f} s   "
        )
        if self.done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def win_rates(arguments, pool) -> list[str]:
    """Joue les parties et renvoie le tableau des taux (lignes Markdown), suivi de la
    comparaison appariée avec ``--comparer`` ; écrit les résultats avec ``--resultats``."""
    cells = [(p, r) for r in arguments.regles for p in arguments.niveaux]
    tasks = [
        (
            arguments.graine,
            preset,
            rule,
            start,
            min(CHUNK, arguments.parties - start),
            tuple(arguments.reglage),
        )
        for preset, rule in cells
        for start in range(0, arguments.parties, CHUNK)
    ]
    totals = {cell: [0, 0, 0.0] for cell in cells}
    games = {cell: ["0"] * arguments.parties for cell in cells}
    progress = Progress(arguments.parties * len(cells), "parties")
    for preset, rule, start, outcomes, seconds in pool.imap_unordered(play_games, tasks):
        entry = totals[(preset, rule)]
        entry[0] += outcomes.count("1")
        entry[1] += len(outcomes)
        entry[2] += seconds
        games[(preset, rule)][start : start + len(outcomes)] = outcomes
        progress.advance(len(outcomes))
    outcomes_of = {cell: "".join(games[cell]) for cell in cells}
    if arguments.resultats:
        write_outcomes(arguments, outcomes_of)
    lines = [
        "| niveau | règle | meilleur publié | ce projet | IC à 95 % (Wilson) | par rapport au "
        "publié | parties | parties/s par cœur |",
        "|---|---|---:|---:|---|---|---:|---:|",
    ]
    for preset, rule in cells:
        wins, games, seconds = totals[(preset, rule)]
        low, high = wilson(wins, games)
        width, height, nb_mines, opening = PRESETS[preset]
        if rule == "tp":
            published, source = tp_ceiling(preset, totals)
        else:
            published, source = PUBLISHED[(preset, rule)]
        if low > published:
            position = "au-dessus"
        elif high < published:
            position = f"en dessous de {points(published - high)}"
        else:
            position = f"dans l'IC (borne basse {points(published - low)} en dessous)"
        first = (
            first_choice(preset) if rule == "tp" else ((0, 0) if rule == "classique" else opening)
        )
        lines.append(
            f"| {preset} {width}×{height}/{nb_mines} | {rule} {first} | {fr(published, 3)} % "
            f"({source}) | **{fr(100 * wins / games)} %** | [{fr(low)} ; {fr(high)}] | "
            f"{position} | {games} | {fr(games / seconds, 1)} |"
        )
    if arguments.comparer:
        lines += paired_table(arguments.comparer, arguments.graine, outcomes_of)
    return lines


def cell_key(preset: str, rule: str) -> str:
    """La clé d'une case du tableau dans un fichier de résultats."""
    return f"{preset} {rule}"


def write_outcomes(arguments, outcomes_of: dict) -> None:
    """Écrit le résultat de chaque partie dans le fichier ``--resultats``."""
    data = {
        "graine": arguments.graine,
        "reglages": [f"{m}.{c}={v:g}" for m, c, v in arguments.reglage],
        "parties": {cell_key(*cell): text for cell, text in outcomes_of.items()},
    }
    arguments.resultats.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    print(f"Résultats partie par partie écrits dans {arguments.resultats}.")


def read_outcomes(path: Path, seed: int) -> dict:
    """Lit un fichier ``--resultats`` ; s'arrête, en français, s'il ne convient pas."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise SystemExit(f"Impossible de lire les résultats de {path}.") from None
    if data.get("graine") != seed:
        raise SystemExit(
            f"{path} a été mesuré avec la graine {data.get('graine')}, pas {seed} : "
            "ce ne sont pas les mêmes plateaux."
        )
    return data


def paired(ours: str, theirs: str) -> tuple[int, int, int, float, float, float]:
    """Compare partie par partie deux suites de résultats sur les mêmes plateaux : parties
    communes, gagnées par le premier seul, par le second seul, écart des taux en points et
    son intervalle de confiance à 95 % (apparié, loi normale).

    >>> [round(v, 2) for v in paired("1100" * 25, "1010" * 25)]
    [100, 25, 25, 0.0, -13.86, 13.86]
    """
    games = min(len(ours), len(theirs))
    only_ours = sum(a == "1" and b == "0" for a, b in zip(ours[:games], theirs[:games]))
    only_theirs = sum(a == "0" and b == "1" for a, b in zip(ours[:games], theirs[:games]))
    diff = (only_ours - only_theirs) / games
    variance = ((only_ours + only_theirs) / games - diff * diff) / games
    half = Z95 * math.sqrt(max(variance, 0.0))
    return games, only_ours, only_theirs, 100 * diff, 100 * (diff - half), 100 * (diff + half)


def paired_table(path: Path, seed: int, outcomes_of: dict) -> list[str]:
    """Le tableau de la comparaison appariée avec les résultats de ``path``."""
    data = read_outcomes(path, seed)
    reference = (
        f"au joueur réglé par {', '.join(data['reglages'])}"
        if data["reglages"]
        else "au joueur par défaut"
    )
    lines = [
        "",
        f"Comparé partie par partie {reference} (`{path.name}`), sur les mêmes plateaux :",
        "",
        "| niveau | règle | parties communes | gagnées par celui-ci seul | par la référence "
        "seule | écart (points) | IC à 95 % (apparié) |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for (preset, rule), ours in outcomes_of.items():
        theirs = data["parties"].get(cell_key(preset, rule))
        if not theirs:
            continue
        games, only_ours, only_theirs, diff, low, high = paired(ours, theirs)
        lines.append(
            f"| {preset} | {rule} | {games} | {only_ours} | {only_theirs} | "
            f"{diff:+.2f} | [{fr(low)} ; {fr(high)}] |".replace(".", ",")
        )
    return lines


def tp_ceiling(preset: str, totals: dict) -> tuple[float, str]:
    """Le plafond des règles du TP : le taux « classique » (celui mesuré ici s'il l'a
    été, sinon le meilleur publié) fois la chance que le premier clic soit sûr."""
    chance = safe_first(preset)
    measured = totals.get((preset, "classique"))
    if measured and measured[1]:
        base, what = 100 * measured[0] / measured[1], "classique mesuré"
    else:
        base, what = PUBLISHED[(preset, "classique")][0], "classique publié"
    return base * chance, f"plafond : {what} × {chance.numerator}/{chance.denominator}"


def no_guess_section(arguments, pool) -> list[str]:
    """Fabrique les plateaux sans hasard, les fait jouer, et renvoie le bilan."""
    progress = Progress(arguments.sans_hasard, "sans hasard")
    results = []
    tasks = [(arguments.graine, index) for index in range(arguments.sans_hasard)]
    for result in pool.imap_unordered(make_no_guess, tasks):
        results.append(result)
        progress.advance(1)
    times = [seconds for seconds, _, _ in results]
    clean = sum(won and guesses == 0 for _, won, guesses in results)
    lines = [
        "",
        f"Plateaux expert 30×16/99 sans hasard (premier clic en (3, 3)) : {len(results)} ; "
        f"temps médian {fr(statistics.median(times), 3)} s, pire {fr(max(times), 3)} s "
        f"(temps de calcul d'un cœur par plateau). Gagnés par la machine sans un seul coup "
        f"risqué : {clean} sur {len(results)}"
        + ("." if clean == len(results) else " : ERREUR, un plateau demande de deviner !"),
    ]
    print("\n".join(lines))
    return lines


def main() -> None:
    parser = FrenchParser(
        prog="python tests/benchmarks/bench_machine.py",
        description="Mesure le joueur-machine : taux de victoire par niveau et par règle de "
        "départ, vitesse, et fabrication de plateaux sans hasard.",
    )
    options = parser.options_group()
    count = bounded_int(1, None)
    options.add_argument(
        "--parties", type=count, default=1000, help="parties par niveau et par règle (1000)"
    )
    options.add_argument(
        "--processus",
        type=count,
        default=os.cpu_count() or 1,
        help=f"processus à la fois (tous les cœurs : {os.cpu_count()})",
    )
    options.add_argument(
        "--sans-hasard",
        type=bounded_int(0, None),
        default=100,
        metavar="N",
        help="plateaux expert sans hasard à fabriquer (100 ; 0 : aucun)",
    )
    options.add_argument(
        "--niveaux",
        nargs="+",
        choices=list(PRESETS),
        default=list(PRESETS),
        help="niveaux à jouer (tous)",
    )
    options.add_argument(
        "--regles",
        nargs="+",
        choices=list(RULES),
        default=list(RULES),
        help="règles de départ à jouer (toutes)",
    )
    options.add_argument("--graine", type=bounded_int(0, None), default=0, help="graine (0)")
    options.add_argument(
        "--reglage",
        type=setting,
        action="append",
        default=[],
        metavar="MODULE.CONSTANTE=VALEUR",
        help="change une constante du joueur, pour comparer une variante sur les mêmes "
        "plateaux (par exemple choice.CANDIDATE_RATIO=1 : la case la moins risquée "
        "seulement, départagée par S, E, Q ; endgame.MAX_LAYOUTS=64)",
    )
    options.add_argument(
        "--resultats",
        type=Path,
        metavar="FICHIER",
        help="écrit le résultat de chaque partie dans FICHIER (JSON), pour des comparaisons "
        "appariées",
    )
    options.add_argument(
        "--comparer",
        type=Path,
        metavar="FICHIER",
        help="compare partie par partie aux résultats de FICHIER (écrit par --resultats, "
        "même graine) : écart des taux et son intervalle à 95 %% apparié",
    )
    options.add_argument(
        "--doc",
        type=Path,
        metavar="FICHIER",
        help="écrit aussi le tableau des taux dans FICHIER, entre ses marques de mesures",
    )
    options.add_argument(
        "--bloc",
        default="taux",
        metavar="NOM",
        help="avec --doc, le bloc à remplacer : celui entre <!-- mesures NOM : début --> "
        "et <!-- mesures NOM : fin --> (taux)",
    )
    arguments = parser.parse_args()
    header = (
        f"Machine : {platform.system()} {platform.machine()}{processor()}, "
        f"{os.cpu_count()} cœur(s), "
        f"Python {platform.python_version()} ; {arguments.processus} processus, "
        f"{arguments.parties} parties par case, graine {arguments.graine}"
        + "".join(f", {m}.{c}={v:g}" for m, c, v in arguments.reglage)
        + "."
    )
    print(header)
    if arguments.doc:
        check_doc(arguments.doc, arguments.bloc)  # avant des heures de calcul
    if arguments.comparer:
        read_outcomes(arguments.comparer, arguments.graine)
    begin = time.perf_counter()
    with multiprocessing.Pool(arguments.processus) as pool:
        table = win_rates(arguments, pool)
        print()
        print("\n".join(table))
        no_guess = no_guess_section(arguments, pool) if arguments.sans_hasard else []
    duration = time.perf_counter() - begin
    print(f"\nDurée totale : {fr(duration, 0)} s.")
    if arguments.doc:
        write_doc(arguments.doc, arguments.bloc, header, table + no_guess, duration)


def processor() -> str:
    """« (nom du processeur) » quand le système le dit, sinon rien."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return f" ({line.split(':', 1)[1].strip()})"
    except OSError:
        pass
    return ""


def marks(name: str) -> tuple[str, str]:
    """Les deux marques qui encadrent le bloc de mesures ``name`` d'un document."""
    return f"<!-- mesures {name} : début -->", f"<!-- mesures {name} : fin -->"


def check_doc(path: Path, name: str) -> None:
    """S'arrête, en français, si ``path`` ne peut pas recevoir le bloc ``name``."""
    start, end = marks(name)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise SystemExit(f"Impossible de lire {path}.") from None
    if start not in text or end not in text:
        raise SystemExit(f"{path} n'a pas les marques {start} et {end}.")


def write_doc(path: Path, name: str, header: str, lines: list[str], duration: float) -> None:
    """Remplace le bloc ``name`` des mesures de ``path`` (entre ses deux marques)."""
    check_doc(path, name)
    start, end = marks(name)
    text = path.read_text(encoding="utf-8")
    command = "python tests/benchmarks/bench_machine.py " + shlex.join(sys.argv[1:])
    today = datetime.date.today().isoformat()
    block = "\n".join(
        [
            start,
            f"Mesuré le {today} par `{command}` ({fr(duration / 60, 0)} min). {header}",
            "",
            *lines,
            end,
        ]
    )
    before, rest = text.split(start, 1)
    _, after = rest.split(end, 1)
    path.write_text(before + block + after, encoding="utf-8")
    print(f"Tableau écrit dans {path}.")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("\nMesure interrompue.", file=sys.stderr)
        sys.exit(130)
