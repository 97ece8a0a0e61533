"""Le retour d'un rendu, question par question : écrit dans ``retours/NOM.txt`` par
``grade_class``, affiché par l'autograder Gradescope ; le modèle (:func:`questions`) dont
chaque plateforme tire le sien : les blocs de VPL (``classroom/vpl.py``), le tableau de
CodeRunner (``classroom/coderunner.py``), le reStructuredText d'INGInious
(``classroom/inginious.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from classroom.results import Outcome, adjustment_text, points_by_function
from grading import mark_scheme
from grading.scoring import french_number


@dataclass
class Question:
    """Une question du barème dans un résultat : ses points et ses tests ratés."""

    question: str  # « Q4 »
    function: str
    earned: float
    total: float
    failed: list[dict]  # les tests ratés (entrées de results.json), dans l'ordre
    tests: list[dict] = field(default_factory=list)  # tous ses tests, ratés ou non

    @property
    def title(self) -> str:
        """« Q4 is_coord_ok : 1,5 / 2 »."""
        earned, total = french_number(self.earned), french_number(self.total, 0)
        return f"{self.question} {self.function} : {earned} / {total}"


def questions(result: dict, functions: list[str] | None = None) -> list[Question]:
    """Les questions du barème (ou seulement ``functions``), dans son ordre, avec ce que le
    rendu y a obtenu."""
    points = points_by_function(result)
    shaped = []
    for function in functions or mark_scheme.FUNCTIONS:
        question, total = mark_scheme.BAREME[function]
        tests = [test for test in result["tests"] if test["tags"][0] == function]
        failed = [test for test in tests if test["status"] != "passed"]
        shaped.append(Question(question, function, points[function], total, failed, tests))
    return shaped


def test_points(test: dict) -> str:
    """Les points d'un test : « 0,50 / 0,5 »."""
    return f"{french_number(test['score'])} / {french_number(test['max_score'], 0)}"


def failed_title(test: dict) -> str:
    """Le titre d'un test raté : son nom et ses points."""
    return f"{test['name']} ({test['tags'][0]}, {french_number(test['max_score'])} point(s))"


def feedback(outcome: Outcome) -> str:
    """Le retour d'un rendu : sa note question par question, ou pourquoi il n'est pas noté."""
    entry = outcome.entry
    lines = [f"Retour pour {entry.student}", f"Rendu : {entry.shown}"]
    lines += [f"Attention : {remark}." for remark in entry.remarks]
    if not outcome.graded:
        lines += ["", f"Non noté : {outcome.reason}."]
        return "\n".join(lines) + "\n"
    result = outcome.result
    lines += [f"Note : {french_number(outcome.score)} / 20", *adjustment_lines(outcome), ""]
    if result.get("output"):
        lines += [result["output"], ""]
    shaped = questions(result)
    lines.append("Points par question :")
    for q in shaped:
        earned = french_number(q.earned)
        lines.append(
            f"  {q.question:<4} {q.function:<22} {earned:>6} / {french_number(q.total, 0)}"
        )
    failed = [test for q in shaped for test in q.failed]
    if not failed:
        return "\n".join([*lines, "", "Tous les tests sont réussis."]) + "\n"
    lines += ["", "Tests ratés :"]
    for test in failed:
        lines += [
            "",
            f"- {failed_title(test)}",
            *("    " + line for line in test["output"].splitlines()),
        ]
    return "\n".join(lines) + "\n"


def adjustment_lines(outcome: Outcome) -> list[str]:
    """Ce qui sépare la note de celle des tests : le mode strict, les ajustements de
    l'enseignant (chacun avec sa raison), la note ramenée entre 0 et le total."""
    lines = [outcome.strict[0].upper() + outcome.strict[1:] + "."] if outcome.strict else []
    if not outcome.adjustments:
        return lines
    lines.append(f"  note des tests : {french_number(outcome.tests_score)} / 20")
    lines += [f"  {adjustment_text(a)}" for a in outcome.adjustments]
    total = outcome.tests_score + sum(a.points for a in outcome.adjustments)
    if total != outcome.score:
        lines.append(f"  (ramenée entre 0 et {french_number(mark_scheme.TOTAL, 0)})")
    return lines
