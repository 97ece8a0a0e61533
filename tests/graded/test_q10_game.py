"""Q10 : play_turn et play_the_game, sur des parties écrites d'avance."""

import pytest
from hypothesis import given, settings

from grading import checks, expected, publics, strategies
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
def test_play_the_game(sub, case):
    """play_the_game joue jusqu'à la fin, affiche le plateau et le verdict, renvoie 1 ou 2"""
    checks.play_the_game_plays(sub, case, expected.play_the_game(case))


@pytest.mark.question("play_the_game")
@settings(max_examples=5)
@given(case=strategies.won_boards())
@public_example(
    case={"mines": [[True, False]], "neigh": [[0, 1]], "opened": [[False, True]], "lines": []}
)
def test_play_the_game_already_won(sub, case):
    """play_the_game sur une partie déjà gagnée : aucun tour, le plateau et « gagné »"""
    checks.play_the_game_plays(sub, case, expected.play_the_game(case))
