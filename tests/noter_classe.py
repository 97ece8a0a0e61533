"""Noter toute une classe d'un coup.

    python tests/noter_classe.py RENDUS [--sortie NOTES] [--jobs 2]

RENDUS contient un rendu par étudiant : un fichier ``.py`` ou un dossier (paquet
``tp_demineur/``, dossier qui le contient, ou dossier avec un seul fichier du TP).
Chaque rendu est noté par la même commande que pour un seul étudiant,
``python -m pytest tests --submission RENDU --results-json ...``, plusieurs à
la fois. Dans NOTES (par défaut ``notes/``) :

- ``notes.csv`` : une ligne par étudiant, une colonne par fonction, le total
  (séparateur « ; » et virgule décimale, pour les tableurs en français) ;
- ``retours/ETUDIANT.txt`` : le retour détaillé de chaque étudiant ;
- ``synthese.md`` : pour chaque test, la part de la classe qui l'a raté et le
  contre-exemple le plus fréquent ;
- ``json/ETUDIANT.json`` : le résultat au format results.json de Gradescope.
"""

from __future__ import annotations

import collections
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# La racine du dépôt, pour l'analyseur d'options en français du jeu.
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import bareme
from grading.safe_text import printable, spreadsheet_cell
from grading.scoring import french_number, write_results_json
from tp_demineur.cli import FrenchParser, bounded_int

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
TIME_LIMIT = 15 * 60  # secondes, pour noter un seul rendu
SANDBOX_OPTIONS: list[str] = []  # --require-sandbox ou --no-sandbox, passé à chaque notation


def submissions(folder: Path) -> dict[str, Path]:
    """Les rendus du dossier, par nom d'étudiant (le nom du fichier ou du dossier)."""
    found = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith((".", "_")):
            continue
        if path.is_dir() or path.suffix == ".py":
            found[path.stem] = path
    return found


def not_graded(reason: str) -> dict:
    """Le résultat d'un rendu qui n'a pas pu être noté : aucune note, une raison."""
    return {
        "score": 0.0,
        "max_score": bareme.TOTAL,
        "output": "Le rendu n'a pas pu être noté : " + reason,
        "tests": [],
        "non_note": reason,
    }


def read_channel(descriptor: int, received: list[bytes]):
    """Lit le canal privé jusqu'à sa fermeture (dans un fil à part)."""
    with os.fdopen(descriptor, "rb") as channel:
        received.append(channel.read())


def grade_one(name: str, path: Path, out: Path) -> dict:
    """Note un rendu dans un processus pytest à part ; renvoie son results.json.

    Le résultat revient par un tube que seul ce pytest a reçu (``--results-fd``) : le
    code de l'étudiant, dans son bac à sable, ne voit ni ce tube, ni ce programme, ni
    aucun fichier de résultats. Le pytest est tué à la fin, quelle qu'elle soit, et
    son processus de travail avec lui.
    """
    read, write = os.pipe()
    command = [
        sys.executable,
        "-m",
        "pytest",
        str(TESTS),
        # La configuration du dépôt, quoi qu'il y ait autour des rendus (un pytest.ini
        # planté dans un dossier d'étudiant n'est jamais lu).
        "-c",
        str(ROOT / "pyproject.toml"),
        "--rootdir",
        str(ROOT),
        "-q",
        "-p",
        "no:randomly",
        f"--submission={path.resolve()}",
        f"--results-fd={write}",
        *SANDBOX_OPTIONS,
    ]
    received: list[bytes] = []
    reader = threading.Thread(target=read_channel, args=(read, received))
    # Un dossier temporaire à cette notation, effacé ici même si pytest a été tué.
    scratch = tempfile.mkdtemp(prefix="demineur-classe-")
    try:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            pass_fds=(write,),
            env={**os.environ, "TMPDIR": scratch},
        )
    finally:
        os.close(write)
    reader.start()
    try:
        log, _ = process.communicate(timeout=TIME_LIMIT)
        problem = None if process.returncode in (0, 1) else f"code de sortie {process.returncode}"
    except subprocess.TimeoutExpired:
        problem = f"la notation a dépassé {TIME_LIMIT} s et a été arrêtée"
        log = b""
    finally:
        # Le bac à sable meurt avec son pytest (--die-with-parent), le processus de
        # travail sans bac à sable aussi (PR_SET_PDEATHSIG). Un Ctrl-C de l'enseignant
        # atteint tout le groupe, notations en cours comprises.
        process.kill()
        process.wait()
        shutil.rmtree(scratch, ignore_errors=True)
    reader.join()
    text = log.decode("utf-8", "replace") if log else ""
    try:
        result = json.loads(received[0].decode("utf-8")) if received and received[0] else None
    except ValueError:
        result = None
    if result is None or type(result) is not dict or "tests" not in result:
        lines = [line for line in text.splitlines() if line.strip()][-5:]
        reason = problem or "la notation s'est arrêtée sans résultat"
        return not_graded(printable("\n".join([reason, *lines])))
    return result


def points_by_function(result: dict) -> dict[str, float]:
    points = dict.fromkeys(bareme.FUNCTIONS, 0.0)
    for test in result["tests"]:
        for tag in test["tags"]:
            points[tag] += test["score"]
    return points


def feedback(name: str, result: dict) -> str:
    points = points_by_function(result)
    mark = "non noté" if "non_note" in result else f"{french_number(result['score'])} / 20"
    lines = [f"Retour pour {printable(name)}", f"Note : {mark}", ""]
    if result.get("output"):
        lines += [result["output"], ""]
    lines.append("Points par question :")
    for function in bareme.FUNCTIONS:
        question, total = bareme.BAREME[function]
        earned = french_number(points[function])
        lines.append(f"  {question:<4} {function:<22} {earned:>6} / {french_number(total, 0)}")
    failed = [t for t in result["tests"] if t["status"] != "passed"]
    if "non_note" in result:
        lines += ["", "Ce rendu n'a pas été noté : aucune note ne doit lui être attribuée."]
    elif failed:
        lines += ["", "Tests ratés :"]
        for test in failed:
            lines += [
                "",
                f"- {test['name']} ({test['tags'][0]}, "
                f"{french_number(test['max_score'])} point(s))",
                *("    " + line for line in test["output"].splitlines()),
            ]
    else:
        lines += ["", "Tous les tests sont réussis."]
    return "\n".join(lines) + "\n"


def without_source_lines(output: str) -> str:
    """Le retour d'un test sans les lignes « à la ligne N de FICHIER » (propres à chaque rendu).

    Deux rendus qui ratent un test sur le même exemple comptent ainsi pour le même
    contre-exemple, même si leurs fichiers diffèrent.
    """
    return "\n".join(
        line for line in output.splitlines() if not line.lstrip().startswith("à la ligne ")
    )


def isolation_line(results: dict[str, dict]) -> str:
    """Dit si le code des étudiants a été isolé (bac à sable) ou non."""
    exposed = [name for name, r in results.items() if r.get("isolation") != "bwrap"]
    if not exposed:
        return "Tous les rendus ont été exécutés dans un bac à sable (bubblewrap)."
    return (
        f"ATTENTION : {len(exposed)} rendu(s) exécuté(s) SANS bac à sable, avec les droits de "
        "l'enseignant : " + ", ".join(printable(name) for name in exposed) + "."
    )


def class_summary(results: dict[str, dict]) -> str:
    students = len(results)
    failures: dict[tuple[str, str], list[str]] = collections.defaultdict(list)
    tests_seen: dict[tuple[str, str], int] = collections.Counter()
    for result in results.values():
        for test in result["tests"]:
            key = (test["tags"][0], test["name"])
            tests_seen[key] += 1
            if test["status"] != "passed":
                failures[key].append(without_source_lines(test["output"]))
    lines = [
        "# Synthèse de la classe",
        "",
        f"{students} rendu(s). Moyenne : "
        f"{french_number(sum(r['score'] for r in results.values()) / max(students, 1))} / 20.",
        "",
        isolation_line(results),
        "",
        "## Moyenne par question",
        "",
        "| Question | Fonction | Moyenne | Points |",
        "|---|---|---|---|",
    ]
    for function in bareme.FUNCTIONS:
        question, total = bareme.BAREME[function]
        average = sum(points_by_function(r)[function] for r in results.values()) / max(students, 1)
        lines.append(
            f"| {question} | {function} | {french_number(average)} | {french_number(total, 0)} |"
        )
    lines += ["", "## Tests les plus ratés", ""]
    ranked = sorted(tests_seen, key=lambda key: (-len(failures[key]), key))
    for key in ranked:
        failed = failures[key]
        if not failed:
            continue
        function, name = key
        share = 100 * len(failed) / max(students, 1)
        common, count = collections.Counter(failed).most_common(1)[0]
        lines += [
            f"### {name} ({function}) : raté par {len(failed)} rendu(s) sur {students} "
            f"({share:.0f} %)",
            "",
            f"Contre-exemple le plus fréquent ({count} rendu(s)) :",
            "",
            "```",
            common,
            "```",
            "",
        ]
    return "\n".join(lines) + "\n"


def write_csv(path: Path, results: dict[str, dict]):
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(
            ["etudiant"]
            + [
                f"{bareme.BAREME[f][0]} {f} (/{french_number(bareme.BAREME[f][1], 0)})"
                for f in bareme.FUNCTIONS
            ]
            + ["total (/20)"]
        )
        for name, result in results.items():
            points = points_by_function(result)
            writer.writerow(
                [spreadsheet_cell(name)]
                + [french_number(points[f]) for f in bareme.FUNCTIONS]
                + [french_number(result["score"])]
            )


def parse_arguments(argv=None):
    parser = FrenchParser(
        prog="python tests/noter_classe.py",
        description="Note tous les rendus d'un dossier (un fichier .py ou un dossier par "
        "étudiant) et écrit notes.csv, un retour par étudiant et une synthèse de la classe.",
    )
    parameters = parser.add_argument_group("paramètre")
    parameters.add_argument("rendus", type=Path, metavar="RENDUS", help="le dossier des rendus")
    options = parser.options_group()
    options.add_argument(
        "--sortie", type=Path, default=Path("notes"), help="où écrire les notes (notes/)"
    )
    options.add_argument(
        "--jobs",
        type=bounded_int(1, None),
        default=2,
        help="combien de rendus noter à la fois (2)",
    )
    sandbox = options.add_mutually_exclusive_group()
    sandbox.add_argument(
        "--require-sandbox",
        action="store_true",
        help="ne noter aucun rendu sans bac à sable (bubblewrap)",
    )
    sandbox.add_argument(
        "--no-sandbox",
        action="store_true",
        help="noter sans bac à sable (le code des étudiants tourne avec vos droits)",
    )
    return parser.parse_args(argv)


def main(argv=None) -> int:
    arguments = parse_arguments(argv)
    if not arguments.rendus.is_dir():
        print(f"{arguments.rendus} n'est pas un dossier.", file=sys.stderr)
        return 2
    found = submissions(arguments.rendus)
    if not found:
        print(f"Aucun rendu (.py ou dossier) dans {arguments.rendus}.", file=sys.stderr)
        return 2
    SANDBOX_OPTIONS[:] = [
        option
        for option, chosen in (
            ("--require-sandbox", arguments.require_sandbox),
            ("--no-sandbox", arguments.no_sandbox),
        )
        if chosen
    ]
    out = arguments.sortie
    (out / "json").mkdir(parents=True, exist_ok=True)
    (out / "retours").mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    print(f"{len(found)} rendu(s) à noter, {arguments.jobs} à la fois…")
    with ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
        futures = {name: pool.submit(grade_one, name, path, out) for name, path in found.items()}
        results = {}
        column = max(len(printable(name)) for name in futures)
        for name, future in futures.items():
            result = results[name] = future.result()
            mark = (
                f"non noté : {result['non_note']}"
                if "non_note" in result
                else f"{french_number(result['score']):>6} / 20"
            )
            print(f"  {printable(name):<{column}}  {mark}")
    isolated = [name for name, r in results.items() if r.get("isolation") == "bwrap"]
    if len(isolated) < len(results):
        print(
            f"ATTENTION : {len(results) - len(isolated)} rendu(s) noté(s) SANS bac à sable : "
            "leur code a tourné avec vos droits (installez bubblewrap)."
        )
    for name, result in results.items():
        write_results_json(out / "json" / f"{name}.json", result)
        (out / "retours" / f"{name}.txt").write_text(feedback(name, result), encoding="utf-8")
    write_csv(out / "notes.csv", results)
    (out / "synthese.md").write_text(class_summary(results), encoding="utf-8")
    seconds = time.monotonic() - start
    print(
        f"Terminé en {seconds:.0f} s. Notes : {out / 'notes.csv'}, synthèse : "
        f"{out / 'synthese.md'}, retours : {out / 'retours'}/"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
