"""Mesure du temps de notation (un script, pas un test).

    python tests/benchmarks/bench_grading.py [--classe 50] [--repetitions 3]

1. Mesure le plancher : démarrer Python et importer pytest et hypothesis.
2. Note la solution de référence comme un rendu, plusieurs fois, avec la
   commande des enseignants, et donne le temps médian et le rapport au plancher ;
   chaque notation est suivie de la même sans bac à sable (``--no-sandbox``), et
   le coût du bac à sable est la médiane des différences, paire par paire ; puis
   un rendu faux du corpus, de même.
3. Note une classe de N rendus (des copies de la référence et des rendus faux du
   corpus, à parts égales) avec tests/tools/grade_class.py, et donne le temps total
   et le temps moyen par rendu.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
sys.path.insert(1, str(ROOT))  # l'analyseur d'options en français du jeu

from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402

REFERENCE = ROOT / "tp_demineur" / "tp.py"


def seconds_fr(value: float, digits: int = 1) -> str:
    """Un nombre de secondes écrit à la française : 6,8."""
    return f"{value:.{digits}f}".replace(".", ",")


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
    return time.perf_counter() - start


def median_of(command: list[str], repetitions: int) -> float:
    return statistics.median(timed(command) for _ in range(repetitions))


# Un rendu faux du corpus, de ceux qu'on rencontre : une inondation en un seul parcours.
BUGGY = "propagate_un_seul_parcours.py"


def main() -> None:
    parser = FrenchParser(
        prog="python tests/benchmarks/bench_grading.py",
        description="Mesure le temps de notation.",
    )
    options = parser.options_group()
    count = bounded_int(1, None)
    options.add_argument("--classe", type=count, default=50, help="taille de la classe (50)")
    options.add_argument("--repetitions", type=count, default=3, help="notations du rendu seul (3)")
    options.add_argument("--jobs", type=count, default=2, help="rendus notés à la fois (2)")
    arguments = parser.parse_args()

    print(
        f"Machine : {platform.platform()}, {os.cpu_count()} cœur(s), "
        f"Python {platform.python_version()}"
    )
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print(
            "PYTHONDONTWRITEBYTECODE est posé : chaque notation recompile le correcteur "
            "depuis ses sources (le plancher, lui, lit les fichiers .pyc déjà installés)."
        )
    floor = median_of([sys.executable, "-c", "import pytest, hypothesis"], arguments.repetitions)
    print(f'Plancher (python -c "import pytest, hypothesis") : {seconds_fr(floor, 2)} s')
    grade = [sys.executable, "-m", "pytest", str(TESTS), "-q", "--submission"]
    single, unboxed = [], []
    for _ in range(arguments.repetitions):
        single.append(timed([*grade, str(REFERENCE)]))
        unboxed.append(timed([*grade, str(REFERENCE), "--no-sandbox"]))
    correct = statistics.median(single)
    print(
        f"Un rendu correct : {seconds_fr(correct)} s (médiane de "
        f"{len(single)} : {' ; '.join(seconds_fr(s) for s in single)}), "
        f"{seconds_fr(correct / floor)} fois le plancher"
    )
    print(
        f"Le même sans bac à sable : {seconds_fr(statistics.median(unboxed))} s ; coût du bac "
        f"à sable : {seconds_fr(statistics.median(a - b for a, b in zip(single, unboxed)), 2)} s "
        "par rendu (médiane des différences)"
    )
    with tempfile.TemporaryDirectory() as folder:
        buggy = Path(folder) / "faux.py"
        buggy.write_text(
            REFERENCE.read_text(encoding="utf-8") + (TESTS / "data" / "corpus" / BUGGY).read_text(),
            encoding="utf-8",
        )
        wrong = median_of([*grade, str(buggy)], arguments.repetitions)
    print(
        f"Un rendu faux ({BUGGY}) : {seconds_fr(wrong)} s, "
        f"{seconds_fr(wrong / floor)} fois le plancher"
    )

    corpus = sorted((TESTS / "data" / "corpus").glob("*.py"))
    reference = REFERENCE.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as folder:
        rendus = Path(folder) / "rendus"
        rendus.mkdir()
        for index in range(arguments.classe):
            text = reference
            if index % 2 and corpus:
                entry = corpus[(index // 2) % len(corpus)].read_text(encoding="utf-8")
                text = entry if "# base : aucune" in entry else reference + "\n\n" + entry
            (rendus / f"etudiant_{index:02d}.py").write_text(text, encoding="utf-8")
        seconds = timed(
            [
                sys.executable,
                str(TESTS / "tools" / "grade_class.py"),
                str(rendus),
                "--sortie",
                str(Path(folder) / "notes"),
                "--jobs",
                str(arguments.jobs),
            ]
        )
    print(
        f"Une classe de {arguments.classe} rendus, {arguments.jobs} à la fois : "
        f"{seconds_fr(seconds, 0)} s, {seconds_fr(arguments.classe / seconds, 2)} rendu(s) "
        f"par seconde ({seconds_fr(seconds / arguments.classe)} s par rendu)"
    )


if __name__ == "__main__":
    main()
