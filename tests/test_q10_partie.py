"""Q10 : play_turn et play_the_game, sur des parties écrites d'avance."""

import pytest
from hypothesis import given

from grading import checks, expected, strategies


@pytest.mark.question("play_turn")
@given(case=strategies.turn_cases())
def test_play_turn(sub, case):
    """play_turn affiche le plateau, demande un coup, ouvre la case puis inonde"""
    checks.play_turn_plays(sub, case, expected.play_turn(case))


@pytest.mark.question("play_the_game")
@given(case=strategies.game_cases())
def test_play_the_game(sub, case):
    """play_the_game joue jusqu'à la fin, affiche le plateau et le verdict, renvoie 1 ou 2"""
    checks.play_the_game_plays(sub, case, expected.play_the_game(case))


@pytest.mark.question("play_the_game")
def test_play_the_game_already_won(sub):
    """play_the_game sur une partie déjà gagnée : aucun tour, le plateau et « gagné »"""
    case = {
        "mines": [[True, False]],
        "neigh": [[0, 1]],
        "opened": [[False, True]],
        "lines": [],
    }
    checks.play_the_game_plays(sub, case, expected.play_the_game(case))
