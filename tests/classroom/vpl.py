"""Moodle VPL : ce qu'affiche une évaluation, que VPL lit pour en tirer la note et les
commentaires de l'étudiant.

Les règles de VPL (``vpl_submission.class.php``) : la **dernière** ligne
``Grade :=>>x`` donne la note proposée ; un commentaire est une ligne
``Comment :=>>texte``, ou un bloc entre une ligne ``<|--`` et une ligne ``--|>``.
Dans un bloc, une ligne qui commence par ``-`` est un titre, par ``>`` un texte
préformaté (les plateaux gardent leurs colonnes).

Chaque ligne venue de la notation d'un rendu (les explications des tests, qui citent
ce que le code de l'étudiant a affiché ou levé) est écrite préformatée, derrière
``>`` : comme le fait l'évaluateur de VPL pour la sortie d'un programme, aucune ne
peut commencer par une balise, ni donc fermer un bloc ou proposer une note.

>>> print(evaluation_output(None, "aucun fichier tp.py", (0.0, 10.0)))
<|--
-Non noté
>Le rendu n'a pas pu être noté : aucun fichier tp.py.
--|>
Grade :=>>0.00
"""

from __future__ import annotations

from classroom.feedback import failed_title, questions
from grading import mark_scheme
from grading.safe_text import printable
from grading.scoring import french_number, scaled

GRADE_TAG = "Grade :=>>"
COMMENT_TAG = "Comment :=>>"
BEGIN = "<|--"
END = "--|>"
# L'échelle d'une activité VPL dont la note maximale n'est pas un nombre (un barème
# Moodle à échelle) : la note est donnée sur 20.
DEFAULT_RANGE = (0.0, float(mark_scheme.TOTAL))


def grade_range(environment: dict[str, str]) -> tuple[tuple[float, float], str | None]:
    """L'échelle de l'activité (``VPL_GRADEMIN``, ``VPL_GRADEMAX``) ; et, si elle est
    inutilisable, pourquoi la note est donnée sur 20.

    >>> grade_range({"VPL_GRADEMIN": "0", "VPL_GRADEMAX": "10"})
    ((0.0, 10.0), None)
    >>> grade_range({})[1]
    "l'activité ne donne pas d'échelle de note numérique : la note est donnée sur 20"
    """
    try:
        low = float(environment.get("VPL_GRADEMIN", "0").replace(",", "."))
        high = float(environment.get("VPL_GRADEMAX", "").replace(",", "."))
    except ValueError:
        low = high = 0.0
    if not (low < high) or not all(map(_finite, (low, high))):
        reason = "l'activité ne donne pas d'échelle de note numérique : la note est donnée sur 20"
        return DEFAULT_RANGE, reason
    return (low, high), None


def _finite(value: float) -> bool:
    return value == value and abs(value) != float("inf")


# Ce qu'une évaluation demande à l'activité. La mémoire : VPL additionne le pic de chaque
# processus du prisonnier ; le correcteur en prend environ 75 Mio (son lanceur, le juge), le
# code de l'étudiant jusqu'à 512 Mio avant d'être arrêté (limits.Limits.memory_bytes) :
# 581 Mio mesurés pour un rendu qui épuise la sienne (tests/benchmarks/bench_vpl.py).
NEEDED_MEMORY = 640 * 2**20
# La durée : un rendu dont chaque fonction boucle est noté en 40 s environ (chaque appel
# arrêté à sa limite) ; deux minutes laissent la marge d'une machine chargée.
NEEDED_SECONDS = 120


def settings_remarks(environment: dict[str, str]) -> list[str]:
    """Ce que l'évaluation dit des réglages de l'activité, s'ils sont trop bas pour noter
    tous les rendus (VPL arrêterait alors l'évaluation sans note).

    >>> settings_remarks({"VPL_MAXMEMORY": str(128 * 2**20), "VPL_MAXTIME": "240"})[0][:52]
    "réglage de l'activité : mémoire maximale de 128 Mo ;"
    >>> settings_remarks({"VPL_MAXMEMORY": str(2**30), "VPL_MAXTIME": "240"})
    []
    """
    remarks = []
    memory = _number(environment.get("VPL_MAXMEMORY"))
    if memory is not None and 0 < memory < NEEDED_MEMORY:
        remarks.append(
            f"réglage de l'activité : mémoire maximale de {memory // 2**20:.0f} Mo ; il en "
            f"faut {NEEDED_MEMORY // 2**20} pour noter un code qui épuise la sienne "
            "(prévenez votre enseignant)"
        )
    seconds = _number(environment.get("VPL_MAXTIME"))
    if seconds is not None and 0 < seconds < NEEDED_SECONDS:
        remarks.append(
            f"réglage de l'activité : durée maximale de {seconds:.0f} s ; il en faut "
            f"{NEEDED_SECONDS} pour noter un code qui boucle (prévenez votre enseignant)"
        )
    return remarks


def _number(text: str | None) -> float | None:
    try:
        return float(text) if text is not None else None
    except ValueError:
        return None


def grade_line(value: float) -> str:
    """La ligne de la note proposée, un nombre à point décimal.

    >>> grade_line(7.5)
    'Grade :=>>7.50'
    """
    return f"{GRADE_TAG}{value:.2f}"


def quoted(text: str) -> list[str]:
    """Un texte de la notation, ligne à ligne, préformaté (``>``), ses caractères de
    contrôle montrés par leur code ; toute coupure de ligne compte (VPL ne voit que
    ``\\n``, le retour chariot ne peut donc pas cacher une balise en début de ligne).

    >>> quoted("a\\r--|>\\nGrade :=>>20")
    ['>a', '>--|>', '>Grade :=>>20']
    """
    return [">" + printable(line) for line in text.splitlines() or [""]]


def block(title: str, lines: list[str]) -> list[str]:
    """Un bloc de commentaires de VPL : un titre (``-``), puis ses lignes."""
    return [BEGIN, "-" + printable(title), *lines, END]


def question_blocks(result: dict) -> list[str]:
    """Un bloc par question du barème : son titre avec ses points, puis chaque test raté,
    son nom et son explication (contre-exemple et plateaux préformatés)."""
    lines = []
    for q in questions(result):
        body = [] if q.failed else ["Tous les tests de cette question sont réussis."]
        for test in q.failed:
            body += [f"Test raté : {printable(failed_title(test))}", *quoted(test["output"])]
        lines += block(q.title, body)
    return lines


def evaluation_output(
    result: dict | None,
    reason: str | None,
    scale: tuple[float, float],
    remarks: list[str] | None = None,
) -> str:
    """Tout ce qu'affiche l'évaluation : un bloc de synthèse, un bloc par question, puis
    une seule ligne ``Grade :=>>``. Sans résultat (``result`` None), un bloc dit
    pourquoi (``reason``) et la note est le minimum de l'échelle."""
    remarks = remarks or []
    if result is None:
        lines = block("Non noté", quoted(f"Le rendu n'a pas pu être noté : {reason}."))
        lines += block("Remarques", quoted("\n".join(remarks))) if remarks else []
        return "\n".join([*lines, grade_line(scale[0])])
    value = scaled(result["score"], *scale)
    low, high = (french_number(bound) for bound in scale)
    summary = [
        f"Note : {french_number(result['score'])} / 20, soit {french_number(value)} sur "
        f"l'échelle de l'activité ({low} à {high})."
    ]
    summary += quoted("\n".join(remarks)) if remarks else []
    summary += quoted(result["output"]) if result.get("output") else []
    lines = [*block("Synthèse", summary), *question_blocks(result)]
    return "\n".join([*lines, grade_line(value)])
