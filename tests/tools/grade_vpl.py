"""Noter un rendu dans Moodle VPL : le programme que lance ``vpl_execution`` à chaque
« Évaluer » (voir ``build_vpl.py``).

    python3 -I tests/tools/grade_vpl.py --domicile DOSSIER [--accepter-sans-isolation]

Le rendu est ``DOSSIER/tp.py``, le fichier demandé par l'activité. Il est noté par la
même commande que partout (``python -m pytest tests --submission tp.py``, voir
``classroom/runner.py``), sur les cas tirés du secret de l'activité (``secret.txt``,
à côté de ``tests/``), dans le bac à sable que permet le serveur (sans espaces de
noms dans une prison VPL : Landlock). Ce programme écrit sur sa sortie ce que VPL lit
(``classroom/vpl.py``) : un bloc de commentaires par question, puis la note ramenée à
l'échelle de l'activité (``VPL_GRADEMIN`` à ``VPL_GRADEMAX``). Un rendu qui ne peut
pas être noté a la note minimale, et la raison.

pytest et hypothesis viennent du paquet (``site/``, à côté de ``tests/``) : la prison
n'a que Python et sa bibliothèque standard.
"""

from __future__ import annotations

import argparse
import os
import platform
import runpy
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]  # le correcteur installé par vpl_demineur.py
SITE = SOURCE / "site"  # pytest, hypothesis et leurs dépendances
sys.path[1:1] = [str(SITE), str(SOURCE), str(SOURCE / "tests")]
# Un Python trop ancien : un message en français avant tout autre import.
runpy.run_path(str(SOURCE / "tp_demineur" / "python_version.py"))["require_python"]()

from classroom import platform_grading, vpl  # noqa: E402
from grading import sandbox  # noqa: E402
from grading.safe_text import one_line  # noqa: E402
from tp_demineur.arguments import FrenchParser  # noqa: E402

STUDENT_FILE = "tp.py"  # le fichier demandé par l'activité
DEFAULT_SECONDS = 240  # la durée maximale d'exécution par défaut d'une activité VPL
# Ce que la notation laisse à la préparation et à l'écriture du résultat, sur la durée
# maximale de l'activité : au-delà, la notation est arrêtée et le rendu a la note minimale
# avec la raison, plutôt que VPL ne l'arrête sans rien dire.
SPARE_SECONDS = 15
MINIMUM_SECONDS = 30


def time_limit(environment: dict[str, str]) -> int:
    """La durée laissée à la notation (secondes), d'après ``VPL_MAXTIME``.

    >>> time_limit({"VPL_MAXTIME": "240"}), time_limit({}), time_limit({"VPL_MAXTIME": "20"})
    (225, 225, 30)
    """
    try:
        seconds = int(environment.get("VPL_MAXTIME", ""))
    except ValueError:
        seconds = DEFAULT_SECONDS
    return max(MINIMUM_SECONDS, seconds - SPARE_SECONDS)


def submitted(environment: dict[str, str]) -> str:
    """Les fichiers rendus, tels que VPL les donne (``VPL_SUBFILES``), sur une ligne."""
    names = environment.get("VPL_SUBFILES", "").split()
    return ", ".join(one_line(name) for name in names) if names else "aucun fichier"


def grade(home: Path, require_sandbox: bool, seconds: int) -> tuple[dict | None, str | None]:
    """Note ``home/tp.py`` : (résultat, None), ou (None, pourquoi il n'est pas noté)."""
    submission = home / STUDENT_FILE
    if not submission.is_file():
        return None, f"le rendu n'a pas de fichier {STUDENT_FILE} (reçu : {submitted(os.environ)})"
    return platform_grading.grade_file(submission, SOURCE, require_sandbox, seconds, site=SITE)


def add_grading_options(options) -> None:
    """Les options d'une évaluation, que ``build_vpl.py`` écrit dans ``vpl_execution``."""
    platform_grading.add_isolation_option(options)


def grading_arguments(arguments: argparse.Namespace) -> list[str]:
    """Les options de :func:`add_grading_options`, telles qu'on les écrirait à la main."""
    return platform_grading.isolation_arguments(arguments)


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = FrenchParser(
        prog="python3 -I tests/tools/grade_vpl.py",
        description="Note le tp.py d'un rendu dans Moodle VPL et écrit ce que VPL lit : "
        "les commentaires question par question, puis la note. Lancé par vpl_execution.",
    )
    options = parser.options_group()
    options.add_argument(
        "--domicile",
        type=Path,
        default=Path.cwd(),
        metavar="DOSSIER",
        help="le dossier de travail de VPL, où sont le rendu et vpl_environment.sh",
    )
    add_grading_options(options)
    return parser.parse_args(argv)


def main(argv=None) -> int:
    arguments = parse_arguments(argv)
    sandbox.protect_judge()  # le secret est dans l'environnement de ce processus
    scale, remark = vpl.grade_range(dict(os.environ))
    try:
        result, reason = grade(
            arguments.domicile, not arguments.accepter_sans_isolation, time_limit(os.environ)
        )
    except Exception as error:  # le correcteur lui-même : l'étudiant n'y est pour rien
        result, reason = (
            None,
            f"erreur du correcteur ({type(error).__name__}), prévenez votre enseignant",
        )
    remarks = [remark] if remark else []
    remarks += vpl.settings_remarks(dict(os.environ))
    remarks.append(
        platform_grading.server_line(platform.python_version(), os.environ.get(sandbox.PROBED, ""))
    )
    print(vpl.evaluation_output(result, reason, scale, remarks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
