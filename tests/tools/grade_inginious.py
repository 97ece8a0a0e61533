"""Noter un rendu dans INGInious : le programme que lance le script ``run`` de la tâche
(écrit par ``build_inginious.py``) dans le conteneur de notation.

    python3 -I tests/tools/grade_inginious.py [--probleme tp] [--duree 460]
                                              [--accepter-sans-isolation]

Le rendu (le ``tp.py`` déposé, ou le code collé, du problème ``--probleme``) est lu, tel
quel, par la commande ``getinput`` d'INGInious, écrit dans un dossier que seul ce
programme lit, puis noté par la même commande que partout (``python -m pytest tests
--submission tp.py``, voir ``classroom/runner.py``), sur les cas tirés du secret de la
tâche (``secret.txt``, à côté de ``tests/``), dans le bac à sable que permet le
conteneur (Docker n'y permet pas d'espaces de noms : Landlock). Le résultat part par
les commandes d'INGInious : ``feedback-result`` (``success``, ``failed`` ou ``crash``),
``feedback-grade`` (la note sur 100) et ``feedback-msg`` (le retour en
reStructuredText, ``classroom/inginious.py``). Un rendu qui ne peut pas être noté a 0 et la raison.

pytest et hypothesis sont ceux de l'image (``Dockerfile``, aux versions de la
construction).
"""

from __future__ import annotations

import argparse
import os
import platform
import runpy
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]  # le correcteur, dans le dossier de la tâche
sys.path[1:1] = [str(SOURCE), str(SOURCE / "tests")]
# Un Python trop ancien : un message en français avant tout autre import.
runpy.run_path(str(SOURCE / "tp_demineur" / "python_version.py"))["require_python"]()

from classroom import inginious, platform_grading  # noqa: E402
from grading import sandbox  # noqa: E402
from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402

PROBLEM = "tp"  # le problème de la tâche
STUDENT_FILE = "tp.py"
COMMAND_SECONDS = 60  # une commande d'INGInious (getinput, feedback-…)


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = FrenchParser(
        prog="python3 -I tests/tools/grade_inginious.py",
        description="Note le tp.py d'un rendu dans INGInious et donne le résultat, la note "
        "sur 100 et le retour par les commandes d'INGInious. Lancé par le script run.",
    )
    options = parser.options_group()
    options.add_argument(
        "--probleme", default=PROBLEM, metavar="ID", help="le problème de la tâche (tp)"
    )
    options.add_argument(
        "--duree",
        type=bounded_int(10, 7200),
        default=460,
        metavar="SECONDES",
        help="au-delà, la notation est arrêtée et le rendu n'est pas noté",
    )
    platform_grading.add_isolation_option(options)
    return parser.parse_args(argv)


def command(*words: str, stdin: bytes | None = None) -> bytes:
    """Une commande d'INGInious ; sa sortie."""
    done = subprocess.run(
        list(words), input=stdin, capture_output=True, timeout=COMMAND_SECONDS, check=True
    )
    return done.stdout


def grade(arguments: argparse.Namespace) -> tuple[dict | None, str | None]:
    """Note le rendu : (résultat, None) ou (None, pourquoi il n'est pas noté)."""
    try:
        # Le contenu du fichier déposé, ou le code collé : des octets, que la notation juge.
        data = command("getinput", arguments.probleme)
    except (OSError, subprocess.SubprocessError):
        return None, "le rendu n'a pas pu être lu (prévenez votre enseignant)"
    private = tempfile.mkdtemp(prefix="demineur-rendu-")
    try:
        path = Path(private) / STUDENT_FILE
        path.write_bytes(data)
        return platform_grading.grade_file(
            path, SOURCE, not arguments.accepter_sans_isolation, arguments.duree
        )
    finally:
        shutil.rmtree(private, ignore_errors=True)


def main(argv=None) -> int:
    arguments = parse_arguments(argv)
    sandbox.protect_judge()  # le secret sera dans l'environnement de ce processus
    try:
        result, reason = grade(arguments)
    except Exception as error:  # le correcteur lui-même : l'étudiant n'y est pour rien
        result = None
        reason = f"erreur du correcteur ({type(error).__name__}), prévenez votre enseignant"
    server = platform_grading.server_line(
        platform.python_version(), os.environ.get(sandbox.PROBED, "")
    )
    text = inginious.feedback_rst(result, reason, [server])
    note = f"{inginious.grade(result):.2f}"
    command("feedback-result", inginious.outcome_result(result))
    command("feedback-grade", note)
    command("feedback-msg", stdin=text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
