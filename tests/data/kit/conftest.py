"""Le kit se teste depuis n'importe lequel de ses dossiers.

``python -m pytest`` lancé sans chemin dans ``tp_demineur/``, ``tests/`` ou
``sujet/`` note le kit comme s'il était lancé à la racine du kit (le dossier de
ce fichier) ; avec un chemin (un fichier, un dossier), il fait ce qu'on lui demande.

Sur une console qui ne sait pas coder les symboles du sujet (■ ⋄ ★), les plateaux
dessinés s'écrivent en symboles simples (# . *), comme dans le jeu.
"""

import sys
from pathlib import Path

import pytest
from tests.terminal import tolerate_bad_output

from tests.options import pytest_addoption  # noqa: F401 (les options du correcteur)

KIT = Path(__file__).resolve().parent
TESTS = KIT / "tests"

tolerate_bad_output(sys.__stdout__)


def pytest_configure(config):
    source = getattr(config, "args_source", None)
    if source is not pytest.Config.ArgsSource.INVOCATION_DIR:
        return  # des chemins donnés, ou lancé à la racine du kit (testpaths)
    here = Path(config.invocation_params.dir).resolve()
    if here != KIT and KIT not in here.parents:
        raise pytest.UsageError(f"lancez python -m pytest dans le dossier du kit : cd {KIT}")
    # Lancé sans chemin dans un sous-dossier du kit : les tests du kit, comme à la racine.
    config.args[:] = [str(TESTS)]
