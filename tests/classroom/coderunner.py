"""Moodle CodeRunner : ce qu'écrit le correcteur de modèle combinateur d'une question du
sujet, que CodeRunner lit pour en tirer la note et ce que voit l'étudiant.

Le format (``jobrunner.php``, ``combinator_grader_outcome.php``) : un seul objet JSON, dont
``fraction`` (entre 0 et 1) est la part de la note de la question ; ``testresults``, le
tableau des résultats (une ligne d'en-têtes, puis une ligne par test ; la colonne
``iscorrect`` devient une coche ou une croix) ; ``prologuehtml`` et ``epiloguehtml``, du HTML
montré avant et après le tableau ; ``instructorhtml``, du HTML que seuls les enseignants
voient. Tout autre champ ferait refuser le résultat.

Rien de ce qui vient de l'étudiant n'est montré comme du HTML : les cellules du tableau
sont du texte (CodeRunner les échappe : aucun format ``%h`` n'est demandé), et ce qui entre
dans le HTML (les remarques sur le chargement du code, la raison d'un refus) est échappé ici.

>>> outcome = unmarked("réponse vide", "Serveur d'exécution : Python 3.12.")
>>> outcome["fraction"], outcome["prologuehtml"]
(0.0, "<p>Votre réponse n'a pas pu être notée : réponse vide.</p>")
"""

from __future__ import annotations

import html
import math

from classroom.feedback import questions, test_points
from grading import mark_scheme, sandbox
from grading.safe_text import printable
from grading.scoring import french_number

# Les champs qu'accepte CodeRunner dans le résultat d'un correcteur combinateur.
ALLOWED_FIELDS = {
    "fraction",
    "prologuehtml",
    "testresults",
    "files",
    "epiloguehtml",
    "columnformats",
    "showdifferences",
    "showoutputonly",
    "graderstate",
    "instructorhtml",
}
HEADER = ["iscorrect", "Test", "Points", "Explication et contre-exemple"]


def paragraph(text: str) -> str:
    """Un paragraphe HTML d'un texte, échappé."""
    return f"<p>{html.escape(printable(text), quote=False)}</p>"


def preformatted(text: str) -> str:
    """Un texte préformaté (des plateaux, des contre-exemples), échappé."""
    return f"<pre>{html.escape(printable(text), quote=False)}</pre>"


def isolation_html(server: str, refuses: bool) -> str:
    """Ce que l'enseignant lit de l'isolation (``instructorhtml``) : le serveur trouvé
    (``platform_grading.server_line``), ce que garantit chaque échelon possible sur Jobe, et
    les règles de refus."""
    rules = [
        server,
        f"Landlock, là où le noyau du serveur l'a : {sandbox.GUARANTEES['landlock']}.",
        f"bubblewrap, là où Jobe permet les espaces de noms (rarement : pas dans Docker) : "
        f"{sandbox.GUARANTEES['bwrap']}.",
        "Jobe fait tourner le correcteur et le code de l'étudiant sous le même utilisateur : "
        "sans l'un ou l'autre, rien ne les sépare.",
        (
            "Sans isolation possible, les réponses ne sont pas notées (question construite "
            "sans --accepter-sans-isolation)."
            if refuses
            else "Cette question note même sans isolation (construite avec "
            "--accepter-sans-isolation) : le code de l'étudiant pourrait alors lire le "
            "correcteur et le secret des cas."
        ),
        "Une réponse venue avec des documents joints n'est pas notée.",
    ]
    return "".join(paragraph(line) for line in rules)


def unmarked(reason: str, teacher: str = "") -> dict:
    """Le résultat d'une réponse qui n'a pas pu être notée : 0, et la raison."""
    outcome: dict = {
        "fraction": 0.0,
        "prologuehtml": paragraph(f"Votre réponse n'a pas pu être notée : {reason}."),
    }
    if teacher:
        outcome["instructorhtml"] = teacher
    return outcome


def rubric_order(function: str, tests: list[dict]) -> list[dict]:
    """Les tests d'une fonction dans l'ordre de ses lignes au barème (``RUBRIC``)."""
    lines = list(mark_scheme.RUBRIC[function])
    return sorted(tests, key=lambda t: lines.index(t["extra_data"]["line"]))


def test_rows(shaped) -> list[list]:
    """Une ligne du tableau par ligne du barème de la question, dans son ordre."""
    rows = []
    for q in shaped:
        for test in rubric_order(q.function, q.tests):
            passed = test["status"] == "passed"
            explanation = "" if passed else printable(test["output"] or "Test raté.")
            rows.append(
                [1 if passed else 0, printable(test["name"]), test_points(test), explanation]
            )
    return rows


def question_outcome(result: dict, question: str, teacher: str = "") -> dict:
    """Le résultat d'une réponse notée à la question ``question`` (« Q5 ») : la part de ses
    points, le tableau de ses tests, ses points par fonction, et ce que l'enseignant seul
    lit (``teacher``, du HTML).

    Le résultat de la notation doit porter exactement sur les lignes du barème des
    fonctions de la question, et sur tous leurs points : sinon, la réponse n'est pas
    notée (le correcteur s'est trompé, pas l'étudiant)."""
    functions = mark_scheme.QUESTIONS[question]
    total = mark_scheme.question_points(question)
    tests = result.get("tests", [])
    graded = {(test["tags"][0], (test.get("extra_data") or {}).get("line")) for test in tests}
    lines = {(function, line) for function in functions for line in mark_scheme.RUBRIC[function]}
    possible = sum(test["max_score"] for test in tests)
    if (
        graded != lines
        or len(tests) != len(lines)
        or not math.isclose(possible, total, abs_tol=1e-6)
    ):
        return unmarked(
            "la notation n'a pas rendu les tests de cette question (prévenez votre enseignant)",
            teacher,
        )
    shaped = questions(result, functions)
    earned = sum(q.earned for q in shaped)
    fraction = min(max(earned / total, 0.0), 1.0)
    summary = f"{question} : {french_number(earned)} / {french_number(total, 0)} point(s)."
    prologue = f"<p><strong>{html.escape(summary, quote=False)}</strong></p>"
    if len(shaped) > 1:
        items = "".join(
            f"<li>{html.escape(q.function, quote=False)} : {french_number(q.earned)} / "
            f"{french_number(q.total, 0)}</li>"
            for q in shaped
        )
        prologue += f"<ul>{items}</ul>"
    if result.get("output"):
        prologue += preformatted(result["output"])
    outcome = {
        "fraction": round(fraction, 6),
        "testresults": [HEADER, *test_rows(shaped)],
        "prologuehtml": prologue,
    }
    if teacher:
        outcome["instructorhtml"] = teacher
    return outcome
