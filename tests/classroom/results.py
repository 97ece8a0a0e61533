"""Le résultat de chaque rendu : noté (avec son results.json) ou non noté (avec sa raison)."""

from __future__ import annotations

from dataclasses import dataclass

from classroom.entries import Entry
from grading import mark_scheme
from grading.scoring import facts

GRADED = "noté"


@dataclass
class Outcome:
    """Un rendu et ce que sa notation a donné."""

    entry: Entry
    result: dict | None = None  # le results.json, si la notation a eu lieu
    code: str | None = None  # le code noté, pour comparer les rendus entre eux

    @property
    def reason(self) -> str | None:
        """Pourquoi le rendu n'est pas noté (None s'il l'est)."""
        if self.entry.problem is not None:
            return self.entry.problem
        if self.result is None:
            return "la notation n'a pas eu lieu"
        return facts(self.result).get("non_note")

    @property
    def graded(self) -> bool:
        return self.reason is None

    @property
    def status(self) -> str:
        """La colonne « statut » : ``noté``, ou ``non noté : `` et la raison."""
        return GRADED if self.graded else f"non noté : {self.reason}"

    @property
    def score(self) -> float | None:
        return self.result["score"] if self.graded else None

    @property
    def notes(self) -> list[str]:
        """Ce qu'il faut savoir de ce rendu : doublons, puis le retour sur son chargement."""
        output = self.result.get("output") or "" if self.graded else ""
        return [*self.entry.remarks, *(line for line in output.splitlines() if line.strip())]


def points_by_function(result: dict) -> dict[str, float]:
    """Les points obtenus à chaque fonction du barème, dans l'ordre du barème."""
    points = dict.fromkeys(mark_scheme.FUNCTIONS, 0.0)
    for test in result["tests"]:
        for tag in test["tags"]:
            points[tag] += test["score"]
    return points


def in_bareme_order(result: dict) -> dict:
    """Le results.json avec ses tests dans l'ordre des questions du sujet (Q3 d'abord)."""
    order = {function: index for index, function in enumerate(mark_scheme.FUNCTIONS)}
    tests = sorted(result.get("tests", []), key=lambda t: order.get(t["tags"][0], len(order)))
    return {**result, "tests": tests}
