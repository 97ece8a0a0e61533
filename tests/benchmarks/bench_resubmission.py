"""Un rendu rendu de nouveau, un commentaire ajouté, a-t-il la même note ? (un script, pas
un test)

    python tests/benchmarks/bench_resubmission.py [--copies 4] [--secret S] [-k MOT]

Chaque rendu d'étudiant du corpus qui perd des points (``tests/data/corpus/``, ni attaque
ni rendu juste) est noté tel quel, puis en ``--copies`` copies qui ne diffèrent que par une
ligne de commentaire ajoutée à la fin, comme le ferait un étudiant qui retente sa chance
sur Gradescope ou VPL : les cas tirés dépendent du secret et des octets du rendu, donc
chaque copie a les siens. Pour chaque rendu, les notes obtenues ; à la fin, combien de
rendus ont toujours la même note. La notation est celle de ``pytest --submission`` avec le
secret, sur les seules fonctions que le rendu écrit ou doit perdre (comme les tirages de
``tests/project/test_corpus.py``), sans bac à sable (ce sont nos propres rendus).
"""

from __future__ import annotations

import json
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
sys.path[1:1] = [str(ROOT), str(TESTS), str(TESTS / "project")]

from classroom.runner import run_process  # noqa: E402
from corpus_grading import (  # noqa: E402
    STUDENT_ENTRIES,
    build_submission,
    draw_arguments,
    expected_losses,
    graded_functions,
)
from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402


def grade(path: Path, functions: set[str] | None, secret: str, scratch: Path) -> float | None:
    """La note (sur ce qui est noté) de ``path`` ; None si la notation n'a rien rendu."""
    _, received, _ = run_process(draw_arguments(path, functions, secret), str(scratch))
    if not received:
        return None
    return round(json.loads(received.decode("utf-8"))["score"], 4)


def main(argv: list[str] | None = None) -> int:
    parser = FrenchParser(
        prog="python tests/benchmarks/bench_resubmission.py",
        description="Note chaque rendu faux du corpus tel quel puis en copies qui ne "
        "diffèrent que par un commentaire, et dit si la note change.",
    )
    options = parser.options_group()
    options.add_argument("--copies", type=bounded_int(1, 50), default=4, help="copies par rendu")
    options.add_argument("--secret", default="mesure-des-copies", help="le secret de la classe")
    options.add_argument(
        "-k", dest="word", default="", help="seulement les rendus dont le nom contient MOT"
    )
    arguments = parser.parse_args(argv)
    entries = [
        entry
        for entry in STUDENT_ENTRIES
        if arguments.word in entry.name and expected_losses(entry.read_text(encoding="utf-8"))
    ]
    folder = Path(tempfile.mkdtemp(prefix="copies-commentees-"))
    jobs = []
    for entry in entries:
        text = build_submission(entry)
        for copy in range(arguments.copies + 1):
            path = folder / f"copie-{copy}" / entry.name
            path.parent.mkdir(exist_ok=True)
            path.write_text(text + (f"\n# relu, essai {copy}\n" if copy else ""), encoding="utf-8")
            jobs.append((entry, path))

    def run(job):
        entry, path = job
        scratch = Path(tempfile.mkdtemp(dir=folder))
        return entry.stem, grade(path, graded_functions(entry), arguments.secret, scratch)

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, jobs))
    grades: dict[str, list] = {}
    for name, value in results:
        grades.setdefault(name, []).append(value)
    steady = 0
    for name, values in grades.items():
        same = len(set(values)) == 1
        steady += same
        shown = ", ".join("?" if v is None else f"{v:g}".replace(".", ",") for v in values)
        print(f"{'  ' if same else '≠ '}{name} : {shown}")
    print(
        f"\n{steady} rendu(s) sur {len(grades)} ont la même note dans leurs "
        f"{arguments.copies + 1} versions (secret {arguments.secret})."
    )
    return 0 if steady == len(grades) else 1


if __name__ == "__main__":
    sys.exit(main())
