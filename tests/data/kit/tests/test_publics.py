"""Les cas publics du correcteur, lus dans ``cas_publics.json``.

Chaque test du kit est un test du correcteur de l'enseignant, avec son nom et ses
points, lancé sur quelques cas fixes : il appelle une de vos fonctions sur un
plateau donné et compare ce qu'elle fait au résultat attendu, déjà calculé. Il
rate dès qu'un de ses cas rate. Le correcteur de l'enseignant fait les mêmes
vérifications sur bien plus de cas, tirés au hasard.
"""

import json
from pathlib import Path

import pytest

from grading import checks

TESTS = json.loads(Path(__file__).with_name("cas_publics.json").read_text(encoding="utf-8"))


def parameters() -> list:
    return [
        pytest.param(
            entry,
            marks=pytest.mark.question(entry["function"], poids=entry["poids"], nom=entry["name"]),
            id=entry["id"],
        )
        for entry in TESTS
    ]


@pytest.mark.parametrize("entry", parameters())
def test_cas_publics(sub, entry):
    """Les cas publics d'un test du correcteur, dans l'ordre : le premier raté arrête le test."""
    for case in entry["cases"]:
        getattr(checks, case["check"])(sub, case["case"], case["expected"])
