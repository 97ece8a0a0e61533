"""Q9 : is_finished."""

import pytest
from hypothesis import given

from grading import checks, expected, strategies
from grading.publics import public_example


@pytest.mark.question("is_finished")
@given(case=strategies.finished_cases())
@public_example(case={"mines": [[True, False]], "opened": [[True, True]]})
@public_example(case={"mines": [[True, False]], "opened": [[False, True]]})
@public_example(case={"mines": [[True, True]], "opened": [[False, False]]})
def test_is_finished(sub, case):
    """is_finished renvoie 2 (perdu, vérifié d'abord), 1 (gagné) ou 0"""
    checks.is_finished_answers(sub, case, expected.is_finished(case))
