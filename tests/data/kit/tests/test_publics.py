"""Les cas publics du correcteur, lus dans ``cas_publics.json``.

Chaque test du kit est un test du correcteur de l'enseignant, avec son nom et ses
points, lancé sur quelques cas fixes : il appelle une de vos fonctions sur un
plateau donné et compare ce qu'elle fait au résultat attendu, déjà calculé. Il
rate dès qu'un de ses cas rate. Le correcteur de l'enseignant fait les mêmes
vérifications sur bien plus de cas, tirés au hasard.
"""

import importlib
import json
from pathlib import Path

import pytest

TESTS = json.loads(Path(__file__).with_name("cas_publics.json").read_text(encoding="utf-8"))


def parameters() -> list:
    return [
        pytest.param(
            entry,
            marks=pytest.mark.question(entry["function"], ligne=entry["ligne"], nom=entry["name"]),
            id=entry["id"],
        )
        for entry in TESTS
    ]


def check_function(check: str):
    """La vérification ``module.nom`` du correcteur (``grading/checks/module.py``)."""
    module, _, name = check.partition(".")
    return getattr(importlib.import_module(f"grading.checks.{module}"), name)


@pytest.mark.parametrize("entry", parameters())
def test_cas_publics(sub, entry):
    """Les cas publics d'un test du correcteur, dans l'ordre : le premier raté arrête le test."""
    for case in entry["cases"]:
        check_function(case["check"])(sub, case["case"], case["expected"])
