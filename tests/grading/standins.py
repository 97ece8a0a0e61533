"""Les remplaçants du kit : chaque fonction notée seule, sans la solution.

Chez l'enseignant, une fonction de l'étudiant qui appelle une autre fonction du
contrat reçoit la réponse de la solution de référence (``relay.py``) : une erreur
ne coûte des points qu'une fois, là où elle est. Le kit n'a pas la référence ; il
a des remplaçants, qui ne connaissent que les réponses des appels que ses cas
publics demandent (``tests/remplacants.json``, écrit par le générateur du kit en
faisant jouer la référence sur ces cas). Un appel qu'ils ne connaissent pas fait
rater le cas, avec un message qui le dit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .contract import FUNCTIONS, GRIDS, PARAMETERS, filled_positions

# Le nom du fichier des réponses connues, dans le dossier tests/ du kit.
STANDINS_FILE = "remplacants.json"


class UnknownCall(LookupError):
    """Un appel que les cas publics ne prévoient pas ; le message est en français."""


def compact(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def call_key(name: str, args: list, remaining: list[str]) -> tuple[str, str]:
    """L'appel ``name(*args)``, en deux textes : ses grilles, puis le reste (et l'entrée)."""
    function = FUNCTIONS[name]
    grids, others = [], []
    for param, value in zip(function.params, args):
        if function.overwrites and param in function.fills:
            grids.append([len(value), len(value[0])])
        elif param in GRIDS:
            cast = GRIDS[param]
            grids.append([[cast(cell) for cell in row] for row in value])
        else:
            others.append(value)
    if function.reads_input:
        others.append(list(remaining))
    return compact(grids), compact(others)


def remaining_lines(stdin) -> list[str]:
    """Les lignes que l'entrée (un ``relay.LineFeeder``) n'a pas encore données."""
    lines, position = getattr(stdin, "lines", None), getattr(stdin, "position", None)
    return lines[position:] if isinstance(lines, list) and isinstance(position, int) else []


def describe(name: str, args: list) -> str:
    shown = ", ".join(
        f"{param}={value!r}" if param not in GRIDS else f"{param} ({len(value[0])}×{len(value)})"
        for param, value in zip(PARAMETERS[name], args)
    )
    return f"{name}({shown})"


class StandIns:
    """Les fonctions du contrat, par leurs réponses connues (à la place de la référence)."""

    def __init__(self, table: dict, reached: dict[str, list[str]]):
        self.table = table
        # relay.reached_by : les fonctions que chacune appelle dans la référence.
        self.reached = {name: set(callees) for name, callees in reached.items()}

    def __getattr__(self, name: str):
        if name not in PARAMETERS:
            raise AttributeError(name)

        def stand_in(*args):
            return self.answer(name, list(args))

        stand_in.__name__ = name
        return stand_in

    def answer(self, name: str, args: list):
        stdin = sys.stdin
        try:
            grids, others = call_key(name, args, remaining_lines(stdin))
        except (TypeError, ValueError, IndexError):
            grids, others = "", ""
        found = self.table.get(name, {}).get(grids, {}).get(others)
        if found is None:
            raise UnknownCall(
                f"{describe(name, args)} : un appel que les cas publics du kit ne prévoient "
                "pas (le kit ne connaît que leurs réponses ; le correcteur de l'enseignant, "
                "lui, répond à tout appel permis par le sujet)"
            )
        for index, after in found["after"].items():
            grid = args[int(index)]
            for y, row in enumerate(after):
                for x, cell in enumerate(row):
                    grid[y][x] = cell
        sys.stdout.write(found["out"])
        if found["read"]:
            stdin.position += found["read"]
        if found["eof"]:
            raise EOFError
        return tuple(found["ret"]) if found["tuple"] else found["ret"]


def answer_of(name: str, args_after: list, ret, out: str, read: int, eof: bool) -> dict:
    """Ce que le remplaçant rend pour un appel (le générateur du kit l'écrit ainsi)."""
    return {
        "ret": list(ret) if isinstance(ret, tuple) else ret,
        "tuple": isinstance(ret, tuple),
        "after": {str(i): args_after[i] for i in sorted(filled_positions(name))},
        "out": out,
        "read": read,
        "eof": eof,
    }


def load(path: Path) -> StandIns:
    data = json.loads(path.read_text(encoding="utf-8"))
    return StandIns(data["table"], data["reached"])
