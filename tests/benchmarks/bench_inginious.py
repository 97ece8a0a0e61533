"""Mesure d'un rendu noté par la tâche INGInious (un script, pas un test).

    python tests/benchmarks/bench_inginious.py [--repetitions 3]

Construit la tâche (``build_inginious.py``) et la fait noter dans le conteneur imité des
tests (``tests/project/inginious_container.py`` : l'utilisateur ``worker``, sans espaces de
noms, le Python du système avec les versions épinglées) : la référence, un rendu faux du
corpus et un rendu dont chaque fonction boucle sans fin (une seule fois). Donne, pour
chacun : le temps d'horloge médian du script ``run``, son temps de calcul (tous ses
processus) et le plus gros processus (``ru_maxrss``). Il faut être root.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
sys.path[1:1] = [str(ROOT), str(TESTS), str(TESTS / "project")]

import inginious_container  # noqa: E402

from grading import mark_scheme  # noqa: E402
from tools import build_inginious  # noqa: E402

REFERENCE = (ROOT / "tp_demineur" / "tp.py").read_text(encoding="utf-8")
BUGGY = (TESTS / "data" / "corpus" / "nb_adjacent_compte_la_case.py").read_text(encoding="utf-8")
LOOPING = "".join(
    f"\n\ndef {name}(*args, **kwargs):\n    while True:\n        pass\n"
    for name in mark_scheme.FUNCTIONS
)
SUBMISSIONS = {
    "référence": REFERENCE,
    "rendu faux du corpus": REFERENCE + "\n" + BUGGY,
    "chaque fonction boucle": REFERENCE + LOOPING,
}


def main() -> int:
    parser = argparse.ArgumentParser(description="Mesure d'un rendu noté par INGInious.")
    parser.add_argument("--repetitions", type=int, default=3)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        dest = Path(folder) / "cours"
        build_inginious.main([str(dest), "--secret", "mesure-inginious"])
        task = dest / build_inginious.TASK
        for name, code in SUBMISSIONS.items():
            repetitions = 1 if code.endswith(LOOPING) else arguments.repetitions
            seconds, cpu, grades = [], [], set()
            for _ in range(repetitions):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.monotonic()
                done = inginious_container.grade(task, code.encode(), 240, 1024)
                seconds.append(time.monotonic() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
                grades.add(f"{done.result} {done.grade}")
            largest = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            print(
                f"{name:<24} horloge médiane {statistics.median(seconds):6.1f} s (max "
                f"{max(seconds):.1f}) ; calcul {max(cpu):5.1f} s au plus ; plus gros "
                f"processus jusqu'ici {largest:4.0f} Mio ; {', '.join(sorted(grades))}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
