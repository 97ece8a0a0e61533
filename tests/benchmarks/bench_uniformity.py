"""La puissance du test de l'uniformité d'initialise_mines (un script, pas un test).

    python tests/benchmarks/bench_uniformity.py [--secrets 200] [--filtre MOT]

Les plateaux sont ceux du test noté (``UNIFORMITY_BOARDS`` de
``tests/graded/test_q4_initialise.py``), jugés par les mêmes comparaisons
(``grading.checks.q4_initialise.spread_comparisons``). Leurs graines viennent du secret de
la classe et de chaque rendu : une ajoutée en commentaire en donne d'autres. Le script
rejoue donc chaque plateau avec les graines de ``--secrets`` secrets différents, dans ce
processus, pour :

- chaque tirage biaisé du corpus (les rendus dont l'en-tête « # lignes : » dit
  test_initialise_mines_uniform) : sur combien de secrets chaque plateau le voit, et,
  pour la comparaison qui le voit le mieux, de combien d'écarts-types sa statistique
  dépasse en moyenne la valeur critique (sa moyenne et son écart-type mesurés sur les
  secrets) ; la probabilité de le manquer en est tirée, par la loi normale. Une case
  jamais (ou toujours) minée est un calcul exact : vue à chaque secret, c'est « sûr » ;
- chaque tirage correct (la référence, les variantes correctes du corpus) : combien de
  secrets le font échouer (jamais, attendu) et la plus petite p-valeur vue ; le taux de
  fausse alerte par notation, lui, est borné par le calcul (plateaux × comparaisons ×
  seuil) ;
- le temps de calcul des tirages de la référence, plateau par plateau.

Un biais qu'un plateau voit « une fois sur deux » serait une note qui dépend du secret :
chaque biais réaliste doit être vu, par au moins un plateau, avec une probabilité de le
manquer négligeable (au-dessous de 1e-9).
"""

from __future__ import annotations

import functools
import importlib.util
import math
import random
import re
import signal
import statistics
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
sys.path.insert(1, str(ROOT))
sys.path.insert(1, str(TESTS))

from grading import secret, stats  # noqa: E402
from grading.checks.q4_initialise import (  # noqa: E402
    PROMPT_SECONDS,
    dense,
    mine_cells,
    spread_comparisons,
)
from grading.limits import Limits  # noqa: E402
from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402

CORPUS = TESTS / "data" / "corpus"
REFERENCE = ROOT / "tp_demineur" / "tp.py"
# Le temps de calcul permis à un tirage, comme chez le juge : une seconde sur un plateau
# dense (qui n'est alors pas jugé), cinq ailleurs (le test échoue).
DENSE_SECONDS, CALL_SECONDS = PROMPT_SECONDS, Limits().call_seconds


def graded_boards() -> list[tuple[int, int, int, int]]:
    """Les plateaux du test noté, lus dans son module."""
    path = TESTS / "graded" / "test_q4_initialise.py"
    spec = importlib.util.spec_from_file_location("test_q4_initialise", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.UNIFORMITY_BOARDS


def generator(path: Path | None):
    """initialise_mines d'un rendu du corpus (la référence suivie du fichier, comme le
    corpus les note), ou de la référence."""
    text = REFERENCE.read_text(encoding="utf-8")
    if path is not None:
        entry = path.read_text(encoding="utf-8")
        text = entry if "# base : aucune" in entry else text + "\n\n" + entry
    namespace = {"__name__": "rendu"}
    exec(compile(text, str(path or REFERENCE), "exec"), namespace)
    return namespace["initialise_mines"]


def biased_entries() -> list[Path]:
    return [
        path
        for path in sorted(CORPUS.glob("initialise_mines_*.py"))
        if re.search(
            r"^# lignes : .*test_initialise_mines_uniform", path.read_text("utf-8"), re.MULTILINE
        )
    ]


def correct_entries() -> list[Path]:
    return sorted(CORPUS.glob("correct_initialise_mines_*.py"))


class TooLong(Exception):
    pass


def alarm(*_):
    raise TooLong


def simulate(function, width: int, height: int, nb_mines: int, draws: int, first: int):
    """Les tirages d'un plateau, comme les fait le processus de travail : random.seed(graine)
    puis l'appel, sur une grille neuve toute à False. None : une exception, ou un tirage
    plus long que le juge ne le permet (temps de calcul)."""
    placements = []
    seconds = DENSE_SECONDS if dense(width, height, nb_mines) else CALL_SECONDS
    signal.signal(signal.SIGPROF, alarm)
    try:
        for seed in range(first, first + draws):
            grid = [[False] * width for _ in range(height)]
            random.seed(seed)
            signal.setitimer(signal.ITIMER_PROF, seconds)
            function(grid, nb_mines)
            signal.setitimer(signal.ITIMER_PROF, 0)
            placements.append(mine_cells(grid))
    except (TooLong, Exception):
        return None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return placements


def normal_tail(z: float) -> float:
    """P(N(0, 1) > z)."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def judge(function, board, secrets: int) -> dict:
    """Le plateau ``board`` rejoué avec les graines de ``secrets`` secrets : ce que chaque
    comparaison a vu."""
    width, height, nb_mines, draws = board
    label = f"uniformité {width}x{height}x{nb_mines}"
    seen = {"vu": 0, "jugé": 0, "non jugé": 0, "exception": 0, "p min": 1.0, "par comparaison": {}}
    for index in range(secrets):
        first = secret.derive(f"simulation-{index}", label)
        placements = simulate(function, width, height, nb_mines, draws, first)
        if placements is None:
            seen["exception"] += 1
            continue
        exact = [p for p in placements if len(p) == nb_mines]
        if 2 * len(exact) < draws:
            seen["non jugé"] += 1
            continue
        seen["jugé"] += 1
        comparisons = spread_comparisons(exact, width, height, nb_mines)
        seen["vu"] += any(c.failed for c in comparisons)
        seen["p min"] = min([seen["p min"], *(c.p for c in comparisons)])
        for comparison in comparisons:
            entry = seen["par comparaison"].setdefault(
                comparison.key, {"degrés": comparison.dof, "valeurs": [], "vu": 0}
            )
            entry["valeurs"].append(comparison.statistic)
            entry["vu"] += comparison.failed
    return seen


@functools.cache
def critical(dof: int) -> float:
    """La valeur critique d'une comparaison à ``dof`` degrés, au seuil ``stats.ALPHA``."""
    return stats.chi2_critical(dof)


def best_comparison(seen: dict) -> tuple[str, str, float]:
    """La comparaison qui voit le mieux le biais : (nom, marge en écarts-types, probabilité
    de manquer le biais), la marge étant (moyenne - valeur critique) / écart-type."""
    best = ("—", "—", 1.0)
    for key, entry in seen["par comparaison"].items():
        values = entry["valeurs"]
        if key in ("jamais", "toujours"):
            if entry["vu"] == len(values) and values:
                return key, "exacte", 0.0
            continue
        if len(values) < 2:
            continue
        mean, spread = statistics.fmean(values), statistics.stdev(values) or 1e-12
        margin = (mean - critical(entry["degrés"])) / spread
        miss = 1 - normal_tail(-margin) if margin < 0 else normal_tail(margin)
        if miss < best[2]:
            best = (key, f"{margin:+.1f}", miss)
    return best


def probability(value: float) -> str:
    if value == 0:
        return "0"
    if value < 1e-300:
        return "< 1e-300"
    return f"{value:.0e}"


def main() -> None:
    parser = FrenchParser(
        prog="python tests/benchmarks/bench_uniformity.py",
        description="Mesure la puissance du test de l'uniformité d'initialise_mines.",
    )
    options = parser.options_group()
    options.add_argument(
        "--secrets",
        type=bounded_int(2, None),
        default=200,
        help="secrets simulés par plateau (200)",
    )
    options.add_argument(
        "--filtre", default="", help="ne rejoue que les rendus dont le nom contient ce mot"
    )
    arguments = parser.parse_args()
    boards = graded_boards()
    grading = len(boards) * stats.COMPARISONS * stats.ALPHA
    print(
        f"{len(boards)} plateaux, {stats.COMPARISONS} comparaisons chacun au seuil "
        f"{stats.ALPHA:g} : fausse alerte d'une fonction correcte ≤ {grading:.1e} par "
        f"notation. {arguments.secrets} secrets simulés par plateau."
    )
    print("\nTemps de calcul des tirages de la référence, dans ce processus :")
    reference = generator(None)
    total = 0.0
    for width, height, nb_mines, draws in boards:
        start = time.process_time()
        simulate(reference, width, height, nb_mines, draws, 1)
        spent = time.process_time() - start
        total += spent
        print(f"  {width}×{height}, {nb_mines} mines, {draws} tirages : {spent * 1000:.0f} ms")
    print(f"  en tout : {total * 1000:.0f} ms")
    entries = [(None, "référence")] + [(p, p.stem) for p in correct_entries()]
    entries += [(p, p.stem) for p in biased_entries()]
    for path, name in entries:
        if arguments.filtre not in name:
            continue
        correct = path is None or path.name.startswith("correct_")
        function = generator(path)
        print(f"\n{name} ({'correct' if correct else 'biaisé'})")
        worst_miss = 1.0
        for board in boards:
            width, height, nb_mines, draws = board
            seen = judge(function, board, arguments.secrets)
            label = f"  {width}×{height}, {nb_mines} mines, {draws} tirages :"
            if correct:
                print(
                    f"{label} échoue sur {seen['vu']}/{seen['jugé']} secrets jugés, "
                    f"plus petite p = {seen['p min']:.1e}"
                )
                continue
            if not seen["jugé"]:
                what = "exception ou trop long" if seen["exception"] else "nombre de mines faux"
                print(f"{label} non jugé ({what})")
                continue
            if seen["exception"]:
                label += f" ({seen['exception']} secrets : exception ou trop long)"
            key, margin, miss = best_comparison(seen)
            worst_miss = min(worst_miss, miss)
            if not seen["vu"] and miss > 0.5:
                print(f"{label} jamais vu ({seen['jugé']} secrets jugés)")
                continue
            print(
                f"{label} vu sur {seen['vu']}/{seen['jugé']} secrets ; meilleure comparaison : "
                f"{key} (marge {margin}) ; probabilité de le manquer ≈ {probability(miss)}"
            )
        if not correct:
            print(f"  → le test entier le manque avec une probabilité ≈ {probability(worst_miss)}")


if __name__ == "__main__":
    main()
