"""Noter à nouveau une classe : ce qui a changé depuis la notation précédente.

La nouvelle notation est écrite à part ; avant qu'elle ne remplace la précédente,
:func:`differences` compare les deux : les rendus apparus ou disparus, ceux dont le
statut, la note ou l'ajustement a changé (de combien), et les tests qui sont passés
de réussi à raté ou l'inverse. Tout est lu dans les fichiers des deux notations
(``notes.csv`` et ``json/``) : ce qui est comparé est ce que l'enseignant a sous les yeux.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from classroom.grade_sheet import TOTAL_COLUMN
from classroom.results import signed
from grading.safe_text import one_line
from grading.scoring import french_number

FILE_NAME = "differences.txt"
TOTAL = TOTAL_COLUMN
Key = tuple[str, str]  # (etudiant, rendu) : une ligne de notes.csv


def read_rows(folder: Path) -> dict[Key, dict[str, str]]:
    """Les lignes de ``notes.csv``, par (etudiant, rendu) ; aucune s'il n'y en a pas."""
    path = folder / "notes.csv"
    if not path.is_file():
        return {}
    with path.open(encoding="utf-8-sig", newline="") as handle:
        rows = csv.DictReader(handle, delimiter=";")
        return {(row["etudiant"], row["rendu"]): row for row in rows}


def read_tests(folder: Path, label: str) -> dict[str, str]:
    """Le statut de chaque test d'un rendu (``json/NOM.json``), par nom ; aucun sans fichier."""
    try:
        result = json.loads((folder / "json" / f"{label}.json").read_text(encoding="utf-8"))
        return {test["name"]: test["status"] for test in result["tests"]}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def number(text: str) -> float | None:
    try:
        return float(text.replace(",", "."))
    except (AttributeError, ValueError):
        return None


def grade(row: dict[str, str]) -> str:
    """La note d'une ligne, ou son statut s'il n'est pas noté."""
    return row.get(TOTAL) or row.get("statut", "")


def change(old: dict[str, str], new: dict[str, str]) -> str | None:
    """Ce qui a changé dans la ligne d'un rendu (None : rien)."""
    parts = []
    before, after = number(old.get(TOTAL, "")), number(new.get(TOTAL, ""))
    if before is not None and after is not None:
        if abs(after - before) >= 0.005:
            shift = signed(after - before)
            parts.append(f"{french_number(before)} → {french_number(after)} ({shift})")
        if old.get("statut") != new.get("statut"):
            parts.append(f"statut : {new.get('statut')}")
    elif grade(old) != grade(new):
        parts.append(f"{grade(old)} → {grade(new)}")
    old_adjustment, new_adjustment = old.get("ajustement") or "", new.get("ajustement") or ""
    if old_adjustment != new_adjustment:
        parts.append(f"ajustement : {old_adjustment or 'aucun'} → {new_adjustment or 'aucun'}")
    return " ; ".join(parts) or None


def test_changes(old: dict[str, str], new: dict[str, str]) -> list[str]:
    """Les tests qui ont changé de verdict, une ligne par sens."""
    lines = []
    for verdict, was, now in (("réussi", "failed", "passed"), ("raté", "passed", "failed")):
        names = [name for name, status in new.items() if status == now and old.get(name) == was]
        if names:
            lines.append(f"{verdict} maintenant : " + " ; ".join(names))
    return lines


def differences(old: Path, new: Path, labels: dict[Key, str]) -> list[str]:
    """Ce qui sépare la notation de ``new`` de celle de ``old`` (``labels`` : le nom de
    chaque rendu de la nouvelle notation, celui de ses fichiers ``json/``)."""
    before, after = read_rows(old), read_rows(new)
    lines: list[str] = []
    same = 0
    for key, row in after.items():
        shown = one_line(f"{key[0]} ({key[1]})")
        if key not in before:
            lines.append(f"  nouveau : {shown} : {grade(row)}")
            continue
        label = labels.get(key, key[0])
        tests = test_changes(read_tests(old, label), read_tests(new, label))
        changed = change(before[key], row)
        if changed is None and not tests:
            same += 1
            continue
        lines.append(f"  {shown} : {changed or 'même note'}")
        lines += [f"      {line}" for line in tests]
    for key, row in before.items():
        if key not in after:
            lines.append(f"  disparu : {one_line(f'{key[0]} ({key[1]})')}, qui avait {grade(row)}")
    if not before:
        heading = "La notation précédente n'a pas de notes.csv : tout est nouveau."
    elif lines:
        heading = "Différences avec la notation précédente :"
    else:
        heading = "Aucune différence avec la notation précédente."
    return [heading, *lines, f"{same} rendu(s) sans changement."]
