"""Le mode strict de ``grade_class.py`` : un rendu que Python ne lance pas tel quel.

Par défaut, le chargement est indulgent (``grading/rescue.py``) : une erreur de
syntaxe ne coûte que sa fonction, un ``input()`` en tête rien du tout. Avec
``--strict``, l'enseignant exige que le programme démarre tel qu'il a été rendu :
Python doit le compiler (ni erreur de syntaxe, ni tabulations et espaces mêlés, ni
fichier hors UTF-8 qui ne déclare pas son encodage) et l'exécuter jusqu'au bout sans
qu'une instruction du niveau du module ne l'arrête (un ``input()`` en tête, où
personne ne tape rien, ``sys.exit()``, une exception), ni qu'il ne finisse jamais.

``--strict zero`` (ou ``--strict`` seul) : un tel rendu a 0 ; ``--strict signaler`` :
il garde la note du chargement indulgent. Dans les deux cas, la colonne « statut »
de ``notes.csv`` dit pourquoi, et le retour aussi.

Tout vient des faits du chargement (``extra_data.loading`` du results.json) : la
notation elle-même ne change pas.
"""

from __future__ import annotations

from classroom.results import Adjustment, Outcome
from grading.checks.common import where
from grading.scoring import facts

ZERO = "zero"
REPORT = "signaler"
MODES = (ZERO, REPORT)
PREFIX = "Python ne lance pas ce rendu tel quel"


def refusal(result: dict) -> str | None:
    """Pourquoi Python ne lancerait pas ce rendu tel quel (None s'il le lance).

    >>> refusal({"extra_data": {"loading": {"outcome": "loaded", "encoding": "cp1252"}}})
    "le fichier n'est pas en UTF-8 et ne déclare pas son encodage (lu en cp1252)"
    >>> refusal({"extra_data": {"loading": {"outcome": "loaded", "dropped": [], "skipped": []}}})
    """
    loading = facts(result).get("loading")
    if not isinstance(loading, dict):
        return None
    reasons = [
        *(syntax(item) for item in loading.get("dropped") or []),
        *(stopped(item) for item in loading.get("skipped") or [] if item.get("type")),
    ]
    if loading.get("encoding"):
        reasons.append(
            "le fichier n'est pas en UTF-8 et ne déclare pas son encodage "
            f"(lu en {loading['encoding']})"
        )
    stages = (loading.get("outcome"), loading.get("first_load"))
    if "hung" in stages:
        reasons.append("son chargement ne se termine pas")
    elif "died" in stages:
        reasons.append("son chargement arrête Python")
    error = loading.get("error")
    if isinstance(error, dict) and not reasons:
        reasons.append(f"son chargement échoue ({error.get('type')} : {error.get('message')})")
    if not reasons:
        return None
    if len(reasons) > 1:
        return f"{reasons[0]} ; et {len(reasons) - 1} autre(s) problème(s), voir le retour"
    return reasons[0]


def syntax(item: dict) -> str:
    """Un passage qui ne se compile pas : sa ligne (sa cellule, dans un notebook) et
    l'explication de Python."""
    place = where(item.get("file"), item.get("error_line"), item.get("cell"))
    return f"{place} : {item.get('message')}"


def stopped(item: dict) -> str:
    """Une instruction qui arrête le chargement : sa ligne et pourquoi."""
    place = where(item.get("file"), item.get("line"), item.get("cell"))
    return f"{place} ({item.get('text')}) arrête le chargement : {item.get('message')}"


def apply(outcomes: list[Outcome], mode: str | None) -> int:
    """Applique le mode strict aux rendus notés ; renvoie combien sont touchés."""
    if mode is None:
        return 0
    touched = 0
    for outcome in outcomes:
        why = refusal(outcome.result) if outcome.graded else None
        if why is None:
            continue
        touched += 1
        if mode == ZERO:
            outcome.strict = f"mode strict, 0 : {PREFIX} ({why})"
            zero = Adjustment(-outcome.tests_score, f"mode strict : {PREFIX}")
            outcome.adjustments.insert(0, zero)
        else:
            outcome.strict = f"mode strict, noté avec indulgence : {PREFIX} ({why})"
    return touched
