"""Noter un fichier rendu sur une plateforme : ce que font de la même façon Moodle VPL
(``tools/grade_vpl.py``), Moodle CodeRunner (``tools/grade_coderunner.py``) et INGInious
(``tools/grade_inginious.py``), écrit une fois.

Le correcteur installé par la plateforme (``source`` : ``tests/``, la référence, et le
secret des cas dans ``secret.txt``) note le fichier par la même commande que partout
(``python -m pytest tests --submission tp.py``, voir ``classroom/runner.py``), dans le bac à
sable que permet le serveur. Sans isolation possible, le rendu n'est pas noté, sauf si la
plateforme a été construite pour l'accepter (``--accepter-sans-isolation``) : son code
pourrait lire le correcteur et le secret.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from pathlib import Path

from classroom import runner
from classroom.packaging import SECRET_FILE
from classroom.results import in_bareme_order
from grading import sandbox, scoring, secret


def class_secret(source: Path) -> str | None:
    """Le secret écrit par la construction de la plateforme à côté de ``tests/`` ; None
    s'il manque ou s'il est mal formé."""
    try:
        return secret.check((source / SECRET_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def isolation_refusal(isolation: sandbox.Isolation) -> str:
    """Pourquoi un rendu n'est pas noté sur un serveur qui ne permet aucune isolation."""
    return (
        "le serveur d'exécution ne permet pas d'isoler votre code du correcteur, la "
        f"notation est refusée : prévenez votre enseignant ({isolation.reason})"
    )


def grade_file(
    submission: Path,
    source: Path,
    require_sandbox: bool,
    seconds: int,
    functions: list[str] | None = None,
    site: Path | None = None,
    chosen_secret: str | None = None,
) -> tuple[dict | None, str | None]:
    """Note ``submission`` (seulement ``functions``, si elles sont données) en ``seconds`` au
    plus : (résultat dans l'ordre du barème, None), ou (None, pourquoi il n'est pas noté).

    ``site`` : où la plateforme a installé pytest et hypothesis, s'ils viennent du paquet.
    ``chosen_secret`` : le secret, s'il n'est pas lu dans ``source/secret.txt``. Le secret
    n'est mis que dans l'environnement de ce processus, illisible aux autres processus de
    l'utilisateur (``sandbox.protect_judge``, appelé par le programme de la plateforme)."""
    chosen = chosen_secret or class_secret(source)
    if chosen is None:
        return None, f"{SECRET_FILE} manque au correcteur (prévenez votre enseignant)"
    # L'isolation, essayée une fois ici (la notation la relit) : sans elle, et si elle est
    # exigée, le code de l'étudiant ne tourne pas.
    isolation = sandbox.probe()
    if require_sandbox and not isolation.isolated:
        return None, isolation_refusal(isolation)
    os.environ[sandbox.PROBED] = isolation.encode()
    os.environ[secret.ENVIRONMENT] = chosen
    if site is not None:
        os.environ["PYTHONPATH"] = str(site)  # le pytest de la notation, lancé par runner
    runner.SANDBOX_OPTIONS[:] = ["--require-sandbox"] if require_sandbox else []
    scratch = tempfile.mkdtemp(prefix="demineur-plateforme-")
    try:
        result = runner.grade_one(
            "rendu", submission, Path(scratch), seconds=seconds, functions=functions
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    reason = scoring.facts(result).get("non_note")
    if reason:
        return None, reason
    return in_bareme_order(result), None


def add_isolation_option(options) -> None:
    """L'option des programmes de notation (et de leur construction) qui accepte de noter
    sans isolation."""
    options.add_argument(
        "--accepter-sans-isolation",
        action="store_true",
        help="noter même sur un serveur qui ne permet aucune isolation (par défaut, le "
        "rendu n'y est pas noté : son code pourrait lire le correcteur et le secret)",
    )


def isolation_arguments(arguments: argparse.Namespace) -> list[str]:
    """L'option de :func:`add_isolation_option`, telle qu'on l'écrirait à la main."""
    return ["--accepter-sans-isolation"] if arguments.accepter_sans_isolation else []


def server_line(python: str, probed: str) -> str:
    r"""Ce que la notation a trouvé sur le serveur d'exécution : le Python et l'isolation
    (``sandbox.PROBED``), dit à l'enseignant (la synthèse de VPL, l'encadré de l'enseignant
    de CodeRunner, le retour d'INGInious), qui le lit en essayant l'activité, avant tout
    étudiant.

    >>> server_line("3.10.13", "landlock\tbwrap impossible\t3\t")
    "Serveur d'exécution : Python 3.10.13, isolation landlock (Landlock ABI 3)."
    """
    isolation = sandbox.Isolation.decode(probed)
    if isolation is None:
        return f"Serveur d'exécution : Python {python}."
    detail = f" (Landlock ABI {isolation.abi})" if isolation.mode == "landlock" else ""
    return f"Serveur d'exécution : Python {python}, isolation {isolation.mode}{detail}."
