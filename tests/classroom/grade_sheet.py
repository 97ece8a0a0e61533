"""Le relevé de notes de la classe (``notes.csv``) : qui a combien, à chaque question."""

from __future__ import annotations

from pathlib import Path

from classroom.results import Outcome, adjustment_text, lost_lines, points_by_function
from classroom.spreadsheet import write_table
from grading import mark_scheme
from grading.scoring import french_number

REMARKS_LIMIT = 300  # caractères de la colonne « remarques » ; le retour complet a tout
TOTAL_COLUMN = f"total (/{french_number(mark_scheme.TOTAL, 0)})"


def notes_table(outcomes: list[Outcome]) -> tuple[list[str], list[list[str | float | None]]]:
    """Le tableau de notes.csv : une ligne par rendu, une colonne par question (ordre du sujet).

    La colonne « lignes perdues » dit quelles lignes du barème le rendu a perdues, avec
    leurs points et le début de leur contre-exemple. Un rendu non noté a sa raison dans
    « statut » et des cases de points vides (un tableur ne les compte pas dans une
    moyenne). La colonne « identifiant Moodle »
    n'est là que si des rendus viennent de Moodle, la colonne « ajustement » (la somme des
    points ajoutés ou retirés à la note des tests) que si un rendu en a ; leurs raisons
    ouvrent les remarques.
    """
    with_moodle = any(o.entry.moodle is not None for o in outcomes)
    adjusted = any(o.adjustments for o in outcomes)
    header = ["etudiant", *(["identifiant Moodle"] if with_moodle else []), "rendu", "statut"]
    header += [
        f"{mark_scheme.BAREME[f][0]} {f} (/{french_number(mark_scheme.BAREME[f][1], 0)})"
        for f in mark_scheme.FUNCTIONS
    ]
    header += [*(["ajustement"] if adjusted else []), TOTAL_COLUMN, "lignes perdues", "remarques"]
    rows = []
    for outcome in outcomes:
        entry = outcome.entry
        row: list[str | float | None] = [entry.student]
        if with_moodle:
            row.append(entry.moodle.participant if entry.moodle else None)
        row += [entry.shown, outcome.status]
        points = points_by_function(outcome.result) if outcome.graded else {}
        row += [points.get(f) for f in mark_scheme.FUNCTIONS]
        if adjusted:
            row.append(sum(a.points for a in outcome.adjustments) if outcome.adjustments else None)
        reasons = [adjustment_text(a) for a in outcome.adjustments]
        remarks = " / ".join([*reasons, *outcome.notes])
        if len(remarks) > REMARKS_LIMIT:
            remarks = remarks[: REMARKS_LIMIT - 1] + "… (voir le retour)"
        lost = " / ".join(lost_lines(outcome.result)) if outcome.graded else ""
        row += [outcome.score, lost or None, remarks or None]
        rows.append(row)
    return header, rows


def write_notes(path: Path, outcomes: list[Outcome]):
    write_table(path, *notes_table(outcomes))
