"""Noter la réponse d'une question CodeRunner : le programme que lance la préparation
(``demineur_preparation.py``, appelée par le modèle de la question) sur le serveur Jobe.

    python3 -I tests/tools/grade_coderunner.py --question Q5 --reponse tp.py [--duree 90]
                                               [--accepter-sans-isolation]

La réponse (``--reponse``, écrite par la préparation dans un dossier à elle) est notée par
la même commande que partout (``python -m pytest tests --submission tp.py``, voir
``classroom/runner.py``), limitée aux fonctions de la question (``--functions``), sur les
cas tirés du secret de la question (``secret.txt``, à côté de ``tests/``), dans le bac à
sable que permet le serveur (Jobe n'a pas d'espaces de noms : Landlock). Ce programme écrit
sur sa sortie un seul objet JSON, celui que lit un correcteur de modèle combinateur de
CodeRunner (``classroom/coderunner.py``), et rien d'autre nulle part : s'il ne peut pas
noter, la note est 0 et la raison est dite.

pytest et hypothesis viennent du paquet (``site/``, à côté de ``tests/``) : Jobe n'a que
Python et sa bibliothèque standard.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import runpy
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]  # le correcteur installé par la préparation
SITE = SOURCE / "site"  # pytest, hypothesis et leurs dépendances
sys.path[1:1] = [str(SITE), str(SOURCE), str(SOURCE / "tests")]
# Un Python trop ancien : un message en français avant tout autre import.
runpy.run_path(str(SOURCE / "tp_demineur" / "python_version.py"))["require_python"]()

from classroom import coderunner, platform_grading  # noqa: E402
from grading import mark_scheme, sandbox  # noqa: E402
from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402


def question_choice(text: str) -> str:
    """Un type d'option : une question du sujet qui a des fonctions au barème."""
    if text not in mark_scheme.QUESTIONS:
        raise argparse.ArgumentTypeError(
            f"« {text} » n'est pas une question du barème ({', '.join(mark_scheme.QUESTIONS)})"
        )
    return text


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = FrenchParser(
        prog="python3 -I tests/tools/grade_coderunner.py",
        description="Note la réponse d'une question CodeRunner du TP et écrit le résultat "
        "que lit CodeRunner (un objet JSON). Lancé par la préparation de la question.",
    )
    options = parser.options_group()
    options.add_argument(
        "--question", type=question_choice, required=True, help="la question du sujet (Q5)"
    )
    options.add_argument("--reponse", type=Path, required=True, help="le fichier de la réponse")
    options.add_argument(
        "--duree",
        type=bounded_int(5, 600),
        default=90,
        metavar="SECONDES",
        help="au-delà, la notation est arrêtée et la réponse n'est pas notée",
    )
    platform_grading.add_isolation_option(options)
    return parser.parse_args(argv)


def outcome(arguments: argparse.Namespace) -> dict:
    """Le résultat à écrire pour CodeRunner."""
    sandbox.protect_judge()  # le secret sera dans l'environnement de ce processus
    require = not arguments.accepter_sans_isolation
    try:
        result, reason = platform_grading.grade_file(
            arguments.reponse,
            SOURCE,
            require,
            arguments.duree,
            functions=mark_scheme.QUESTIONS[arguments.question],
            site=SITE,
        )
    except Exception as error:  # le correcteur lui-même : l'étudiant n'y est pour rien
        result = None
        reason = f"erreur du correcteur ({type(error).__name__}), prévenez votre enseignant"
    server = platform_grading.server_line(
        platform.python_version(), os.environ.get(sandbox.PROBED, "")
    )
    teacher = coderunner.isolation_html(server, require)
    if result is None:
        return coderunner.unmarked(reason or "la notation n'a pas eu lieu", teacher)
    return coderunner.question_outcome(result, arguments.question, teacher)


def main(argv=None) -> int:
    arguments = parse_arguments(argv)
    try:
        written = outcome(arguments)
    except Exception as error:
        written = coderunner.unmarked(
            f"erreur du correcteur ({type(error).__name__}), prévenez votre enseignant"
        )
    sys.stdout.write(json.dumps(written, ensure_ascii=True) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
