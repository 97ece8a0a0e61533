"""Construire l'autograder Gradescope du TP : ``autograder.zip``.

    python tests/tools/build_gradescope.py [DEST] [--contre-exemples toujours|apres-echeance|jamais]
                               [--exiger-bac-a-sable] [--duree-max 9] [--python 3.10]

Le zip suit le format documenté par Gradescope : ``setup.sh`` et
``run_autograder`` à sa racine. Gradescope l'extrait dans
``/autograder/source``, lance ``setup.sh`` une fois (en construisant l'image),
puis ``run_autograder`` pour chaque rendu, déposé dans
``/autograder/submission`` ; le résultat va dans
``/autograder/results/results.json``. Le zip contient :

- ``setup.sh`` : installe Python, ``bubblewrap`` et ``libarchive-tools`` (apt : bsdtar
  ouvre les archives .7z et .rar des étudiants) et les versions
  épinglées de pytest et hypothesis (``requirements.txt``, celles installées ici),
  crée l'utilisateur sans droits ``demineur`` et rend ``source/`` illisible à tout
  autre que root ; ``setup.sh --verifier`` vérifie l'installation sans rien installer ;
- ``run_autograder`` : lance ``tests/tools/grade_gradescope.py`` avec les options
  choisies ici (le secret n'y est pas : il est dans ``secret.txt``, lisible par root
  seul, que ``grade_gradescope.py`` lit lui-même) ;
- le correcteur (``tests/`` sans le corpus ni les tests du projet, avec parso sous
  ``tests/parso/`` : voir ``classroom/packaging.py``), la solution
  de référence (``tp_demineur/`` : elle répond aux relais) et les réglages de
  pytest du dépôt (``pyproject.toml``).

Les deux scripts prennent la racine dans la variable ``AUTOGRADER_ROOT``
(``/autograder`` par défaut), et l'interpréteur dans ``AUTOGRADER_PYTHON``
(par défaut celui que ``setup.sh`` installe) : on peut les essayer hors de
Gradescope (la marche à suivre est dans docs/gradescope.md, « L'essayer chez vous »).
"""

from __future__ import annotations

import argparse
import re
import runpy
import sys
from importlib import metadata
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
# Le correcteur (tests/), et la racine pour l'analyseur d'options en français du jeu.
sys.path.insert(1, str(ROOT))
sys.path.insert(1, str(TESTS))
# Un Python trop ancien : un message en français avant tout autre import.
runpy.run_path(str(Path(__file__).resolve().parents[2] / "tp_demineur" / "python_version.py"))[
    "require_python"
]()

from classroom.packaging import (  # noqa: E402
    EXECUTABLE,
    PRIVATE,
    REGULAR,
    PackagingError,
    carried_files,
    grader_files,
    pytest_settings,
    write_zip,
)
from grading import secret  # noqa: E402
from tools.grade_gradescope import (  # noqa: E402
    MINIMUM_PYTHON,
    ROOT_DEFAULT,
    SECRET_FILE,
    add_grading_options,
    grading_arguments,
)
from tp_demineur.arguments import FrenchParser  # noqa: E402

PINNED = ["pytest", "hypothesis"]
IMAGE_PYTHON = "3.10"  # Ubuntu 22.04, l'image de base par défaut de Gradescope
PROGRAMS = ["tools/grade_gradescope.py"]  # ce que lance run_autograder

SETUP = """\
#!/usr/bin/env bash
# Installe ce dont a besoin le correcteur du TP démineur. Gradescope le lance une
# fois, en root, en construisant l'image (Ubuntu). « setup.sh --verifier » vérifie
# seulement l'installation, sans rien installer ni télécharger.
set -euo pipefail
racine="${{AUTOGRADER_ROOT:-{root}}}"
source_dir="$racine/source"
python="${{AUTOGRADER_PYTHON:-$racine/venv/bin/python}}"
version_ok='import sys; sys.exit(sys.version_info < {minimum})'

verifier() {{
    if ! "$python" -c "$version_ok"; then
        echo "PROBLÈME : $python n'est pas Python {minimum_text} ou plus récent." >&2
        return 1
    fi
    "$python" "$source_dir/tests/tools/grade_gradescope.py" --verifier
}}

if [ "${{1:-}}" = "--verifier" ]; then
    verifier
    exit 0
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends python3 python3-venv bubblewrap libarchive-tools
# L'utilisateur sans droits du code des étudiants quand bubblewrap ne peut pas créer son
# bac à sable (le conteneur de Gradescope refuse les espaces de noms) : le correcteur,
# root, lance le processus de travail sous lui (à défaut, sous nobody).
if ! id demineur >/dev/null 2>&1; then
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin \
        demineur || echo "useradd impossible : le code des étudiants tournera sous nobody" >&2
fi
# Le correcteur, la référence et le secret : lisibles par root seul.
chmod -R go-rwx "$source_dir"
chmod 700 "$racine/run_autograder" 2>/dev/null || true
if ! python3 -c "$version_ok"; then
    echo "PROBLÈME : l'image a $(python3 --version) ; il faut Python {minimum_text} ou plus" \\
        "récent (image de base Ubuntu 22.04 ou plus récente)." >&2
    exit 1
fi
python3 -m venv "$racine/venv"
"$racine/venv/bin/python" -m pip install --no-cache-dir --disable-pip-version-check \\
    -r "$source_dir/requirements.txt"
verifier
"""

RUN = """\
#!/usr/bin/env bash
# Lancé par Gradescope pour chaque rendu : note $racine/submission et écrit
# $racine/results/results.json (voir tests/tools/grade_gradescope.py).
racine="${{AUTOGRADER_ROOT:-{root}}}"
python="${{AUTOGRADER_PYTHON:-$racine/venv/bin/python}}"
exec "$python" "$racine/source/tests/tools/grade_gradescope.py" --racine "$racine" {options}
"""


def pinned_versions(python: str) -> dict[str, str]:
    """Les versions installées de pytest et hypothesis, si elles acceptent ce Python-là."""
    from packaging.specifiers import SpecifierSet  # installé avec pytest

    versions = {}
    for name in PINNED:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            raise PackagingError(
                f"{name} n'est pas installé ici : pip install -e \".[enseignant]\" d'abord"
            ) from None
        accepted = metadata.metadata(name).get("Requires-Python") or ""
        if not SpecifierSet(accepted).contains(python):
            raise PackagingError(
                f"{name} {versions[name]} demande Python {accepted}, mais l'image de Gradescope "
                f"a Python {python} (--python) : installez ici les versions que donne "
                'pip install -e ".[enseignant]" (elles lisent tout Python à partir de 3.10), '
                "puis reconstruisez l'autograder."
            )
    return versions


def contents(root: Path, arguments: argparse.Namespace) -> dict[str, tuple[bytes, int]]:
    """Tout le zip : chemin → (octets, droits)."""
    minimum = ".".join(map(str, MINIMUM_PYTHON))
    setup = SETUP.format(root=ROOT_DEFAULT, minimum=MINIMUM_PYTHON, minimum_text=minimum)
    run = RUN.format(root=ROOT_DEFAULT, options=" ".join(grading_arguments(arguments)))
    versions = pinned_versions(arguments.python)
    pins = "".join(f"{name}=={version}\n" for name, version in versions.items())
    pyproject = pytest_settings((root / "pyproject.toml").read_text(encoding="utf-8"))
    files = {
        "setup.sh": (setup.encode(), EXECUTABLE),
        "run_autograder": (run.encode(), EXECUTABLE),
        SECRET_FILE: (f"{arguments.secret}\n".encode(), PRIVATE),
        "requirements.txt": (pins.encode(), REGULAR),
        "pyproject.toml": (pyproject.encode(), REGULAR),
    }
    for name, path in grader_files(root, PROGRAMS).items():
        files[name] = (path.read_bytes(), REGULAR)
    files |= {name: (data, REGULAR) for name, data in carried_files().items()}
    return files


def python_version(text: str) -> str:
    """Un type d'option : une version de Python X.Y, au moins le minimum du correcteur."""
    match = re.fullmatch(r"(\d+)\.(\d+)", text)
    if match is None or tuple(map(int, match.groups())) < MINIMUM_PYTHON:
        minimum = ".".join(map(str, MINIMUM_PYTHON))
        raise argparse.ArgumentTypeError(
            f"« {text} » : il faut une version X.Y, {minimum} ou plus récente"
        )
    return text


def parse_arguments(argv=None):
    parser = FrenchParser(
        prog="python tests/tools/build_gradescope.py",
        description="Écrit l'autograder Gradescope du TP (un zip à déposer sur la page "
        "« Configure Autograder » d'un devoir de programmation).",
    )
    parameters = parser.add_argument_group("paramètre")
    parameters.add_argument(
        "dest",
        type=Path,
        nargs="?",
        default=Path("autograder.zip"),
        metavar="DEST",
        help="le zip à écrire (autograder.zip)",
    )
    options = parser.options_group()
    add_grading_options(options)
    options.add_argument(
        "--python",
        type=python_version,
        default=IMAGE_PYTHON,
        metavar="X.Y",
        help=f"la version de Python de l'image de base choisie sur Gradescope ({IMAGE_PYTHON} : "
        "Ubuntu 22.04, l'image par défaut) ; pytest et hypothesis installés ici doivent "
        "l'accepter",
    )
    return parser.parse_args(argv)


def main(argv=None) -> int:
    arguments = parse_arguments(argv)
    drawn = arguments.secret is None
    if drawn:
        arguments.secret = secret.draw()
    try:
        files = contents(ROOT, arguments)
        write_zip(arguments.dest, files)
    except (PackagingError, OSError) as error:
        print(f"Autograder non écrit : {error}", file=sys.stderr)
        return 2
    pins = files["requirements.txt"][0].decode().split()
    print(
        f"{arguments.dest} écrit : {len(files)} fichiers ; {', '.join(pins)} (Python "
        f"{arguments.python}) ; contre-exemples : {arguments.contre_exemples} ; bac à sable : "
        f"{'exigé' if arguments.exiger_bac_a_sable else 'si le conteneur le permet'}."
    )
    print(
        f"Secret des cas{' (tiré au hasard)' if drawn else ''} : {arguments.secret}. "
        f"Gardez-le pour vous ; --secret {arguments.secret} reconstruit un autograder qui "
        "note à l'identique."
    )
    print(
        "Sur Gradescope : dans un devoir « Programming Assignment », page « Configure "
        "Autograder », déposez ce zip (image de base : Ubuntu 22.04), puis essayez-le avec "
        "« Test Autograder » sur un rendu juste et un rendu faux."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
