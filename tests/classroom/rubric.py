"""Le barème ligne à ligne, tel que l'enseignant le lit avant de noter (``tools/bareme.py``).

Chaque ligne est un test noté de ``tests/graded/`` : sa question, sa fonction, son
intitulé (la première ligne de la docstring du test) et ses points
(``grading/mark_scheme.py``, le seul endroit où ils sont écrits).
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

import pytest

from grading import mark_scheme, scoring
from grading.scoring import french_number


class CollectionError(Exception):
    """Les tests notés ne se collectent pas ; le message (en français) dit pourquoi."""


class Collector:
    """Un greffon pytest qui garde les tests collectés."""

    def __init__(self):
        self.items: list = []

    def pytest_collection_finish(self, session):
        self.items = list(session.items)


def collect_graded_tests(tests_dir: Path) -> list:
    """Les tests notés du dépôt, tels que pytest les collecte (sans lancer le correcteur)."""
    paths = [str(path) for path in sorted(tests_dir.glob("graded/test_q*.py"))]
    collector = Collector()
    output = io.StringIO()
    arguments = [
        *paths,
        "--collect-only",
        "--noconftest",  # ni soumission à charger, ni juge : seulement la collecte
        "-p",
        "no:cacheprovider",
        "-W",
        "ignore::pytest.PytestUnknownMarkWarning",
        "--rootdir",
        str(tests_dir.parent),
    ]
    with contextlib.redirect_stdout(output):
        status = pytest.main(arguments, plugins=[collector])
    if status != 0:
        raise CollectionError(f"la collecte des tests notés a échoué :\n{output.getvalue()}")
    return [item for item in collector.items if item.get_closest_marker("question")]


@dataclass(frozen=True)
class Line:
    """Une ligne du barème."""

    question: str
    function: str
    line: str  # le nom du test noté (la clé de mark_scheme.RUBRIC)
    title: str  # ce qu'elle vérifie, en français
    points: float


def rubric_lines(tests_dir: Path) -> list[Line]:
    """Les lignes du barème, dans l'ordre du sujet, puis du fichier de chaque question.

    Lève :class:`CollectionError` si un test noté n'a pas de ligne au barème, ou une
    ligne pas de test (le barème et les tests disent alors autre chose)."""
    items = collect_graded_tests(tests_dir)
    lines = []
    for item in items:
        function = item.get_closest_marker("question").args[0]
        line = scoring.test_line(item)
        try:
            points = mark_scheme.points(function, line)
        except mark_scheme.UnknownLine as error:
            raise CollectionError(error.args[0]) from None
        question = mark_scheme.BAREME[function][0]
        lines.append(Line(question, function, line, scoring.test_name(item), points))
    tested = {(line.function, line.line) for line in lines}
    orphans = [
        f"{name} ({function})"
        for function, rubric in mark_scheme.RUBRIC.items()
        for name in rubric
        if (function, name) not in tested
    ]
    if orphans:
        raise CollectionError("ces lignes du barème n'ont pas de test noté : " + ", ".join(orphans))
    lines.sort(key=lambda line: scoring.sujet_order(line.function))
    return lines


def rubric_text(lines: list[Line]) -> str:
    """Le barème en texte : chaque fonction avec ses points, puis ses lignes.

    >>> print(rubric_text([Line("Q9", "is_finished", "test_x", "is_finished renvoie 2", 1.5)]))
    Barème du TP démineur : 1,5 point(s) en 1 ligne(s).
    <BLANKLINE>
    Q9  is_finished : 1,5
        1,5     is_finished renvoie 2
    """
    total = sum(line.points for line in lines)
    text = [
        f"Barème du TP démineur : {french_number(total, 0)} point(s) en {len(lines)} ligne(s).",
        "",
    ]
    current = None
    for line in lines:
        if line.function != current:
            current = line.function
            points = sum(other.points for other in lines if other.function == current)
            text.append(f"{line.question:<3} {current} : {french_number(points, 0)}")
        text.append(f"    {french_number(round(line.points, 4), 0):<7} {line.title}")
    return "\n".join(text)
