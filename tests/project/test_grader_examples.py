"""Les exemples des docstrings du correcteur et de grade_class sont des doctests justes."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import classroom
import grading

pytestmark = pytest.mark.projet

MODULES = [
    f"{package.__name__}.{module.name}"
    for package in (grading, classroom)
    for module in pkgutil.iter_modules(package.__path__)
]


@pytest.mark.parametrize("name", MODULES)
def test_exemples(name: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(name), report=False)
    assert failures == 0, f"{failures} exemple(s) faux dans {name} (python -m doctest pour voir)"
