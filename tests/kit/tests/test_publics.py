"""Les cas publics du correcteur, lus dans ``cas_publics.json``.

Chaque cas appelle une de vos fonctions sur un plateau donné et compare ce
qu'elle fait au résultat attendu, déjà calculé. Le correcteur de l'enseignant
fait les mêmes vérifications sur bien plus de cas, tirés au hasard.
"""

import json
from pathlib import Path

import pytest

from grading import checks

CASES = json.loads(Path(__file__).with_name("cas_publics.json").read_text(encoding="utf-8"))


def parameters() -> list:
    return [
        pytest.param(
            entry,
            marks=pytest.mark.question(entry["function"], poids=entry["poids"], nom=entry["name"]),
            id=entry["id"],
        )
        for entry in CASES
    ]


@pytest.mark.parametrize("entry", parameters())
def test_cas_public(sub, entry):
    """Un cas public : la vérification du correcteur, sur un cas fixe."""
    getattr(checks, entry["check"])(sub, entry["case"], entry["expected"])
