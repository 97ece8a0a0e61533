"""Le résultat de chaque rendu : noté (avec son results.json) ou non noté (avec sa raison)."""

from __future__ import annotations

from dataclasses import dataclass, field

from classroom.entries import Entry
from grading import mark_scheme
from grading.safe_text import one_line
from grading.scoring import facts, french_number

GRADED = "noté"


@dataclass(frozen=True)
class Adjustment:
    """Des points ajoutés (ou retirés, s'ils sont négatifs) à la note des tests, et pourquoi."""

    points: float
    reason: str


@dataclass
class Outcome:
    """Un rendu et ce que sa notation a donné."""

    entry: Entry
    result: dict | None = None  # le results.json, si la notation a eu lieu
    code: str | None = None  # le code noté, pour comparer les rendus entre eux
    strict: str | None = None  # mode strict : ce que dit la colonne « statut » (strict.py)
    adjustments: list[Adjustment] = field(default_factory=list)

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
        """La colonne « statut » : ``noté`` (et ce qu'en dit le mode strict), ou
        ``non noté : `` et la raison."""
        if not self.graded:
            return f"non noté : {self.reason}"
        return f"{GRADED} : {self.strict}" if self.strict else GRADED

    @property
    def tests_score(self) -> float | None:
        """La note des tests seuls, avant tout ajustement."""
        return self.result["score"] if self.graded else None

    @property
    def score(self) -> float | None:
        """La note : celle des tests, ajustements compris, entre 0 et le total du barème."""
        if not self.graded:
            return None
        adjusted = self.result["score"] + sum(a.points for a in self.adjustments)
        return min(max(adjusted, 0.0), mark_scheme.TOTAL)

    @property
    def nothing_loaded(self) -> bool:
        """Noté, mais aucune fonction du TP n'a été trouvée en chargeant son code (un 0 / 20
        qu'il faut vérifier : un rendu mal rangé, des fonctions dans une classe…)."""
        if not self.graded:
            return False
        loaded = facts(self.result).get("loading") or {}
        return type(loaded) is dict and loaded.get("functions") == []

    @property
    def notes(self) -> list[str]:
        """Ce qu'il faut savoir de ce rendu : doublons, puis le retour sur son chargement."""
        output = self.result.get("output") or "" if self.graded else ""
        return [*self.entry.remarks, *unwrapped(output)]


def signed(points: float) -> str:
    """Des points ajoutés ou retirés, avec leur signe (+1,00 ou -0,50)."""
    return ("+" if points >= 0 else "") + french_number(points)


def unwrapped(text: str) -> list[str]:
    r"""Les phrases d'un texte coupé pour la console (``fit_lines`` : la suite d'une ligne
    trop longue est décalée), chacune recollée sur une ligne.

    >>> unwrapped("Ligne 1 de a.py : elle\n  lit le clavier.\n\nLe reste est noté.")
    ['Ligne 1 de a.py : elle lit le clavier.', 'Le reste est noté.']
    """
    sentences: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if line[0].isspace() and sentences:
            sentences[-1] += " " + line.strip()
        else:
            sentences.append(line.strip())
    return sentences


def adjustment_text(adjustment: Adjustment) -> str:
    """Un ajustement en une ligne : ``ajustement +1,00 : raison``, ou ``commentaire : …``
    sans points."""
    if adjustment.points == 0:
        return f"commentaire : {adjustment.reason}"
    return f"ajustement {signed(adjustment.points)} : {adjustment.reason}"


def points_by_function(result: dict) -> dict[str, float]:
    """Les points obtenus à chaque fonction du barème, dans l'ordre du barème."""
    points = dict.fromkeys(mark_scheme.FUNCTIONS, 0.0)
    for test in result["tests"]:
        for tag in test["tags"]:
            points[tag] += test["score"]
    return points


def lost_lines(result: dict, example_chars: int = 120) -> list[str]:
    """Les lignes du barème perdues par un rendu, chacune avec ses points et le début de son
    contre-exemple (``example_chars`` caractères, 0 : sans lui), sur une ligne (le retour
    les donne en entier).

    >>> test = {"name": "is_finished renvoie 2", "tags": ["is_finished"], "status": "failed",
    ...         "max_score": 0.75, "extra_data": {"example": "  Exemple : plateau 2×1"}}
    >>> lost_lines({"tests": [test]})
    ['Q9 is_finished : is_finished renvoie 2 (-0,75) : Exemple : plateau 2×1']
    """
    lost = []
    for test in in_bareme_order(result)["tests"]:
        if test["status"] == "passed":
            continue
        function = test["tags"][0]
        text = f"{mark_scheme.BAREME[function][0]} {function} : {test['name']}"
        text += f" (-{french_number(test['max_score'])})"
        example = " ".join(str((test.get("extra_data") or {}).get("example") or "").split())
        if example and example_chars:
            cut = example[:example_chars] + ("…" if len(example) > example_chars else "")
            text += f" : {cut}"
        lost.append(one_line(text))
    return lost


def in_bareme_order(result: dict) -> dict:
    """Le results.json avec ses tests dans l'ordre des questions du sujet (Q3 d'abord)."""
    order = {function: index for index, function in enumerate(mark_scheme.FUNCTIONS)}
    tests = sorted(result.get("tests", []), key=lambda t: order.get(t["tags"][0], len(order)))
    return {**result, "tests": tests}
