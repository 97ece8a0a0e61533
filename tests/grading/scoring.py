"""Des résultats des tests à la note : barème, tableau en français, results.json."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path

from . import contract, mark_scheme
from .safe_text import encodable


@dataclass
class TestResult:
    nodeid: str
    name: str  # ce que vérifie le test, en français
    function: str
    line: str  # sa ligne au barème (le nom de la fonction de test : mark_scheme.RUBRIC)
    passed: bool = False
    output: str = ""
    points: float = 0.0  # les points de sa ligne au barème
    stop: str | None = None  # un test interrompu : pourquoi (calls.ABORT_CAUSES)
    example: str | None = None  # un test raté : le contre-exemple seul (checks.common.Echec)
    # un test raté : la fonction pas encore écrite (checks.common.NotWritten)
    unwritten: str | None = None


def test_name(item) -> str:
    """Le nom d'un test noté, en français, distinct de celui de tout autre test.

    C'est la première ligne de sa documentation (ou le ``nom`` de son marqueur) ; un
    test paramétré y ajoute l'identifiant de ses paramètres : « … (plateau 3x2) ».
    """
    marker = item.get_closest_marker("question")
    if marker.kwargs.get("nom"):
        return marker.kwargs["nom"]
    doc = (item.function.__doc__ or item.name).strip().splitlines()[0].rstrip(".")
    callspec = getattr(item, "callspec", None)
    return f"{doc} ({callspec.id})" if callspec is not None else doc


def test_line(item) -> str:
    """La ligne du barème d'un test noté : ``ligne`` de son marqueur ``question`` (le kit la
    donne), sinon le nom de sa fonction de test."""
    marker = item.get_closest_marker("question")
    return marker.kwargs.get("ligne") or item.originalname


def assign_points(results: list[TestResult]):
    """Donne à chaque test les points de sa ligne au barème (``mark_scheme.points``)."""
    for result in results:
        result.points = mark_scheme.points(result.function, result.line)


def by_function(results: list[TestResult]) -> dict[str, tuple[float, float]]:
    """Pour chaque fonction du barème : (points obtenus, points possibles)."""
    table = {}
    for function in mark_scheme.FUNCTIONS:
        mine = [r for r in results if r.function == function]
        earned = sum(r.points for r in mine if r.passed)
        table[function] = (earned, mark_scheme.BAREME[function][1] if mine else 0.0)
    return table


def french_number(value: float, digits: int = 2) -> str:
    """12,50 plutôt que 12.50 ; avec ``digits=0``, le plus court (0,5 ou 2)."""
    text = f"{value:.2f}" if digits else f"{value:g}"
    return text.replace(".", ",")


def score_table(results: list[TestResult], title: str) -> str:
    table = by_function(results)
    lines = [title, "", f"  {'Question':<9} {'Fonction':<22} {'Points':>16}"]
    for function, (earned, possible) in table.items():
        question = mark_scheme.BAREME[function][0]
        # Des parts de points comme 1/3 ne retombent pas toujours pile sur le total.
        full = math.isclose(earned, possible, abs_tol=1e-9)
        mark = "" if full else "  ← à revoir"
        if possible == 0:
            continue
        line = f"  {question:<9} {function:<22} {french_number(earned):>8} / "
        lines.append(line + f"{french_number(possible, 0):<4}{mark}".rstrip())
    earned = sum(e for e, _ in table.values())
    possible = sum(p for _, p in table.values())
    lines.append(f"  {'Total':<32} {french_number(earned):>8} / {french_number(possible, 0)}")
    if possible and possible != mark_scheme.TOTAL:
        part = f"{french_number(possible, 0)} point{'s' if possible >= 2 else ''}"  # 1,5 point
        total = french_number(mark_scheme.TOTAL, 0)
        lines.append(f"  (seule une partie des tests a été lancée : {part} sur {total})")
    return "\n".join(lines)


def total(results: list[TestResult]) -> float:
    return sum(r.points for r in results if r.passed)


def scaled(score: float, low: float, high: float) -> float:
    """Une note sur 20 (bornée par le barème) ramenée sur l'échelle ``low`` à ``high`` :
    celle de Moodle (``notes_moodle.csv``), celle d'une activité VPL.

    >>> scaled(15, 0, 10), scaled(20, 2, 4), scaled(25, 0, 20)
    (7.5, 4.0, 20.0)
    """
    bounded = min(max(score, 0.0), mark_scheme.TOTAL)
    return round(low + (high - low) * bounded / mark_scheme.TOTAL, 2)


def question_number(function: str) -> int:
    """Le numéro de la question du sujet d'une fonction (``Q4`` → 4)."""
    return int(mark_scheme.BAREME[function][0].removeprefix("Q"))


def sujet_order(function: str) -> tuple[int, int]:
    """L'ordre du sujet : par question, puis dans l'ordre du barème."""
    return question_number(function), mark_scheme.FUNCTIONS.index(function)


# Comment Gradescope montre les textes (tels quels : ni HTML, ni Markdown) et ce
# qu'affiche la notation (à l'enseignant seul).
PRESENTATION = {
    "output_format": "text",
    "test_output_format": "text",
    "test_name_format": "text",
    "stdout_visibility": "hidden",
}


def results_json(
    results: list[TestResult],
    seconds: float,
    output: str,
    isolation: str,
    loading: dict | None = None,
    cases: dict | None = None,
) -> dict:
    """Le format results.json de Gradescope, avec tous ses champs utiles.

    Les tests suivent l'ordre du sujet ; ``number`` (« 5.2-1 » : le 1er test de la
    fonction de la section 5.2 du sujet) mène l'étudiant à la bonne section (voir
    aussi :data:`PRESENTATION`). Les faits propres au correcteur sont dans
    ``extra_data`` : ``max_score`` ; ``isolation`` (``bwrap``, ``landlock`` ou
    ``aucune`` : ``grading.sandbox.GUARANTEES``), comment le code a été isolé ;
    ``loading``, ce qu'a donné le chargement du code (:func:`loading_facts`) ;
    ``cases``, d'où viennent les cas (``secret.facts`` : publics, ou tirés d'un
    secret). Le ``extra_data`` d'un test
    dit pourquoi il a été interrompu (``stop``, une des ``calls.ABORT_CAUSES``, ou
    None) et, s'il a raté, sur quel contre-exemple (``example``, l'entrée seule, ou
    None) : les faits sont dans des champs, les phrases dans ``output``.
    """
    ordered = sorted(results, key=lambda r: sujet_order(r.function))
    numbers: dict[str, int] = {}
    tests = []
    for r in ordered:
        section = contract.FUNCTIONS[r.function].section
        numbers[section] = numbers.get(section, 0) + 1
        tests.append(
            {
                "name": r.name,
                "name_format": "text",
                "number": f"{section}-{numbers[section]}",
                "score": round(r.points if r.passed else 0.0, 4),
                "max_score": round(r.points, 4),
                "status": "passed" if r.passed else "failed",
                "output": r.output,
                "output_format": "text",
                "tags": [r.function],
                "visibility": "visible",
                "extra_data": {"line": r.line, "stop": r.stop, "example": r.example},
            }
        )
    return {
        # Bornée par le barème, quoi qu'aient fait les tests.
        "score": round(min(max(total(results), 0.0), mark_scheme.TOTAL), 4),
        "execution_time": round(seconds, 2),
        "output": output,
        **PRESENTATION,
        "tests": tests,
        "extra_data": {
            "max_score": mark_scheme.TOTAL,
            "isolation": isolation,
            "loading": loading or {},
            "cases": cases or {},
        },
    }


# Ce que le results.json garde du chargement : des faits, pour les outils et les tests.
LOADING_FACTS = ("functions", "error", "read_input", "dropped", "skipped", "encoding")


def facts(result: dict) -> dict:
    """Les faits propres au correcteur d'un results.json (son ``extra_data``).

    >>> facts({"score": 20.0, "tests": [], "extra_data": {"isolation": "bwrap"}})
    {'isolation': 'bwrap'}
    """
    extra = result.get("extra_data")
    return extra if isinstance(extra, dict) else {}


def loading_facts(info: dict | None) -> dict:
    """Les faits du chargement du code (voir ``loading.py`` et ``rescue.py``).

    ``outcome`` : ``loaded`` (chargé), ``definitions_only`` (rechargé avec les seules
    définitions, ``first_load`` dit pourquoi : ``hung`` ou ``died``), ``hung`` ou
    ``died`` (rien n'a pu être chargé).
    """
    if info is None:
        return {}
    if info.get("hung") or info.get("died"):
        outcome = "hung" if info.get("hung") else "died"
    elif info.get("first_load"):
        outcome = "definitions_only"
    else:
        outcome = "loaded"
    facts = {"outcome": outcome, "first_load": info.get("first_load")}
    facts.update((key, info[key]) for key in LOADING_FACTS if key in info)
    return facts


# Qui voit l'explication d'un test raté et son contre-exemple, et quand : l'option
# --contre-exemples de tests/tools/build_gradescope.py → la visibilité Gradescope de ce détail.
# « jamais » n'a pas d'entrée cachée (``hidden``) : Gradescope ne montre pas sa note
# totale à l'étudiant quand un test lui est caché. Le détail reste dans ce
# qu'affiche la notation, que seul l'enseignant voit.
COUNTEREXAMPLES = {
    "toujours": "visible",
    "apres-echeance": "after_due_date",
    "jamais": None,
}
WITHHELD = {
    "apres-echeance": "Test raté : l'explication et le contre-exemple seront visibles après "
    "la date limite.",
    "jamais": "Test raté : l'explication et le contre-exemple ne sont pas communiqués.",
}
# Les champs de premier niveau que Gradescope documente ; les autres vont dans extra_data.
GRADESCOPE_FIELDS = {
    "score",
    "execution_time",
    "output",
    "output_format",
    "test_output_format",
    "test_name_format",
    "visibility",
    "stdout_visibility",
    "extra_data",
    "tests",
    "leaderboard",
}


def results_from_json(data: dict) -> list[TestResult]:
    """Les résultats des tests, relus dans un results.json (pour le tableau des points)."""
    return [
        TestResult(
            nodeid=test["number"],
            name=test["name"],
            function=test["tags"][0],
            line=test.get("extra_data", {}).get("line", ""),
            passed=test["status"] == "passed",
            output=test["output"],
            points=test["max_score"],
        )
        for test in data["tests"]
    ]


def for_gradescope(data: dict, counterexamples: str = "toujours") -> dict:
    """Le results.json déposé sur Gradescope, à partir de celui du correcteur.

    - ``output`` commence par le tableau des points par question ;
    - les tests gardent leur nom et leurs points, toujours visibles ; l'explication
      d'un test raté (avec son contre-exemple) est visible selon ``counterexamples``
      (une clé de :data:`COUNTEREXAMPLES`) : tout de suite, après la date limite
      (dans une entrée sans points, de même numéro, visible après la date limite),
      ou jamais ;
    - les faits du correcteur restent dans ``extra_data`` ; un champ que Gradescope ne
      documente pas y passerait aussi.
    """
    visibility = COUNTEREXAMPLES[counterexamples]
    tests = []
    for test in data["tests"]:
        if visibility == "visible" or test["status"] == "passed" or not test["output"]:
            tests.append(test)
            continue
        tests.append({**test, "output": WITHHELD[counterexamples]})
        if visibility is None:
            continue
        tests.append(
            {
                "name": f"{test['name']} : explication et contre-exemple",
                "name_format": "text",
                "number": test["number"],
                "status": "failed",
                "output": test["output"],
                "output_format": "text",
                "tags": test["tags"],
                "visibility": visibility,
            }
        )
    output = data["output"]
    if data["tests"]:
        table = score_table(results_from_json(data), "Points par question")
        output = f"{table}\n\n{output}" if output else table
    result = {**PRESENTATION}
    result.update((key, value) for key, value in data.items() if key in GRADESCOPE_FIELDS)
    extra = {key: value for key, value in data.items() if key not in GRADESCOPE_FIELDS}
    extra.update(facts(data))
    result.update(output=output, tests=tests, extra_data=extra)
    return result


def json_text(data: dict, indent: int | None = 2) -> str:
    """Le texte JSON d'un résultat, toujours encodable en UTF-8 (``safe_text.encodable``)."""
    return json.dumps(encodable(data), ensure_ascii=False, indent=indent) + "\n"


def write_results_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json_text(data), encoding="utf-8")


def send_results(descriptor: int, data: dict) -> None:
    """Écrit le résultat sur un descripteur hérité (le canal privé de grade_class)."""
    with os.fdopen(descriptor, "w", encoding="utf-8") as channel:
        channel.write(json_text(data, indent=None))
