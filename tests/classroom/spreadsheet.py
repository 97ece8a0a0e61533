"""Des fichiers CSV qu'un tableur en français ouvre tels quels.

UTF-8 avec BOM (sans lui, Excel sous Windows lit « Ã‰lodie » pour « Élodie »),
séparateur « ; », virgule décimale ; une cellule de texte qu'un tableur prendrait
pour une formule (elle commence par ``= + - @``, une tabulation ou un retour
chariot) est précédée d'une apostrophe et reste du texte.
"""

from __future__ import annotations

import csv
from pathlib import Path

from grading.scoring import french_number

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value: str) -> str:
    """Un texte qu'aucun tableur ne prendra pour une formule.

    >>> text_cell("=HYPERLINK(\\"http://x\\")")
    '\\'=HYPERLINK("http://x")'
    >>> text_cell("Élodie")
    'Élodie'
    """
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def spreadsheet_cell(value: str | float | None) -> str:
    """Une cellule : un nombre à la française (12,50), un texte sans formule, ou rien.

    >>> [spreadsheet_cell(v) for v in (12.5, "+33 6", None)]
    ['12,50', "'+33 6", '']
    """
    if value is None:
        return ""
    if isinstance(value, (int, float)):
        return french_number(value)
    return text_cell(value)


def write_table(path: Path, header: list[str], rows: list[list[str | float | None]]):
    """Écrit un tableau pour le tableur (voir :func:`spreadsheet_cell` pour les cellules)."""
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle, delimiter=";", lineterminator="\r\n")
        writer.writerow([spreadsheet_cell(title) for title in header])
        writer.writerows([[spreadsheet_cell(value) for value in row] for row in rows])
