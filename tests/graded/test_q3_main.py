"""Q3 : main, sur des parties écrites d'avance.

Ce que le contrat distingue, et ce qui le vérifie à chaque notation, quel que soit le
secret (cas publics) :

- chaque sorte de réponse refusée (``publics.malformed_answers`` : vide, blanche, des
  mots, « q », des accolades, un pourcentage, un décimal, deux nombres, trois (les trois
  réponses sur une ligne), un exposant, l'infini et « nan », zéro, négative, trop grande,
  immense), à chacune des trois questions : un message,
  puis la question reposée (``publics.every_malformed_answer``) ; une réponse refusée
  après une autre, de chaque sorte, dont une réponse qui n'est pas un entier juste après
  une réponse hors des bornes (``publics.refused_then``) ; les trois réponses sur la
  première ligne ; une réponse longue ;
- les plus grandes réponses permises : 50 colonnes, 20 lignes, 1 000 mines, et un
  plateau tout miné, après chaque sorte de réponse refusée ;
- les grilles : hauteur lignes de largeur cases, aucune ligne partagée, initialisées
  dans l'ordre du contrat, puis la partie jouée avec ces grilles-là.
"""

import pytest
from hypothesis import given, settings

from grading import expected, publics, strategies
from grading.checks import q3_main as checks
from grading.publics import public_example
from grading.strategies import NO_SHRINK


@pytest.mark.question("main")
@given(case=strategies.main_cases())
@public_example(
    case={
        "lines": ["abc", "3", "0", "2", "7", "2"]
        + [f"{x} {y}" for y in range(2) for x in range(3)],
        "seed": 1,
    }
)
# Une réponse refusée longue (plus de 20 caractères) : main la redemande sans planter.
@public_example(
    case={
        "lines": ["une largeur de trois cases", "3", "2", "1"]
        + [f"{x} {y}" for y in range(2) for x in range(3)],
        "seed": 2,
    }
)
# Les trois réponses sur la première ligne : elle est refusée (un entier par ligne), puis
# chaque question est posée.
@public_example(
    case={
        "lines": ["3 2 1", "2", "3", "2"] + [f"{x} {y}" for y in range(3) for x in range(2)],
        "seed": 6,
    }
)
# Un plateau 50×1 tout miné : les plus grandes réponses permises, une partie déjà gagnée.
@public_example(case={"lines": ["50", "1", "50"], "seed": 5})
# Chaque sorte de réponse refusée, à chacune des trois questions.
@public_example(case=publics.every_malformed_answer())
def test_main(sub, case):
    """main demande largeur, hauteur et mines, redemande si besoin, crée les grilles et joue"""
    checks.main_asks_and_plays(sub, case, expected.main(case))


@pytest.mark.question("main")
@settings(max_examples=3, phases=NO_SHRINK)
@given(case=strategies.largest_main_cases())
# Des réponses refusées d'abord : 51, une réponse qui n'est pas un entier, 21, 1 001 mines.
@public_example(case={"lines": ["51", "50", "abc", "21", "20", "1001", "1000", "0 0"], "seed": 3})
# Chaque sorte de réponse refusée, de suite, à chacune des trois questions, comme peuvent en
# tirer les exemples de ce test (une réponse refusée après une autre) ; le plateau, tout
# miné, est perdu au premier coup.
@public_example(case=publics.every_malformed_answer(50, 20, 1000))
def test_main_largest_board(sub, case):
    """main accepte le plus grand plateau, 50×20, et ses 1 000 mines"""
    checks.main_asks_and_plays(sub, case, expected.main(case))
