"""Q9 : is_finished.

Ce que le contrat distingue, et ce qui le vérifie à chaque notation, quel que soit le
secret (cas publics, dont un balayage ; chaque test tire aussi des cas du secret, pour
qu'une table apprise par cœur sur les cas publics ne gagne rien) :

- en cours (0), gagnée (1), perdue (2), renvoyés comme des entiers ;
- perdue alors que toutes les cases sans mine sont ouvertes : la défaite d'abord ;
- perdue avec une case sans mine encore fermée avant la mine ouverte, dans l'ordre de
  lecture (ou après) : aucune réponse avant d'avoir tout regardé ;
- la case qui décide (la seule mine ouverte, la seule case sans mine fermée) à chaque
  place du plateau, première et dernière ligne, première et dernière colonne ;
- des plateaux d'une case, d'une ligne, d'une colonne, plus larges que hauts et plus
  hauts que larges, jusqu'au plus grand (50×20, la dernière case fermée) ; sans mine et
  tout minés.
"""

import pytest
from hypothesis import given, settings

from grading import expected, publics, strategies
from grading.checks import q9_end as checks
from grading.publics import public_example
from grading.strategies import NO_SHRINK


@pytest.mark.question("is_finished")
@given(case=strategies.finished_cases())
@public_example(case={"mines": [[True, False]], "opened": [[True, True]]})
@public_example(case={"mines": [[True, False]], "opened": [[False, True]]})
@public_example(case={"mines": [[True, True]], "opened": [[False, False]]})
# La mine ouverte vient après une case sans mine encore fermée : répondre 0 à la première
# case fermée, c'est répondre trop tôt.
@public_example(case={"mines": [[False, True]], "opened": [[False, True]]})
# La seule case fermée est dans la dernière colonne.
@public_example(case={"mines": [[False, False]], "opened": [[True, False]]})
# Le plus grand plateau : la seule case sans mine encore fermée est la dernière, (49, 19).
@public_example(case=publics.last_cell_left(50, 20))
# Le plus grand plateau, tout ouvert : la seule mine est la dernière case, perdue.
@public_example(case=publics.last_mine_open(50, 20))
def test_is_finished(sub, case):
    """is_finished renvoie 2 (perdu, vérifié d'abord), 1 (gagné) ou 0"""
    checks.is_finished_answers(sub, case, expected.is_finished(case))


@pytest.mark.question("is_finished")
@settings(max_examples=2, phases=NO_SHRINK)
@given(case=strategies.finished_sweeps())
@public_example(case=publics.finished_sweep())
def test_is_finished_every_cell(sub, case):
    """is_finished quand chaque case, à son tour, décide de la partie"""
    checks.is_finished_everywhere(sub, case, expected.is_finished_everywhere(case))
