"""Construire la tâche INGInious du TP et l'image où elle est notée.

    python tests/tools/build_inginious.py DEST [--secret SECRET] [--collage]
                                        [--temps 240] [--memoire 1024]
                                        [--accepter-sans-isolation]

Écrit dans le dossier DEST (neuf ou vide) :

- ``demineur/``, la tâche, à copier dans le dossier du cours : ``task.yaml`` (du JSON, que
  YAML lit tel quel : un problème ``tp``, le ``tp.py`` déposé, ou avec ``--collage`` le code
  collé ; l'environnement ``demineur`` ; les limites ``--temps`` et ``--memoire``),
  ``run`` (le script que lance INGInious : il fait noter le rendu par
  ``tests/tools/grade_inginious.py``), et ``correcteur/`` (le correcteur, la référence,
  parso, les réglages de pytest et le secret des cas, ``secret.txt``) ;
- ``image/``, l'image de l'environnement ``demineur`` : un ``Dockerfile`` tiré de l'image
  de base d'INGInious, qui y installe un Python 3.10 ou plus récent s'il manque (la base
  peut n'avoir que Python 3.8) et, par pip, pytest et hypothesis aux versions installées
  ici (``requirements.txt``).

Deux constructions avec le même secret, dans le même environnement, écrivent les mêmes
fichiers.
"""

from __future__ import annotations

import argparse
import json
import runpy
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
sys.path.insert(1, str(ROOT))
sys.path.insert(1, str(TESTS))
# Un Python trop ancien : un message en français avant tout autre import.
runpy.run_path(str(ROOT / "tp_demineur" / "python_version.py"))["require_python"]()

from classroom.packaging import (  # noqa: E402
    EXECUTABLE,
    PackagingError,
    grader_bundle,
    pinned_requirements,
    secret_choice,
    write_atomically,
)
from classroom.platform_grading import add_isolation_option, isolation_arguments  # noqa: E402
from grading import mark_scheme, secret  # noqa: E402
from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402

PROGRAMS = ["tools/grade_inginious.py"]  # ce que lance le script run
TASK = "demineur"  # le dossier de la tâche
ENVIRONMENT = "demineur"  # le nom de l'environnement (l'étiquette de l'image)
PROBLEM = "tp"
OLDEST_PYTHON = "3.10"  # les versions épinglées doivent l'accepter
PYTHON = "python-demineur"  # le Python de la notation, dans l'image
# La durée de la notation (temps réel) : deux fois la limite de temps de calcul de la
# tâche, moins ce qu'il faut pour rendre le résultat. INGInious arrête le conteneur à
# trois fois cette limite en temps réel (``hard_time``), ou quand il a calculé plus que
# la limite ; une notation calcule bien moins longtemps qu'elle ne dure sur un agent
# chargé (un rendu dont chaque fonction boucle : 27 s de calcul pour 221 s, mesuré).
DURATION_FACTOR = 2
SPARE_SECONDS = 20
MAX_SIZE = 1_000_000  # octets : un tp.py déposé

RUN = """\
#!/bin/bash
# Écrit par tests/tools/build_inginious.py : fait noter le rendu par le correcteur de la
# tâche, avec le Python de l'image (python-demineur, voir le Dockerfile).
exec {python} -I "$(dirname "$0")/correcteur/tests/tools/grade_inginious.py" {options}
"""

DOCKERFILE = """\
# L'environnement « {environment} » d'INGInious, pour la tâche du TP démineur (écrit par
# tests/tools/build_inginious.py). Construire : docker build -t {environment} .
FROM    ghcr.io/inginious/env-base
LABEL   org.inginious.grading.name="{environment}"

# Un Python {oldest} ou plus récent : celui de l'image s'il suffit, sinon python3.12 (dnf).
RUN     if python3 -c 'import sys; sys.exit(sys.version_info < ({major}, {minor}))'; then \\
            ln -s "$(command -v python3)" /usr/local/bin/{python}; \\
        else \\
            dnf -y install python3.12 python3.12-pip && dnf clean all && \\
            ln -s /usr/bin/python3.12 /usr/local/bin/{python}; \\
        fi

# pytest, hypothesis et leurs dépendances, aux versions de la construction.
COPY    requirements.txt /tmp/demineur-requirements.txt
RUN     {python} -m pip install --no-cache-dir -r /tmp/demineur-requirements.txt && \\
        rm /tmp/demineur-requirements.txt
"""

CONTEXT = """\
Déposez votre fichier ``tp.py`` (les fonctions du sujet, de Q3 à Q10). Il est noté par \
le correcteur du TP sur {total} points, ramenés sur 100 : chaque ligne du barème est \
réussie ou ratée, et une ligne ratée dit pourquoi, avec le plus petit contre-exemple \
trouvé."""


def task_settings(seconds: int, memory: int, pasted: bool) -> dict:
    """Le contenu de ``task.yaml`` (les champs d'INGInious)."""
    problem: dict = {"name": "Votre tp.py", "header": ""}
    if pasted:
        problem |= {"type": "code", "language": "python"}
        problem["header"] = "Collez ici tout le contenu de votre fichier ``tp.py``."
    else:
        problem |= {"type": "file", "allowed_exts": [".py"], "max_size": MAX_SIZE}
        problem["header"] = "Déposez votre fichier ``tp.py``."
    total = f"{mark_scheme.TOTAL:g}"
    return {
        "author": "TP démineur",
        "name": "TP démineur",
        "context": CONTEXT.format(total=total),
        "order": 0,
        "accessible": True,
        "groups": False,
        "problems": {PROBLEM: problem},
        "environment_id": ENVIRONMENT,
        "environment_type": "docker",
        "environment_parameters": {
            "limits": {"time": seconds, "hard_time": 3 * seconds, "memory": memory},
            "run_cmd": "",
            "network_grading": False,
        },
    }


def run_script(seconds: int, options: list[str]) -> str:
    duration = DURATION_FACTOR * seconds - SPARE_SECONDS
    words = ["--probleme", PROBLEM, "--duree", str(duration), *options]
    return RUN.format(python=PYTHON, options=" ".join(words))


def dockerfile() -> str:
    major, minor = OLDEST_PYTHON.split(".")
    return DOCKERFILE.format(
        environment=ENVIRONMENT, oldest=OLDEST_PYTHON, major=major, minor=minor, python=PYTHON
    )


def requirements() -> str:
    pins = pinned_requirements(OLDEST_PYTHON)
    lines = [f"{name}=={version}" for name, version in pins.items()]
    return "# Écrit par tests/tools/build_inginious.py : les versions de la construction.\n" + (
        "\n".join(lines) + "\n"
    )


def written_files(
    root: Path, class_secret: str, seconds: int, memory: int, pasted: bool, options: list[str]
) -> dict[str, tuple[bytes, int]]:
    """Ce que la construction écrit : chemin sous DEST → (octets, droits)."""
    bundle, _ = grader_bundle(root, class_secret, PROGRAMS, vendor=False)
    files = {f"{TASK}/{name}": entry for name, entry in bundle.items()}
    settings = json.dumps(task_settings(seconds, memory, pasted), indent=2, ensure_ascii=True)
    files[f"{TASK}/task.yaml"] = (settings.encode() + b"\n", 0o100644)
    files[f"{TASK}/run"] = (run_script(seconds, options).encode(), EXECUTABLE)
    files["image/Dockerfile"] = (dockerfile().encode(), 0o100644)
    files["image/requirements.txt"] = (requirements().encode(), 0o100644)
    return files


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = FrenchParser(
        prog="python tests/tools/build_inginious.py",
        description="Écrit la tâche INGInious du TP (à copier dans le dossier du cours) et "
        "l'image Docker de son environnement.",
    )
    parameters = parser.add_argument_group("paramètre")
    parameters.add_argument("dest", type=Path, metavar="DEST", help="le dossier à écrire")
    options = parser.options_group()
    options.add_argument(
        "--secret",
        type=secret_choice,
        metavar="SECRET",
        help="le secret de la tâche, d'où chaque rendu tire ses cas (tiré au hasard s'il manque)",
    )
    options.add_argument(
        "--collage",
        action="store_true",
        help="l'étudiant colle son code dans une zone de texte (par défaut : il dépose tp.py)",
    )
    options.add_argument(
        "--temps",
        type=bounded_int(60, 3600),
        default=240,
        metavar="SECONDES",
        help="la limite de temps de calcul de la tâche (240 s)",
    )
    options.add_argument(
        "--memoire",
        type=bounded_int(700, 16000),
        default=1024,
        metavar="MO",
        help="la limite de mémoire de la tâche (1 024 Mo : le code de l'étudiant peut en "
        "prendre 512)",
    )
    add_isolation_option(options)
    return parser.parse_args(argv)


def main(argv=None) -> int:
    arguments = parse_arguments(argv)
    drawn = arguments.secret is None
    class_secret = secret.draw() if drawn else arguments.secret
    dest: Path = arguments.dest
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        print(f"Tâche INGInious non écrite : {dest} existe et n'est pas vide.", file=sys.stderr)
        return 2
    options = isolation_arguments(arguments)
    try:
        files = written_files(
            ROOT, class_secret, arguments.temps, arguments.memoire, arguments.collage, options
        )
        for name, (data, mode) in files.items():
            write_atomically(dest / name, data)
            (dest / name).chmod(mode & 0o777)
    except (PackagingError, OSError) as error:
        print(f"Tâche INGInious non écrite : {error}", file=sys.stderr)
        return 2
    print(f"{dest / TASK} écrit : la tâche, à copier dans le dossier du cours.")
    print(
        f"{dest / 'image'} écrit : l'environnement « {ENVIRONMENT} » ; "
        f"docker build -t {ENVIRONMENT} {dest / 'image'}, puis redémarrez l'agent d'INGInious."
    )
    print(
        f"Secret des cas{' (tiré au hasard)' if drawn else ''} : {class_secret}. Gardez-le "
        f"pour vous ; --secret {class_secret} reconstruit une tâche qui note à l'identique."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
