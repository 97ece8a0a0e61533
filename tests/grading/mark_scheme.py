"""Le barème du TP : les points de chaque fonction, sur 20.

Les points sont écrits une seule fois, dans la table du contrat
(``tests/grading/contract.py``) ; ce module en donne la vue du barème. Les points
d'une fonction sont partagés entre ses tests selon le poids de chacun
(``@pytest.mark.question(fonction, poids=...)``), et le sujet (``sujet/sujet.md``)
affiche ces mêmes points (un test le vérifie).
"""

from grading.contract import TABLE, TOTAL

# fonction -> (question du sujet, points), dans l'ordre du barème du sujet (Q3 d'abord) :
# c'est l'ordre des questions dans chaque tableau de notes, fichier ou retour.
BAREME: dict[str, tuple[str, float]] = {f.name: (f.question, f.points) for f in TABLE}

FUNCTIONS = list(BAREME)

__all__ = ["BAREME", "FUNCTIONS", "TOTAL"]
