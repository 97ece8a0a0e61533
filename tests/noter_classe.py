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
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# La racine du dépôt, pour l'analyseur d'options en français du jeu.
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import bareme
from grading.scoring import french_number
from tp_demineur.cli import FrenchParser, bounded_int

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
TIME_LIMIT = 15 * 60  # secondes, pour noter un seul rendu


def submissions(folder: Path) -> dict[str, Path]:
    """Les rendus du dossier, par nom d'étudiant (le nom du fichier ou du dossier)."""
    found = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith((".", "_")):
            continue
        if path.is_dir() or path.suffix == ".py":
            found[path.stem] = path
    return found


def grade_one(name: str, path: Path, out: Path) -> dict:
    """Note un rendu dans un processus pytest à part ; renvoie son results.json."""
    json_path = out / "json" / f"{name}.json"
    json_path.unlink(missing_ok=True)
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
        "--results-json",
        str(json_path),
    ]
    try:
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=TIME_LIMIT)
        log = run.stdout + run.stderr
    except subprocess.TimeoutExpired:
        log = f"la notation a dépassé {TIME_LIMIT} s et a été arrêtée"
    if json_path.is_file():
        return json.loads(json_path.read_text(encoding="utf-8"))
    lines = [line for line in log.splitlines() if line.strip()][-5:]
    return {
        "score": 0.0,
        "max_score": bareme.TOTAL,
        "output": "Le rendu n'a pas pu être noté :\n" + "\n".join(lines),
        "tests": [],
    }


def points_by_function(result: dict) -> dict[str, float]:
    points = dict.fromkeys(bareme.FUNCTIONS, 0.0)
    for test in result["tests"]:
        for tag in test["tags"]:
            points[tag] += test["score"]
    return points


def feedback(name: str, result: dict) -> str:
    points = points_by_function(result)
    lines = [f"Retour pour {name}", f"Note : {french_number(result['score'])} / 20", ""]
    if result.get("output"):
        lines += [result["output"], ""]
    lines.append("Points par question :")
    for function in bareme.FUNCTIONS:
        question, total = bareme.BAREME[function]
        earned = french_number(points[function])
        lines.append(f"  {question:<4} {function:<22} {earned:>6} / {french_number(total, 0)}")
    failed = [t for t in result["tests"] if t["status"] != "passed"]
    if failed:
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
                [name]
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
    out = arguments.sortie
    (out / "json").mkdir(parents=True, exist_ok=True)
    (out / "retours").mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    print(f"{len(found)} rendu(s) à noter, {arguments.jobs} à la fois…")
    with ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
        futures = {name: pool.submit(grade_one, name, path, out) for name, path in found.items()}
        results = {}
        column = max(len(name) for name in futures)
        for name, future in futures.items():
            results[name] = future.result()
            print(f"  {name:<{column}}  {french_number(results[name]['score']):>6} / 20")
    for name, result in results.items():
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
