"""Q9 : is_finished."""

import pytest
from hypothesis import example, given

from grading import checks, expected, strategies


@pytest.mark.question("is_finished")
@given(case=strategies.finished_cases())
@example(case={"mines": [[True, False]], "opened": [[True, True]]})
@example(case={"mines": [[True, False]], "opened": [[False, True]]})
@example(case={"mines": [[True, True]], "opened": [[False, False]]})
def test_is_finished(sub, case):
    """is_finished renvoie 2 (perdu, vérifié d'abord), 1 (gagné) ou 0"""
    checks.is_finished_answers(sub, case, expected.is_finished(case))
