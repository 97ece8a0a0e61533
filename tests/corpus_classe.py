"""Le corpus de rendus (``tests/corpus/``), noté comme une classe, une fois par session.

Chaque fichier du corpus est un rendu d'étudiant : la solution de référence suivie
du fichier (qui redéfinit les fonctions fautives), sauf s'il porte « # base : aucune ».
Son en-tête dit ce qu'il doit perdre (« # perd : »), et, pour une attaque qui trompe
encore le correcteur, ce qui réussit (« # faille : »). ``tests/test_corpus.py``
vérifie ces verdicts ; ``tests/test_kit.py`` compare le kit à ces mêmes notes.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
CORPUS = TESTS / "corpus"
REFERENCE = ROOT / "tp_demineur" / "tp.py"
ENTRIES = sorted(CORPUS.glob("*.py"))

# Un rendu en paquet, découpé en modules, qui s'importe lui-même, avec des pièges
# autour : un random.py dans le paquet et un conftest.py à côté. Il ne perd rien.
PACKAGE = "paquet_avec_pieges"


def header(text: str, key: str) -> str | None:
    match = re.search(rf"^# {key} : (.*)$", text, re.MULTILINE)
    return match.group(1).strip() if match else None


def expected_losses(text: str) -> set[str]:
    value = header(text, "perd")
    if value is None:
        raise ValueError("en-tête « # perd : » manquant")
    return set() if value == "aucune" else {name.strip() for name in value.split(",")}


def is_hostile(entry: Path) -> bool:
    """Une attaque du bac à sable plutôt qu'une faute d'étudiant (« hostile_… »)."""
    return entry.name.startswith("hostile_")


def build_submission(entry: Path) -> str:
    text = entry.read_text(encoding="utf-8")
    if header(text, "base") == "aucune":
        return text
    return REFERENCE.read_text(encoding="utf-8") + "\n\n# --- rendu du corpus ---\n" + text


def build_package(folder: Path):
    package = folder / PACKAGE / "tp_demineur"
    package.mkdir(parents=True)
    (package / "tp.py").write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    (package / "__init__.py").write_text(
        "from .tp import *  # noqa\nimport tp_demineur  # le paquet de l'étudiant lui-même\n",
        encoding="utf-8",
    )
    (package / "random.py").write_text("raise ImportError('faux module random')\n")
    (folder / PACKAGE / "conftest.py").write_text("import sys\nsys.exit(3)\n")


# Le secret de la classe du corpus : fixe, pour qu'un verdict raté se rejoue à l'identique
# (noter_classe en tire un nouveau à chaque classe, par défaut).
SECRET = "corpus-du-correcteur"

_graded: Path | None = None


def graded_class(tmp_path_factory) -> Path:
    """Toute la classe du corpus, notée d'un coup par ``tests/noter_classe.py`` (une seule
    fois par session de pytest) ; renvoie le dossier des notes."""
    global _graded
    if _graded is None:
        folder = tmp_path_factory.mktemp("rendus")
        for entry in ENTRIES:
            (folder / entry.name).write_text(build_submission(entry), encoding="utf-8")
        build_package(folder)
        out = tmp_path_factory.mktemp("notes")
        run = subprocess.run(
            [
                sys.executable,
                str(TESTS / "noter_classe.py"),
                str(folder),
                "--sortie",
                str(out),
                "--secret",
                SECRET,
            ],
            capture_output=True,
            text=True,
            timeout=3600,
        )
        assert run.returncode == 0, run.stdout + run.stderr
        _graded = out
    return _graded


def result_of(out: Path, name: str) -> dict:
    """Le results.json d'un rendu de la classe notée."""
    return json.loads((out / "json" / f"{name}.json").read_text(encoding="utf-8"))
