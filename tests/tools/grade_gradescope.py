"""Noter un rendu sur Gradescope : le programme que lance ``run_autograder``.

    python tests/tools/grade_gradescope.py [--racine /autograder] [--contre-exemples toujours]
                                     [--exiger-bac-a-sable] [--duree-max 9]
    python tests/tools/grade_gradescope.py --verifier

Gradescope dépose le rendu de l'étudiant dans ``RACINE/submission`` : un fichier
``.py``, plusieurs fichiers, un dossier ``tp_demineur/``, une archive (``.zip``,
``.tar.gz``, ``.7z``, ``.rar``…) ou un notebook. Ce programme y trouve le code du TP
exactement comme la notation d'une classe trouve celui d'un rendu
(``classroom/entries.py``, ``prepare`` : les mêmes archives, les mêmes limites, les
mêmes dossiers mis de côté), le note avec la commande de ``grade_class.py``
(``python -m pytest tests --submission …`` : le même correcteur et la même note qu'en
local) et écrit ``RACINE/results/results.json``
au format de Gradescope (``grading.scoring.for_gradescope``). Ce fichier est écrit
quoi qu'il arrive : un rendu qui n'a pas pu être noté a 0 et la raison.

Ce qu'il affiche (le retour complet, pour l'enseignant) reste caché aux étudiants.
``--verifier`` vérifie l'installation (les versions épinglées de
``requirements.txt``, le bac à sable) sans rien noter.
"""

from __future__ import annotations

import argparse
import os
import runpy
import shutil
import sys
import tempfile
import traceback
from importlib import metadata
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]  # RACINE/source : le contenu du zip
# Le correcteur (tests/), et la racine pour l'analyseur d'options en français du jeu.
sys.path.insert(1, str(SOURCE))
sys.path.insert(1, str(SOURCE / "tests"))
# Un Python trop ancien : un message en français avant tout autre import.
runpy.run_path(str(Path(__file__).resolve().parents[2] / "tp_demineur" / "python_version.py"))[
    "require_python"
]()

from classroom import runner  # noqa: E402
from classroom.entries import Entry, prepare  # noqa: E402
from classroom.feedback import feedback  # noqa: E402
from classroom.packaging import secret_choice  # noqa: E402
from classroom.results import Outcome, in_bareme_order  # noqa: E402
from grading import sandbox, scoring, secret  # noqa: E402
from grading.safe_text import printable  # noqa: E402
from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402

ROOT_DEFAULT = "/autograder"  # la racine de Gradescope (variable AUTOGRADER_ROOT des scripts)
REQUIREMENTS = SOURCE / "requirements.txt"
# Le secret du devoir, dans le zip, à côté de requirements.txt : jamais sur une ligne de
# commande (toute la machine lit /proc/PID/cmdline), lisible par root seul (setup.sh).
SECRET_FILE = "secret.txt"
MINIMUM_PYTHON = (3, 10)


def pinned(requirements: Path) -> dict[str, str]:
    """Les versions épinglées (``nom==version``) d'un requirements.txt."""
    pins = {}
    for line in requirements.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[name.strip()] = version.strip()
    return pins


def installed_versions(requirements: Path) -> list[tuple[str, str, str | None]]:
    """Pour chaque paquet épinglé : (nom, version attendue, version installée ou None)."""
    versions = []
    for name, expected in pinned(requirements).items():
        try:
            versions.append((name, expected, metadata.version(name)))
        except metadata.PackageNotFoundError:
            versions.append((name, expected, None))
    return versions


def verify() -> int:
    """Vérifie l'installation sans rien installer ; 0 si elle est bonne."""
    if not REQUIREMENTS.is_file():
        print(
            f"PROBLÈME : {REQUIREMENTS} est introuvable (il est dans le zip écrit par "
            "tests/tools/build_gradescope.py)",
            file=sys.stderr,
        )
        return 1
    problems = []
    version = sys.version.split()[0]
    if sys.version_info < MINIMUM_PYTHON:
        wanted = ".".join(map(str, MINIMUM_PYTHON))
        problems.append(f"Python {version} : il faut Python {wanted} ou plus récent")
    else:
        print(f"Python {version} ({sys.executable})")
    for name, expected, installed in installed_versions(REQUIREMENTS):
        if installed is None:
            problems.append(f"{name} n'est pas installé ({expected} attendu)")
        elif installed != expected:
            problems.append(f"{name} {installed} est installé, {expected} attendu")
        else:
            print(f"{name} {installed} : installé")
    isolation = sandbox.probe()
    print(isolation.sentence())
    if not isolation.isolated:
        print(
            "Si c'est aussi le cas pendant la notation, les rendus seront notés sans "
            "isolation (ou refusés avec --exiger-bac-a-sable) : voir docs/securite.md."
        )
    for problem in problems:
        print(f"PROBLÈME : {problem}", file=sys.stderr)
    return 1 if problems else 0


def grade(submission: Path, scratch: Path, require_sandbox: bool, minutes: int) -> dict:
    """Note le dépôt ``submission`` ; renvoie le results.json du correcteur."""
    entry = Entry(student="rendu", paths=[submission], label="rendu")
    code = prepare(entry, scratch)
    if code is None:
        return runner.not_graded(printable(entry.problem or "aucun code du TP trouvé"))
    # Les réglages que donnerait sa ligne de commande (un seul rendu ici).
    runner.SANDBOX_OPTIONS[:] = ["--require-sandbox"] if require_sandbox else []
    result = runner.grade_one("rendu", code, scratch, seconds=minutes * 60)
    # La fin du journal d'une notation arrêtée : pour l'enseignant seul (la sortie de
    # l'autograder, cachée aux étudiants), jamais dans le résultat.
    for line in scoring.facts(result).pop("journal", []):
        print(f"journal de la notation | {line}")
    if entry.remarks:
        note = printable("\n".join(f"{remark}." for remark in entry.remarks))
        result["output"] = f"{note}\n{result['output']}" if result.get("output") else note
    return result


def run(root: Path, counterexamples: str, require_sandbox: bool, minutes: int) -> int:
    """Note ``RACINE/submission`` et écrit ``RACINE/results/results.json``, quoi qu'il arrive."""
    scratch = Path(tempfile.mkdtemp(prefix="demineur-gradescope-"))
    try:
        result = grade(root / "submission", scratch, require_sandbox, minutes)
    except Exception as error:  # le correcteur lui-même : l'étudiant n'y est pour rien
        traceback.print_exc(file=sys.stdout)
        result = runner.not_graded(
            printable(f"erreur du correcteur ({type(error).__name__} : {error})")
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    data = scoring.for_gradescope(result, counterexamples)
    destination = root / "results" / "results.json"
    scoring.write_results_json(destination, data)
    submitted = Entry(student="ce rendu", paths=[root / "submission"])
    print(feedback(Outcome(submitted, in_bareme_order(result))))
    print(f"Résultat écrit dans {destination}")
    return 0


def secret_from_file() -> str | None:
    """Le secret écrit par build_gradescope.py à côté de requirements.txt, s'il y est."""
    try:
        return secret.check(SOURCE.joinpath(SECRET_FILE).read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return None


def counterexamples_choice(text: str) -> str:
    """Un type d'option : une des visibilités des contre-exemples (message en français)."""
    if text not in scoring.COUNTEREXAMPLES:
        choices = ", ".join(scoring.COUNTEREXAMPLES)
        raise argparse.ArgumentTypeError(f"« {text} » n'est pas permis : il faut {choices}")
    return text


def add_grading_options(options) -> None:
    """Les options d'une notation sur Gradescope, que tests/tools/build_gradescope.py écrit dans
    run_autograder."""
    options.add_argument(
        "--contre-exemples",
        type=counterexamples_choice,
        default="toujours",
        metavar="{" + ",".join(scoring.COUNTEREXAMPLES) + "}",
        help="quand l'étudiant voit l'explication et le contre-exemple d'un test raté : "
        "toujours (par défaut), apres-echeance (après la date limite ; Gradescope cache "
        "alors la note totale jusque-là) ou jamais (seul l'enseignant les voit) ; les "
        "points de chaque test sont toujours visibles",
    )
    options.add_argument(
        "--exiger-bac-a-sable",
        action="store_true",
        help="ne noter aucun rendu si le code ne peut pas être isolé dans le conteneur "
        "(bubblewrap, ou Landlock sans espaces de noms ; le rendu a alors 0, avec la raison)",
    )
    options.add_argument(
        "--secret",
        type=secret_choice,
        metavar="SECRET",
        help="le secret du devoir, d'où chaque rendu tire ses cas "
        "(tests/tools/build_gradescope.py en tire un au hasard s'il manque, et l'écrit dans "
        f"{SECRET_FILE}, que la notation lit ; la variable TP_DEMINEUR_SECRET, si elle est "
        "posée, passe avant)",
    )
    options.add_argument(
        "--duree-max",
        type=bounded_int(1, 40),
        default=9,
        metavar="MINUTES",
        help="au-delà, la notation d'un rendu est arrêtée et il n'est pas noté (9 : "
        "Gradescope arrête un autograder après 10 minutes, sauf réglage)",
    )


def grading_arguments(arguments: argparse.Namespace) -> list[str]:
    """Les options de :func:`add_grading_options`, telles qu'on les écrirait à la main,
    sauf le secret (écrit à part, dans ``SECRET_FILE``)."""
    words = ["--contre-exemples", arguments.contre_exemples]
    words += ["--duree-max", str(arguments.duree_max)]
    return words + (["--exiger-bac-a-sable"] if arguments.exiger_bac_a_sable else [])


def parse_arguments(argv=None):
    parser = FrenchParser(
        prog="python tests/tools/grade_gradescope.py",
        description="Note le rendu déposé sur Gradescope (RACINE/submission) et écrit "
        "RACINE/results/results.json. Lancé par run_autograder.",
    )
    options = parser.options_group()
    options.add_argument(
        "--racine",
        type=Path,
        default=Path(ROOT_DEFAULT),
        help=f"la racine de Gradescope ({ROOT_DEFAULT})",
    )
    add_grading_options(options)
    options.add_argument(
        "--verifier",
        action="store_true",
        help="vérifier l'installation (Python, paquets épinglés, bac à sable) sans noter",
    )
    return parser.parse_args(argv)


def main(argv=None) -> int:
    arguments = parse_arguments(argv)
    if arguments.verifier:
        return verify()
    # Chaque notation (runner.grade_one) reçoit le secret par l'environnement, que
    # seul ce processus et ses notations lisent (sandbox.protect_judge).
    sandbox.protect_judge()
    chosen = os.environ.get(secret.ENVIRONMENT) or arguments.secret or secret_from_file()
    if chosen:
        os.environ[secret.ENVIRONMENT] = chosen
    return run(
        arguments.racine,
        arguments.contre_exemples,
        arguments.exiger_bac_a_sable,
        arguments.duree_max,
    )


if __name__ == "__main__":
    sys.exit(main())
