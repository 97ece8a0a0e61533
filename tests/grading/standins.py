"""Les remplaçants du kit : chaque fonction notée seule, sans la solution.

Chez l'enseignant, une fonction de l'étudiant qui appelle une autre fonction du
contrat reçoit la réponse de la solution de référence (``relay.py``) : une erreur
ne coûte des points qu'une fois, là où elle est. Le kit n'a pas la référence ; il
a des remplaçants, qui ne connaissent que les réponses des appels que ses cas
publics demandent (``tests/remplacants.json``, écrit par le générateur du kit en
faisant jouer la référence sur ces cas, et à côté d'eux : voir ``classroom/kit.py``, ``Recorder``).
Un appel qu'ils ne connaissent pas fait rater le cas, avec un message qui dit en quoi
il s'écarte de l'appel le plus proche que fait le sujet.
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

    def __init__(self, table: dict, reached: dict[str, list[str]], aside: dict | None = None):
        self.table = table
        # Les appels d'à côté du sujet, qu'un rendu fautif fait (``Recorder.beside`` de
        # classroom/kit.py) : connus, mais jamais pris pour celui que fait le sujet.
        self.aside = aside or {}
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
            found = self.aside.get(name, {}).get(grids, {}).get(others)
        if found is None:
            raise UnknownCall(unknown_call(name, args, self.table.get(name, {}), grids, others))
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


SHOWN_DIFFERENCES = 4  # au-delà, « … »


def unknown_call(name: str, args: list, known: dict, grids: str, others: str) -> str:
    """Le message d'un appel que le kit ne connaît pas : en quoi ses arguments s'écartent de
    ceux de l'appel connu le plus proche (celui que fait le sujet, dans ce cas public)."""
    head = f"{describe(name, args)} : le kit ne connaît pas cet appel"
    closest = closest_call(name, known, grids, others)
    if closest is None:
        return (
            f"{head} : aucun cas public n'appelle {name} avec des grilles de cette forme "
            "(le correcteur de l'enseignant, lui, répond à tout appel permis par le sujet)"
        )
    cells, their_others = closest
    if cells:
        shown = ", ".join(
            f"{param} : ({x}, {y}) vaut {got!r} au lieu de {wanted!r}"
            for param, x, y, got, wanted in cells[:SHOWN_DIFFERENCES]
        )
        more = " …" if len(cells) > SHOWN_DIFFERENCES else ""
        count = "1 case différente" if len(cells) == 1 else f"{len(cells)} cases différentes"
        return (
            f"{head}. Là où le code suit le sujet, {name} reçoit ici d'autres grilles ; "
            f"votre code lui a passé {count} : {shown}{more}"
        )
    return (
        f"{head}. Là où le code suit le sujet, {name} reçoit ici les mêmes grilles, mais "
        f"pas les mêmes autres valeurs ou la même entrée restante : {their_others} au lieu "
        f"de {others}"
    )


def closest_call(name: str, known: dict, grids: str, others: str) -> tuple[list, str] | None:
    """Parmi les appels connus de ``name``, celui dont les grilles ont la même forme et le
    moins de cases différentes : (différences (grille, x, y, reçu, attendu), autres valeurs),
    ou None."""
    params = [p for p in PARAMETERS[name] if p in GRIDS]
    try:
        mine = json.loads(grids)
    except ValueError:
        return None
    best: tuple[tuple[int, bool], list, str] | None = None
    for their_grids, by_others in known.items():
        cells = grid_differences(params, mine, json.loads(their_grids))
        if cells is None:
            continue
        for their_others in by_others:
            score = (len(cells), their_others != others)
            if (cells or their_others != others) and (best is None or score < best[0]):
                best = (score, cells, their_others)
    return None if best is None else (best[1], best[2])


def grid_differences(params: list[str], mine: list, theirs: list) -> list | None:
    """Les cases où ``mine`` et ``theirs`` (des grilles, dans l'ordre de ``params``) diffèrent ;
    None si elles n'ont pas la même forme."""
    if len(mine) != len(theirs):
        return None
    cells = []
    for param, got, wanted in zip(params, mine, theirs):
        if not (isinstance(got, list) and isinstance(wanted, list)) or len(got) != len(wanted):
            return None
        for y, (row, want_row) in enumerate(zip(got, wanted)):
            if not isinstance(row, list) or not isinstance(want_row, list):
                if row != want_row:  # une grille remplie en entier : sa seule taille compte
                    return None
                continue
            if len(row) != len(want_row):
                return None
            cells += [(param, x, y, a, b) for x, (a, b) in enumerate(zip(row, want_row)) if a != b]
    return cells


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
    return StandIns(data["table"], data["reached"], data.get("aside"))
