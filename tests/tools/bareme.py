"""Le barème du TP, ligne à ligne, avant toute notation :

    python tests/tools/bareme.py

Chaque ligne est une classe d'entrées d'une fonction, vérifiée par son propre test noté,
avec ses points : une faute d'une classe fait rater sa ligne, et elle seule. Les points
s'écrivent à un seul endroit, ``tests/grading/mark_scheme.py`` (``RUBRIC``) : changez-y
ceux d'une ligne, et la notation, le kit et les plateformes suivent.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
# Avant pytest et le correcteur : sur un Python trop ancien, un message en français.
runpy.run_path(str(ROOT / "tp_demineur" / "python_version.py"))["require_python"]()

sys.path.insert(1, str(ROOT))
sys.path.insert(1, str(TESTS))

from classroom.rubric import CollectionError, rubric_lines, rubric_text  # noqa: E402
from tp_demineur.arguments import FrenchParser  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = FrenchParser(
        prog="python tests/tools/bareme.py",
        description="Affiche le barème du TP, ligne à ligne : chaque classe d'entrées de chaque "
        "fonction et ses points (écrits dans tests/grading/mark_scheme.py).",
    )
    parser.options_group()
    parser.parse_args(argv)
    try:
        lines = rubric_lines(TESTS)
    except CollectionError as error:
        print(f"Le barème ne peut pas être lu : {error}", file=sys.stderr)
        return 2
    print(rubric_text(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
