"""Q6 : display_board."""

import pytest
from hypothesis import given, settings

from grading import checks, expected, publics, strategies
from grading.publics import public_example
from grading.strategies import NO_SHRINK

SMALL = {
    "mines": [[True, False, False], [False, False, False]],
    "neigh": [[0, 1, 0], [1, 1, 0]],
    "opened": [[True, True, True], [False, True, True]],
}


@pytest.mark.question("display_board", poids=3)
@given(case=strategies.boards())
@public_example(case=SMALL)
def test_display_board(sub, case):
    """display_board affiche une ligne par ligne du plateau, avec ■ ★ ⋄ et les chiffres"""
    checks.display_board_prints(sub, case, expected.display_board(case))


@pytest.mark.question("display_board")
@settings(max_examples=10, phases=NO_SHRINK)
@given(case=strategies.large_sizes().flatmap(strategies.boards))
@public_example(case=publics.sample_board(50, 20, 602))
def test_display_board_largest(sub, case):
    """display_board sur de grands plateaux (jusqu'à 50×20)"""
    checks.display_board_prints(sub, case, expected.display_board(case))
