"""Les exemples tirés du secret (``strategies.DRAWN_EXAMPLES`` par test noté) : l'exemple le
plus simple, que hypothesis essaie toujours d'abord et qui est le même pour tous les
secrets, est passé (``strategies.simplest_example``, appelé par ``conftest.replayed_alone``)."""

from __future__ import annotations

import functools
import importlib
from pathlib import Path

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


def test_l_empreinte_d_un_test_enveloppe_est_celle_du_test(monkeypatch):
    """Le lanceur pré-chargé calcule d'avance l'empreinte hypothesis de chaque test noté
    (grading/digests.py), que chaque notation enveloppe ensuite (conftest.replayed_alone) :
    l'enveloppe doit avoir l'empreinte du test, sans quoi ses exemples changeraient."""
    from hypothesis.internal.reflection import function_digest

    graded = Path(__file__).resolve().parents[1] / "graded"
    monkeypatch.syspath_prepend(str(graded))  # comme pytest, qui y importe chaque module
    inner_tests = []
    for path in sorted(graded.glob("test_*.py")):
        module = importlib.import_module(path.stem)
        for value in vars(module).values():
            inner = getattr(getattr(value, "hypothesis", None), "inner_test", None)
            if inner is not None:
                inner_tests.append(inner)
    assert inner_tests
    for inner in inner_tests:
        assert function_digest(wrapped(inner)) == function_digest(inner), inner.__name__


def wrapped(test):
    """Une enveloppe comme celle de conftest.replayed_alone."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        return test(*args, **kwargs)

    return run
