"""Les balayages fixes des tests notés : pour chaque classe d'entrées d'une fonction, les
plateaux (ou les parties) qui en énumèrent les membres, les mêmes à chaque notation,
quel que soit le secret. Un module par question, comme ``checks/`` ; chacun construit ses
balayages (``build``) et dit pourquoi ils sont faits ainsi.

Les construire coûte (des inondations sur des plateaux de 50×20) : une notation les lit
tout construits dans ``tests/data/sweeps/`` (``stored``), en quelques millisecondes.
``tests/project/test_class_sweeps.py`` vérifie qu'ils sont ceux que les modules
construisent ; après un changement, on les récrit depuis ``tests/`` :

    python -m grading.sweeps

Ces modules et ces fichiers restent chez l'enseignant : le kit reçoit les cas publics
déjà construits, dans ``cas_publics.json``.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

MODULES = ("q6_display", "q8_flood", "q10_game")
FOLDER = Path(__file__).resolve().parents[2] / "data" / "sweeps"


def stored(module: str) -> dict:
    """Les balayages d'un module (``q8_flood``), tels qu'ils sont écrits dans leur fichier."""
    return json.loads((FOLDER / f"{module}.json").read_text(encoding="utf-8"))


def built(module: str) -> dict:
    """Les balayages d'un module, construits de nouveau (en JSON, comme ``stored``)."""
    return json.loads(json.dumps(importlib.import_module(f"{__name__}.{module}").build()))


def text(sweeps: dict) -> str:
    """Le fichier d'un module : un balayage par ligne, lisible et stable."""
    lines = [
        f"{json.dumps(name)}: {json.dumps(case, ensure_ascii=False, separators=(',', ':'))}"
        for name, case in sweeps.items()
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def write_all() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for module in MODULES:
        (FOLDER / f"{module}.json").write_text(text(built(module)), encoding="utf-8")
