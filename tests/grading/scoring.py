"""Des résultats des tests à la note : barème, tableau en français, results.json."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path

import bareme


@dataclass
class TestResult:
    nodeid: str
    name: str  # ce que vérifie le test, en français
    function: str
    weight: float
    passed: bool = False
    output: str = ""
    points: float = 0.0  # les points du test, fixés par le barème


def assign_points(results: list[TestResult]):
    """Partage les points de chaque fonction entre ses tests, selon leur poids."""
    totals: dict[str, float] = {}
    for result in results:
        totals[result.function] = totals.get(result.function, 0.0) + result.weight
    for result in results:
        points = bareme.BAREME[result.function][1]
        result.points = points * result.weight / totals[result.function]


def by_function(results: list[TestResult]) -> dict[str, tuple[float, float]]:
    """Pour chaque fonction du barème : (points obtenus, points possibles)."""
    table = {}
    for function in bareme.FUNCTIONS:
        mine = [r for r in results if r.function == function]
        earned = sum(r.points for r in mine if r.passed)
        table[function] = (earned, bareme.BAREME[function][1] if mine else 0.0)
    return table


def french_number(value: float, digits: int = 2) -> str:
    """12,50 plutôt que 12.50 ; avec ``digits=0``, le plus court (0,5 ou 2)."""
    text = f"{value:.2f}" if digits else f"{value:g}"
    return text.replace(".", ",")


def score_table(results: list[TestResult], title: str) -> str:
    table = by_function(results)
    lines = [title, "", f"  {'Question':<9} {'Fonction':<22} {'Points':>16}"]
    for function, (earned, possible) in table.items():
        question = bareme.BAREME[function][0]
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
    if possible and possible != bareme.TOTAL:
        part = french_number(possible, 0)
        lines.append(f"  (seule une partie des tests a été lancée : {part} points sur 20)")
    return "\n".join(lines)


def total(results: list[TestResult]) -> float:
    return sum(r.points for r in results if r.passed)


def results_json(results: list[TestResult], seconds: float, output: str, isolation: str) -> dict:
    """Le format results.json de Gradescope : score, max_score, execution_time, tests.

    ``isolation`` (``bwrap`` ou ``aucune``) dit si le code a tourné dans un bac à sable.
    """
    return {
        "score": round(total(results), 4),
        "max_score": bareme.TOTAL,
        "execution_time": round(seconds, 2),
        "output": output,
        "isolation": isolation,
        "tests": [
            {
                "name": r.name,
                "score": round(r.points if r.passed else 0.0, 4),
                "max_score": round(r.points, 4),
                "status": "passed" if r.passed else "failed",
                "output": r.output,
                "tags": [r.function],
            }
            for r in results
        ],
    }


def write_results_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def send_results(descriptor: int, data: dict) -> None:
    """Écrit le résultat sur un descripteur hérité (le canal privé de noter_classe)."""
    with os.fdopen(descriptor, "w", encoding="utf-8") as channel:
        channel.write(json.dumps(data, ensure_ascii=False))
