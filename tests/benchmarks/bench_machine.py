"""Mesure du joueur-machine (un script, pas un test).

    python tests/benchmarks/bench_machine.py [--parties 10000] [--processus 2] [--sans-hasard 100]

1. Joue N parties tirées au hasard (graine fixée) par niveau et par règle de départ,
   sur tous les cœurs, et donne le taux de victoire avec son intervalle de
   confiance à 95 % (Wilson), comparé au meilleur joueur publié (PSEQ), et le
   nombre de parties jouées par seconde de calcul d'un cœur (temps processeur du
   processus qui joue : la mesure ne dépend pas des autres programmes qui se
   partagent la machine).

   - « classique » : le premier clic est dans le coin (0, 0) ; les mines sont tirées
     uniformément sur toutes les autres cases ;
   - « ouverture » : le premier clic est un 0 : les mines sont tirées uniformément
     hors du carré 3×3 autour de lui ; il est en (2, 2) en débutant et en
     intermédiaire, en (3, 3) en expert.

2. Fabrique des plateaux expert sans hasard, donne le temps médian et le pire, et
   vérifie que la machine gagne chacun sans un seul coup risqué.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(1, str(ROOT))

from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402
from tp_demineur.machine import no_guess_mines, play  # noqa: E402

# niveau : (largeur, hauteur, mines, premier clic de la règle « ouverture »)
PRESETS = {
    "débutant": (9, 9, 10, (2, 2)),
    "intermédiaire": (16, 16, 40, (2, 2)),
    "expert": (30, 16, 99, (3, 3)),
}
RULES = ("classique", "ouverture")
# Les taux du meilleur joueur publié (PSEQ, 10^8 parties, tableau de MineSweeperProb).
PUBLISHED = {
    ("débutant", "classique"): 91.68,
    ("intermédiaire", "classique"): 78.12,
    ("expert", "classique"): 39.62,
    ("débutant", "ouverture"): 97.15,
    ("intermédiaire", "ouverture"): 88.93,
    ("expert", "ouverture"): 52.78,
}
CHUNK = 20  # parties par tâche envoyée à un processus
Z95 = 1.959963984540054


def board(preset: str, rule: str, rng: random.Random) -> tuple[list[list[bool]], tuple[int, int]]:
    """Un plateau tiré selon la règle, et son premier clic."""
    width, height, nb_mines, opening = PRESETS[preset]
    first = (0, 0) if rule == "classique" else opening
    fx, fy = first
    if rule == "classique":
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


def play_games(task: tuple[int, str, str, int, int]) -> tuple[str, str, int, int, float]:
    """Joue les parties ``start`` à ``start + count - 1`` d'une case du tableau."""
    seed, preset, rule, start, count = task
    wins = 0
    seconds = 0.0
    for index in range(start, start + count):
        rng = random.Random(f"{seed}:{preset}:{rule}:{index}")
        mines, first = board(preset, rule, rng)
        begin = time.process_time()
        result = play(mines, first, rng)
        seconds += time.process_time() - begin
        wins += result.won
    return preset, rule, wins, count, seconds


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


def win_rates(arguments, pool) -> None:
    cells = [(p, r) for r in RULES for p in arguments.niveaux]
    tasks = [
        (arguments.graine, preset, rule, start, min(CHUNK, arguments.parties - start))
        for preset, rule in cells
        for start in range(0, arguments.parties, CHUNK)
    ]
    totals = {cell: [0, 0, 0.0] for cell in cells}
    progress = Progress(arguments.parties * len(cells), "parties")
    for preset, rule, wins, count, seconds in pool.imap_unordered(play_games, tasks):
        entry = totals[(preset, rule)]
        entry[0] += wins
        entry[1] += count
        entry[2] += seconds
        progress.advance(count)
    print()
    print(
        "| niveau | règle | parties | gagnées | taux | IC à 95 % | PSEQ | atteint | "
        "parties/s par cœur |"
    )
    print("|---|---|---:|---:|---:|---|---:|:---:|---:|")
    for preset, rule in cells:
        wins, games, seconds = totals[(preset, rule)]
        low, high = wilson(wins, games)
        published = PUBLISHED[(preset, rule)]
        width, height, nb_mines, _ = PRESETS[preset]
        print(
            f"| {preset} {width}×{height}/{nb_mines} | {rule} | {games} | {wins} | "
            f"{fr(100 * wins / games)} % | [{fr(low)} ; {fr(high)}] | {fr(published)} % | "
            f"{'oui' if low <= published <= high else 'non'} | {fr(games / seconds, 1)} |"
        )


def no_guess_section(arguments, pool) -> None:
    progress = Progress(arguments.sans_hasard, "sans hasard")
    results = []
    tasks = [(arguments.graine, index) for index in range(arguments.sans_hasard)]
    for result in pool.imap_unordered(make_no_guess, tasks):
        results.append(result)
        progress.advance(1)
    times = [seconds for seconds, _, _ in results]
    clean = sum(won and guesses == 0 for _, won, guesses in results)
    print()
    print(
        f"Plateaux expert 30×16/99 sans hasard (premier clic en (3, 3)) : {len(results)} ; "
        f"temps médian {fr(statistics.median(times), 3)} s, pire {fr(max(times), 3)} s "
        f"(temps de calcul d'un cœur par plateau)."
    )
    print(
        f"Gagnés par la machine sans un seul coup risqué : {clean} sur {len(results)}"
        + ("." if clean == len(results) else " : ERREUR, un plateau demande de deviner !")
    )


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
    options.add_argument("--graine", type=bounded_int(0, None), default=0, help="graine (0)")
    arguments = parser.parse_args()
    print(
        f"Machine : {platform.platform()}, {os.cpu_count()} cœur(s), "
        f"Python {platform.python_version()} ; {arguments.processus} processus, "
        f"{arguments.parties} parties par case, graine {arguments.graine}."
    )
    begin = time.perf_counter()
    with multiprocessing.Pool(arguments.processus) as pool:
        win_rates(arguments, pool)
        if arguments.sans_hasard:
            no_guess_section(arguments, pool)
    print(f"\nDurée totale : {fr(time.perf_counter() - begin, 0)} s.")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("\nMesure interrompue.", file=sys.stderr)
        sys.exit(130)
