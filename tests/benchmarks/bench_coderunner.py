"""Mesure d'un « Vérifier » de question Moodle CodeRunner (un script, pas un test).

    python tests/benchmarks/bench_coderunner.py [--repetitions 3] [--question Q5 …]

Construit les questions (``build_coderunner.py``) et les fait vérifier par le serveur Jobe
imité des tests (``tests/project/jobe_sandbox.py`` : un utilisateur sans droits, sans
espaces de noms, le Python du système, les limites de la question) : la référence dans
chaque question, un rendu faux du corpus dans la question de sa faute, et une réponse dont
chaque fonction boucle sans fin (une seule fois, dans la question qui a le plus de lignes
au barème : c'est elle qui coûte le plus). Donne, pour chacun : le temps d'horloge médian
(préparation comprise), le temps de calcul de tous les processus (ce que Jobe compare à
la limite de la question), la plus grande somme des pics de mémoire (VmHWM) et le plus
grand espace d'adresses d'un processus (VmPeak, ce que borne la limite de mémoire de
Jobe). Il faut être root (l'utilisateur de Jobe est créé pour l'occasion).
"""

from __future__ import annotations

import argparse
import base64
import statistics
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
sys.path[1:1] = [str(ROOT), str(TESTS), str(TESTS / "project")]

import jobe_sandbox  # noqa: E402

from grading import mark_scheme  # noqa: E402
from tools import build_coderunner  # noqa: E402

REFERENCE = (ROOT / "tp_demineur" / "tp.py").read_text(encoding="utf-8")
BUGGY = (TESTS / "data" / "corpus" / "nb_adjacent_compte_la_case.py").read_text(encoding="utf-8")
BUGGY_QUESTION = mark_scheme.BAREME["nb_adjacent_mines"][0]
LOOPING = "".join(
    f"\n\ndef {name}(*args, **kwargs):\n    while True:\n        pass\n"
    for name in mark_scheme.FUNCTIONS
)
# La question qui a le plus de lignes au barème : une réponse qui boucle y coûte le plus.
LONGEST = max(
    mark_scheme.QUESTIONS,
    key=lambda q: sum(len(mark_scheme.RUBRIC[f]) for f in mark_scheme.QUESTIONS[q]),
)


def measure(jobe, element: ET.Element, answer: str, repetitions: int, name: str) -> None:
    files = {f.get("name"): base64.b64decode(f.text) for f in element.iter("file")}
    program = jobe_sandbox.render_template(element.findtext("template"), answer)
    cpu = int(element.findtext("cputimelimitsecs"))
    memory = int(element.findtext("memlimitmb"))
    runs = [jobe.run(program, files, cpu, memory) for _ in range(repetitions)]
    marks = set()
    for run in runs:
        try:
            marks.add(f"{jobe_sandbox.combinator_outcome(run)['fraction']:.3f}")
        except ValueError as error:
            marks.add(f"aucune ({str(error)[:60]})")
    seconds = [run.seconds for run in runs]
    print(
        f"{name:<28} horloge médiane {statistics.median(seconds):6.1f} s (max "
        f"{max(seconds):.1f}) ; calcul {max(r.cpu_seconds for r in runs):5.1f} s au plus ; "
        f"mémoire {max(r.peak_memory for r in runs) / 2**20:4.0f} Mio au plus, un processus "
        f"{max(r.peak_process for r in runs) / 2**20:4.0f} Mio ; part des points : "
        f"{', '.join(sorted(marks))}",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="Mesure d'un « Vérifier » CodeRunner.")
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--question", action="append", choices=list(mark_scheme.QUESTIONS))
    arguments = parser.parse_args()
    asked = arguments.question or list(mark_scheme.QUESTIONS)
    with tempfile.TemporaryDirectory() as folder:
        dest = Path(folder) / "demineur.xml"
        build_coderunner.main([str(dest), "--secret", "mesure-coderunner"])
        questions = {
            element.findtext("idnumber").removeprefix("tp-demineur-"): element
            for element in ET.parse(dest).getroot().findall("question[@type='coderunner']")
        }
        jobe = jobe_sandbox.Jobe()
        for question in asked:
            measure(
                jobe, questions[question], REFERENCE, arguments.repetitions, f"référence {question}"
            )
        measure(
            jobe,
            questions[BUGGY_QUESTION],
            REFERENCE + "\n" + BUGGY,
            arguments.repetitions,
            f"rendu faux {BUGGY_QUESTION}",
        )
        measure(jobe, questions[LONGEST], REFERENCE + LOOPING, 1, f"tout boucle {LONGEST}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
