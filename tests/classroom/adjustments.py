"""Les ajustements de l'enseignant : des points ajoutés ou retirés, et un commentaire.

Le fichier ``ajustements.csv`` du dossier de sortie (ou celui que donne
``--ajustements``) a une ligne par ajustement : ``etudiant`` (le nom du rendu, celui
de son fichier de ``retours/``), ``points`` (``+1``, ``-0,5`` ; vide pour un
commentaire seul) et ``commentaire`` (la raison, que l'étudiant lit). Un étudiant
peut avoir plusieurs lignes. La première notation écrit un modèle, une ligne par
rendu ; chaque notation suivante le lit et ajoute ses points à la note des tests,
dans ``notes.csv``, ``notes_moodle.csv``, la page et chaque retour, la note restant
entre 0 et le total du barème.

Le fichier s'ouvre et s'enregistre dans un tableur en français : « ; » ou « , »
comme séparateur, virgule ou point décimal, UTF-8 (avec ou sans BOM) ou
Windows-1252 (ce qu'écrit Excel sous Windows).
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from pathlib import Path

from classroom.results import Adjustment, Outcome
from classroom.spreadsheet import write_table
from grading.safe_text import one_line

FILE_NAME = "ajustements.csv"
HEADER = ["etudiant", "points", "commentaire"]
POINTS_LIMIT = 100.0  # au-delà, c'est une faute de frappe (le barème est sur 20)


class AdjustmentsError(ValueError):
    """Le fichier des ajustements ne se lit pas ; le message dit où et pourquoi."""


@dataclass(frozen=True)
class Line:
    """Une ligne du fichier : à qui, combien, pourquoi (et son numéro, pour les messages)."""

    number: int
    student: str
    points: float
    comment: str


def decoded(data: bytes) -> str:
    """Le texte du fichier : UTF-8 (avec ou sans BOM), sinon Windows-1252."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def parse_points(text: str, number: int) -> float:
    """Des points écrits à la française ou non : ``+1``, ``-0,5``, ``2.25`` ; vide : 0.

    >>> parse_points(" -0,5 ", 2)
    -0.5
    """
    cleaned = text.strip().replace(",", ".").replace("\u2212", "-")
    if not cleaned:
        return 0.0
    try:
        value = float(cleaned)
    except ValueError:
        raise AdjustmentsError(
            f"ligne {number} : « {one_line(text)} » n'est pas un nombre"
        ) from None
    if not math.isfinite(value) or abs(value) > POINTS_LIMIT:
        raise AdjustmentsError(f"ligne {number} : {one_line(text)} points, c'est trop")
    return value


def read_lines(path: Path) -> list[Line]:
    """Les lignes remplies du fichier (points ou commentaire) ; :class:`AdjustmentsError`
    si une colonne manque ou si des points ne se lisent pas."""
    text = decoded(path.read_bytes())
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = ";" if ";" in first else ","
    rows = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    missing = [name for name in HEADER if name not in (rows.fieldnames or [])]
    if missing:
        raise AdjustmentsError(f"colonne(s) absente(s) : {', '.join(missing)}")
    lines = []
    for number, row in enumerate(rows, start=2):
        student = (row["etudiant"] or "").strip().removeprefix("'")
        points_text, comment = row["points"] or "", (row["commentaire"] or "").strip()
        if not student or not (points_text.strip() or comment):
            continue
        lines.append(Line(number, student, parse_points(points_text, number), comment))
    return lines


def merge(lines: list[Line], outcomes: list[Outcome]) -> list[str]:
    """Ajoute chaque ligne au rendu qu'elle nomme ; renvoie les lignes laissées de côté,
    chacune avec sa raison (pour la console)."""
    by_label = {outcome.entry.label.casefold(): outcome for outcome in outcomes}
    ignored = []
    for line in lines:
        outcome = by_label.get(line.student.casefold())
        where = f"ligne {line.number} ({one_line(line.student)})"
        if outcome is None:
            ignored.append(f"{where} : aucun rendu de ce nom dans la classe")
        elif not outcome.graded:
            ignored.append(f"{where} : ce rendu n'est pas noté")
        else:
            reason = line.comment or "ajustement de l'enseignant"
            outcome.adjustments.append(Adjustment(line.points, reason))
    return ignored


def write_template(path: Path, outcomes: list[Outcome]) -> None:
    """Le modèle : une ligne par rendu, points et commentaire à remplir."""
    write_table(path, HEADER, [[outcome.entry.label, None, None] for outcome in outcomes])
