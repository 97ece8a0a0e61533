"""INGInious : le retour d'un rendu en reStructuredText (ce qu'INGInious met en page sous
la note), tiré du modèle des questions (``classroom/feedback.py``) comme ceux de
Gradescope, VPL et CodeRunner.

Rien de ce qui vient de l'étudiant n'est lu comme du reStructuredText : ce que son code
affiche ou lève, les explications et contre-exemples, vont dans des blocs littéraux
(chaque ligne en retrait, caractères de contrôle montrés par leur code) ; les phrases du
correcteur qui citent un nom venu de lui sont échappées caractère par caractère.

>>> print(escaped("*gras* `x`_"))
\\*gras\\* \\`x\\`\\_
"""

from __future__ import annotations

from classroom.feedback import questions, test_points
from grading import mark_scheme
from grading.safe_text import printable
from grading.scoring import french_number, scaled

GRADE_SCALE = 100  # INGInious note sur 100
LITERAL_INDENT = "    "


def escaped(text: str) -> str:
    """Un texte sur une ligne, dont aucun caractère n'est du balisage reStructuredText :
    chaque signe de ponctuation est précédé d'une barre oblique inverse."""
    flat = " ".join(printable(text).split())
    return "".join("\\" + char if not (char.isalnum() or char == " ") else char for char in flat)


def literal(text: str) -> list[str]:
    """Un bloc littéral : ``::``, puis chaque ligne en retrait (rien n'y est interprété)."""
    lines = printable(text).splitlines() or [""]
    return ["::", "", *(LITERAL_INDENT + line if line.strip() else "" for line in lines), ""]


def title(text: str, mark: str) -> list[str]:
    """Un titre de section, souligné d'autant de ``mark`` qu'il a de caractères (et plus)."""
    return [text, mark * (len(text) + 2), ""]


def grade(result: dict | None) -> float:
    """La note sur 100 (0 si le rendu n'a pas été noté)."""
    return scaled(float(result["score"]), 0, GRADE_SCALE) if result else 0.0


def feedback_rst(result: dict | None, reason: str | None, remarks: list[str]) -> str:
    """Le retour d'un rendu, en reStructuredText : la note, puis une section par question
    du sujet (ses fonctions, leurs points, chaque test raté avec son explication et son
    contre-exemple) ; ou pourquoi il n'est pas noté. ``remarks`` : ce que l'enseignant doit
    lire (le serveur trouvé), en fin de retour."""
    lines: list[str] = []
    if result is None:
        lines += [f"**Non noté** : {escaped(reason or 'la notation a échoué')}.", ""]
    else:
        score = float(result["score"])
        note = french_number(grade(result))
        lines += [
            f"**Note : {note} / {GRADE_SCALE}** "
            f"({french_number(score)} / {french_number(mark_scheme.TOTAL, 0)}).",
            "",
        ]
        if result.get("output"):
            lines += ["Au chargement de votre fichier :", "", *literal(result["output"])]
        shaped = questions(result)
        for question, functions in mark_scheme.QUESTIONS.items():
            mine = [q for q in shaped if q.function in functions]
            earned = sum(q.earned for q in mine)
            total = sum(q.total for q in mine)
            lines += title(f"{question} : {french_number(earned)} / {french_number(total, 0)}", "=")
            for q in mine:
                lines += [
                    f"- ``{q.function}`` : {french_number(q.earned)} / {french_number(q.total, 0)}",
                ]
            lines.append("")
            for q in mine:
                for test in q.failed:
                    lines += [
                        f"**Raté** ({escaped(q.function)}, {escaped(test_points(test))}) : "
                        f"{escaped(test['name'])}",
                        "",
                        *literal(test["output"] or "Test raté."),
                    ]
            if not any(q.failed for q in mine):
                lines += ["Tous les tests de cette question sont réussis.", ""]
    lines += [escaped(remark) for remark in remarks]
    return "\n".join(lines).rstrip() + "\n"


def outcome_result(result: dict | None) -> str:
    """Le résultat d'INGInious : ``success`` (tous les points), ``failed`` (des points
    perdus), ``crash`` (le rendu n'a pas été noté)."""
    if result is None:
        return "crash"
    return "success" if float(result["score"]) >= mark_scheme.TOTAL - 1e-9 else "failed"
