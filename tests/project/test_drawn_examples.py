"""Les exemples tirés du secret (``strategies.DRAWN_EXAMPLES`` par test noté) : l'exemple le
plus simple, que hypothesis essaie toujours d'abord et qui est le même pour tous les
secrets, est passé (``strategies.simplest_example``, appelé par ``conftest.replayed_alone``)."""

from __future__ import annotations

import pytest
from hypothesis import Phase, given, reject, seed, settings
from hypothesis import strategies as st

from grading import strategies

pytestmark = pytest.mark.projet


def examples_run(secret_seed: int, skip_simplest: bool) -> list[int]:
    """Les exemples qu'un test tiré comme un test noté exécute jusqu'au bout."""
    run = []

    @seed(secret_seed)
    @settings(
        max_examples=strategies.DRAWN_EXAMPLES,
        phases=[Phase.explicit, Phase.generate],
        derandomize=False,
        database=None,
    )
    @given(value=st.integers(0, 10**9))
    def test(value):
        if skip_simplest and strategies.simplest_example():
            reject()
        run.append(value)

    test()
    return run


def test_hypothesis_essaie_d_abord_l_exemple_le_plus_simple():
    # Sans rien passer, l'unique exemple est le plus simple, le même pour tous les secrets :
    # c'est ce que le passage évite.
    assert examples_run(1, skip_simplest=False) == examples_run(2, skip_simplest=False) == [0]


def test_les_exemples_executes_sont_tires_du_secret():
    first, second = examples_run(1, skip_simplest=True), examples_run(2, skip_simplest=True)
    assert len(first) == len(second) == strategies.DRAWN_EXAMPLES
    assert 0 not in first + second
    assert first != second


def test_hors_d_un_exemple_rien_n_est_passe():
    assert strategies.simplest_example() is False
