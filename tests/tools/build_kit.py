"""Construire le kit étudiant : ``python tests/tools/build_kit.py DEST``.

Le générateur lui-même est ``classroom/kit.py`` : il écrit dans DEST le ``tp.py`` à
compléter (la référence sans ses solutions), le jeu, le sujet, les tests publics et un
README pour l'étudiant.
"""

import argparse
import runpy
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
# Avant pytest et le correcteur : sur un Python trop ancien, un message en français.
runpy.run_path(str(ROOT / "tp_demineur" / "python_version.py"))["require_python"]()

sys.path.insert(1, str(ROOT))
sys.path.insert(1, str(TESTS))

from classroom.kit import KitError, build  # noqa: E402
from tp_demineur.arguments import FrenchParser  # noqa: E402

EXIT_OK = 0
EXIT_ERROR = 2


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = FrenchParser(
        prog="python tests/tools/build_kit.py",
        description="Construit le kit étudiant du TP démineur dans le dossier DEST : le "
        "tp.py à compléter (sans les solutions), le jeu, le sujet, les tests publics et "
        "un README pour l'étudiant.",
    )
    parameters = parser.add_argument_group("paramètre")
    parameters.add_argument("dest", metavar="DEST", help="le dossier du kit (vide ou inexistant)")
    options = parser.options_group()
    options.add_argument(
        "--force",
        action="store_true",
        help="accepter un DEST non vide : le kit qu'il contient (tp_demineur/, tests/, "
        "sujet/, README.md, pytest.ini, conftest.py) est remplacé, le reste n'est pas touché",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(argv)
    dest = Path(arguments.dest)
    try:
        entries = build(ROOT, dest, force=arguments.force)
    except (KitError, OSError) as error:
        print(f"python tests/tools/build_kit.py : erreur : {error}", file=sys.stderr)
        return EXIT_ERROR
    cases = sum(len(entry["cases"]) for entry in entries)
    print(f"Kit écrit dans {dest} : {len(entries)} tests, {cases} cas publics.")
    print(f"Pour l'essayer : cd {dest} && python -m pytest")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
