"""Mesure d'une évaluation dans Moodle VPL (un script, pas un test).

    python tests/benchmarks/bench_vpl.py [--repetitions 5]

Construit l'activité (``build_vpl.py``) et l'évalue dans la prison imitée des tests
(``tests/project/vpl_jail.py`` : un prisonnier sans droits, sans espaces de noms, le
Python du système) sur la référence, un rendu faux du corpus et un rendu dont chaque
fonction boucle sans fin (celui-là une seule fois). Donne, pour chacun : le temps
d'horloge médian d'une évaluation (préparation comprise) et la plus grande somme des
pics de mémoire des processus du prisonnier (ce que VPL compare à la mémoire maximale
de l'activité). Il faut être root (le prisonnier est un utilisateur créé pour l'occasion).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
sys.path[1:1] = [str(ROOT), str(TESTS), str(TESTS / "project")]

import vpl_jail  # noqa: E402

from grading import mark_scheme  # noqa: E402
from tools import build_vpl  # noqa: E402

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
    parser = argparse.ArgumentParser(description="Mesure d'une évaluation dans VPL.")
    parser.add_argument("--repetitions", type=int, default=5)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        activity = Path(folder) / "activite"
        build_vpl.main([str(activity), "--secret", "mesure-vpl"])
        activity.chmod(0o755)
        Path(folder).chmod(0o755)
        jail = vpl_jail.Jail(activity)
        for name, code in SUBMISSIONS.items():
            seconds, peaks, grades = [], [], set()
            # Le rendu qui boucle, une fois : il va jusqu'aux limites de chaque appel.
            repetitions = 1 if code.endswith(LOOPING) else arguments.repetitions
            for _ in range(repetitions):
                start = time.monotonic()
                done = jail.evaluate({"tp.py": code.encode()})
                seconds.append(time.monotonic() - start)
                peaks.append(done.peak_memory)
                grades.add(done.grade or f"aucune ({done.killed})")
            print(
                f"{name:<24} horloge médiane {statistics.median(seconds):6.1f} s "
                f"(min {min(seconds):.1f}, max {max(seconds):.1f}) ; mémoire "
                f"{max(peaks) / 2**20:5.0f} Mio au plus ; notes : {', '.join(sorted(grades))}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
