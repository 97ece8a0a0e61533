"""Q10 : play_turn et play_the_game, sur des parties écrites d'avance.

Ce que le contrat distingue, et ce qui le vérifie à chaque notation, quel que soit le
secret (cas publics) :

- play_turn : le plateau affiché, puis le coup demandé (des lignes refusées d'abord), la
  case ouverte, puis l'inondation, chaque fois par la fonction du contrat ;
- play_the_game : une partie déjà gagnée ou déjà perdue (aucun tour ; perdue même quand
  toutes les cases sans mine sont ouvertes, sur un petit plateau et sur une ligne de 11
  cases sans mine), perdue au premier coup, gagnée après
  plusieurs tours et des lignes refusées, et une partie plus longue que tout nombre de
  tours écrit d'avance (104 tours, ``publics.long_game``) ; le plateau final, affiché
  une seule fois après le dernier tour, puis le verdict sur la dernière ligne (des
  lignes entre les deux, vides ou non, sont permises), le code 1 ou 2 renvoyé.
"""

import pytest
from hypothesis import given, settings

from grading import expected, publics, strategies
from grading.checks import q10_game as checks
from grading.publics import public_example


@pytest.mark.question("play_turn")
@given(case=strategies.turn_cases())
@public_example(
    case={**publics.board(publics.SUJET_MINES, publics.grid(False, 5, 4)), "lines": ["0 0"]}
)
@public_example(
    case={
        **publics.board(publics.SUJET_MINES, publics.grid(False, 5, 4)),
        "lines": ["5 5", "x", "3 1"],
    }
)
def test_play_turn(sub, case):
    """play_turn affiche le plateau, demande un coup, ouvre la case puis inonde"""
    checks.play_turn_plays(sub, case, expected.play_turn(case))


@pytest.mark.question("play_the_game")
@given(case=strategies.game_cases())
@public_example(
    case={**publics.board(publics.SUJET_MINES, publics.grid(False, 5, 4)), "lines": ["4 3"]}
)
@public_example(
    case={
        **publics.board(publics.SUJET_MINES, publics.grid(False, 5, 4)),
        "lines": ["0 0", "0 0", "2", "3 3"],
    }
)
# 104 tours : une boucle qui s'arrête après 100 tours (ou moins) ne finit pas la partie.
@public_example(case=publics.long_game(39))
# Perdue sur la dernière case jouée, quand tout le reste est ouvert : le verdict dit
# « perdu », et seulement lui.
@public_example(case=publics.long_game(12, lost=True))
def test_play_the_game(sub, case):
    """play_the_game joue jusqu'à la fin, affiche le plateau et le verdict, renvoie 1 ou 2"""
    checks.play_the_game_plays(sub, case, expected.play_the_game(case))


@pytest.mark.question("play_the_game")
@settings(max_examples=5)
@given(case=strategies.finished_boards())
@public_example(
    case={"mines": [[True, False]], "neigh": [[0, 1]], "opened": [[False, True]], "lines": []}
)
# Déjà perdue : une boucle qui ne note la défaite qu'après un tour dirait « gagné ».
@public_example(
    case={"mines": [[True, False]], "neigh": [[0, 1]], "opened": [[True, False]], "lines": []}
)
# Perdue, même si toutes les cases sans mine sont ouvertes : un verdict qui regarde la
# victoire d'abord dirait « gagné ».
@public_example(
    case={"mines": [[True, False]], "neigh": [[0, 1]], "opened": [[True, True]], "lines": []}
)
# La même, sur une ligne de 11 cases sans mine, toutes ouvertes, comme en tirent les
# exemples de ce test : le verdict d'une défaite presque gagnée ne dit que « perdu ».
@public_example(
    case={
        **publics.board(publics.mines_from(["*..........."]), publics.grid(True, 12, 1)),
        "lines": [],
    }
)
def test_play_the_game_already_over(sub, case):
    """play_the_game sur une partie déjà finie : aucun tour, le plateau et le verdict"""
    checks.play_the_game_plays(sub, case, expected.play_the_game(case))
