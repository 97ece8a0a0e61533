"""Le retour écrit pour chaque rendu (``retours/NOM.txt``), à transmettre à l'étudiant."""

from __future__ import annotations

from classroom.results import Outcome, points_by_function
from grading import mark_scheme
from grading.scoring import french_number


def feedback(outcome: Outcome) -> str:
    """Le retour d'un rendu : sa note question par question, ou pourquoi il n'est pas noté."""
    entry = outcome.entry
    lines = [f"Retour pour {entry.student}", f"Rendu : {entry.shown}"]
    lines += [f"Attention : {remark}." for remark in entry.remarks]
    if not outcome.graded:
        lines += ["", f"Non noté : {outcome.reason}."]
        return "\n".join(lines) + "\n"
    result = outcome.result
    lines += [f"Note : {french_number(result['score'])} / 20", ""]
    if result.get("output"):
        lines += [result["output"], ""]
    points = points_by_function(result)
    lines.append("Points par question :")
    for function in mark_scheme.FUNCTIONS:
        question, total = mark_scheme.BAREME[function]
        earned = french_number(points[function])
        lines.append(f"  {question:<4} {function:<22} {earned:>6} / {french_number(total, 0)}")
    failed = [t for t in result["tests"] if t["status"] != "passed"]
    if not failed:
        return "\n".join([*lines, "", "Tous les tests sont réussis."]) + "\n"
    lines += ["", "Tests ratés :"]
    for test in failed:
        lines += [
            "",
            f"- {test['name']} ({test['tags'][0]}, {french_number(test['max_score'])} point(s))",
            *("    " + line for line in test["output"].splitlines()),
        ]
    return "\n".join(lines) + "\n"
