"""Le kit se teste depuis n'importe lequel de ses dossiers.

``python -m pytest`` lancé sans chemin dans ``tp_demineur/``, ``tests/`` ou
``sujet/`` note le kit comme s'il était lancé à la racine du kit (le dossier de
ce fichier) ; avec un chemin (un fichier, un dossier), il fait ce qu'on lui demande.

Sur une console qui ne sait pas coder les symboles du sujet (■ ⋄ ★), les plateaux
dessinés s'écrivent en symboles simples (# . *), comme dans le jeu.
"""

import runpy
import sys
from pathlib import Path

KIT = Path(__file__).resolve().parent
TESTS = KIT / "tests"

# D'abord : sur un Python trop ancien, un message en français et rien d'autre.
runpy.run_path(str(KIT / "tp_demineur" / "python_version.py"))["require_python"]()

import pytest  # noqa: E402
from tests.terminal import tolerate_bad_output  # noqa: E402

from tests.options import pytest_addoption  # noqa: E402, F401 (les options du correcteur)

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
