"""Les exemples des docstrings du correcteur et de grade_class sont des doctests justes."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import classroom
import grading

pytestmark = pytest.mark.projet

ROOT = Path(__file__).resolve().parents[2]

MODULES = [
    f"{package.__name__}.{module.name}"
    for package in (grading, classroom)
    for module in pkgutil.iter_modules(package.__path__)
]


@pytest.mark.parametrize("name", MODULES)
def test_exemples(name: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(name), report=False)
    assert failures == 0, f"{failures} exemple(s) faux dans {name} (python -m doctest pour voir)"


def test_une_notation_parle_francais_de_bout_en_bout(tmp_path) -> None:
    """``python -m pytest tests --submission`` : ni l'en-tête, ni les titres, ni le bilan de
    pytest en anglais ; chaque test raté titré par ce qu'il vérifie, en français."""
    reference = (ROOT / "tp_demineur" / "tp.py").read_text(encoding="utf-8")
    submission = tmp_path / "rendu.py"
    submission.write_text(
        reference + "\n\ndef is_finished(mines, opened):\n    return 0\n", encoding="utf-8"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests",
            "--submission",
            str(submission),
            "-k",
            "finished",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    for english in ("test session starts", "FAILURES", "passed", "failed", "platform ", "rootdir"):
        assert english not in output, f"« {english} » dans la sortie :\n{output}"
    assert " tests ratés " in output, output
    assert re.search(r"_ is_finished .* _", output), output
    assert re.search(r"= \d+ réussi\(s\), \d+ raté\(s\) en \d+,\d s =", output), output
