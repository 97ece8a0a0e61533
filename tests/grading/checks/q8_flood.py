"""Q8 : propagate_open_cells, l'inondation.

Deux vérifications (``tests/graded/test_q8_flood.py``), sur des balayages de plateaux
écrits (``drawn``) :

- ``propagate_open_cells_floods`` : la grille opened après l'inondation, pour les classes
  d'ouverture (directions, bords, passes, sources, chiffres, cases déjà ouvertes) ; une
  inondation calculée dans une grille neuve et renvoyée y est jugée sur cette grille
  (ne pas changer opened sur place est la faute d'une autre classe) ;
- ``propagate_open_cells_in_place`` : opened changée sur place, ses lignes gardées, mines
  et neigh intactes, quoi qu'elle ouvre.
"""

from __future__ import annotations

from .. import faults
from ..boards import show_grids, size
from ..wire import same
from .common import Echec, expect_grid, expect_no_error, expect_rows_kept, expect_untouched, fail
from .drawn import grids, opened_grid

WHAT = {
    "directions": "chaque voisine d'une case vide ouverte, dans les huit directions, diagonales "
    "comprises",
    "edges": "les cases que l'inondation atteint le long des bords et jusque dans les coins, et "
    "aucune de l'autre côté du plateau",
    "passes": "toute la région d'une case vide ouverte, même quand il faut la parcourir "
    "plusieurs fois (vers le haut, vers la gauche) : on recommence tant qu'une case s'ouvre",
    "sources": "la région de chaque case vide ouverte, pas seulement celle de la première",
    "numbers": "les chiffres au bord d'une région vide, sans aller au-delà : un chiffre "
    "ouvert n'ouvre pas ses voisines",
    "open_cells": "seulement autour des cases vides : un chiffre ou une mine déjà ouverts (même "
    "une mine sans mine voisine) n'ouvrent rien, et aucune case ne se referme",
}


def _example(mines: list, neigh: list, opened: list) -> str:
    return (
        f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, neigh=neigh, opened=opened)}"
    )


def is_grid_like(value, model: list) -> bool:
    """``value`` a-t-elle la forme de la grille ``model`` (des listes de booléens) ?"""
    return (
        isinstance(value, list)
        and len(value) == len(model)
        and all(isinstance(row, list) and len(row) == len(model[0]) for row in value)
        and all(type(cell) is bool for row in value for cell in row)
    )


def flooded(outcome, opened: list) -> list:
    """Ce que l'inondation a ouvert : opened après l'appel, ou la grille renvoyée si opened
    n'a pas changé et qu'une grille de la même forme est renvoyée."""
    after = outcome.args[2]
    if same(after, opened) and is_grid_like(outcome.ret, opened):
        return outcome.ret
    return after


def propagate_open_cells_floods(sub, case: dict, expected: list[list[str]]):
    """Chaque plateau du balayage inondé comme il faut (``case["flood"]`` : la classe)."""
    what = WHAT[case["flood"]]
    for board, rows in zip(case["boards"], expected):
        mines, neigh, opened = grids(board)
        want = opened_grid(rows)
        outcome = sub.call("propagate_open_cells", mines, neigh, opened)
        if outcome.error:
            expect_no_error(outcome, "propagate_open_cells", _example(mines, neigh, opened))
        got = flooded(outcome, opened)
        if same(got, want):
            continue
        example = _example(mines, neigh, opened)
        inputs = {"mines": mines, "neigh": neigh, "opened": opened}
        played = [(x, y) for y, row in enumerate(opened) for x, cell in enumerate(row) if cell]
        try:
            expect_grid(
                "propagate_open_cells", "opened", opened, want, got, example, inputs, played
            )
        except Echec as failure:
            cause = flood_cause(mines, neigh, opened, want, got)
            raise Echec(
                f"propagate_open_cells doit ouvrir {what}.{cause}\n{failure}", failure.example
            ) from None


def flood_cause(mines: list, neigh: list, before: list, want: list, got: list) -> str:
    """La construction en cause, reconnue à ce que l'inondation a ouvert ou fermé de trop
    (« » si on ne la reconnaît pas)."""
    if not is_grid_like(got, want):
        return ""
    height, width = len(want), len(want[0])
    cells = [(x, y) for y in range(height) for x in range(width)]
    closed = [(x, y) for x, y in cells if before[y][x] and not got[y][x]]
    if closed:
        x, y = closed[0]
        return (
            f" La case ({x}, {y}), déjà ouverte, a été refermée : l'inondation ouvre des "
            "cases, elle n'en ferme aucune (ne recopiez pas dans opened une grille où seules "
            "les voisines des cases vides sont ouvertes)."
        )
    extra = [(x, y) for x, y in cells if got[y][x] and not want[y][x]]
    if extra:
        wrapped = wrapped_cells(mines, neigh, got)
        if reached_from(extra, wrapped):
            off = wrapped[next(cell for cell in extra if cell in wrapped)]
            return faults.negative_index("opened", got, *off)
        mined = [(x, y) for x, y in extra if mines[y][x]]
        x, y = (mined or extra)[0]
        what = "une mine" if mined else "une case que rien n'ouvre"
        return (
            f" La case ({x}, {y}), {what}, a été ouverte : seule une case vide (ouverte, sans "
            "mine, neigh[y][x] == 0) ouvre ses voisines ; un chiffre ou une mine ouverts "
            "n'ouvrent rien."
        )
    missing = [(x, y) for x, y in cells if want[y][x] and not got[y][x]]
    empty = {(x, y) for x, y in cells if got[y][x] and not mines[y][x] and neigh[y][x] == 0}
    diagonal = [
        (x, y)
        for x, y in missing
        if any((x + dx, y + dy) in empty for dx in (-1, 1) for dy in (-1, 1))
        and not any((x + dx, y + dy) in empty for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    ]
    if missing and len(diagonal) == len(missing):
        return (
            " Les voisines en diagonale comptent aussi : une case a huit voisines, de "
            "(x - 1, y - 1) à (x + 1, y + 1)."
        )
    return ""


def reached_from(cells: list[tuple[int, int]], starts) -> bool:
    """Chaque case de ``cells`` touche-t-elle, de proche en proche par ``cells``, l'une des
    cases ``starts`` ? (Ce qu'une inondation a ouvert en partant de là.)"""
    left = set(cells)
    todo = [cell for cell in cells if cell in starts]
    left -= set(todo)
    while todo:
        x, y = todo.pop()
        for cell in [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]:
            if cell in left:
                left.discard(cell)
                todo.append(cell)
    return bool(cells) and not left


def wrapped_cells(mines: list, neigh: list, opened: list) -> dict:
    """Les cases qu'une inondation sans vérification des bords ouvre de l'autre côté du
    plateau, par un indice négatif, depuis chaque case vide ouverte : case → la voisine
    hors du plateau qui y mène."""
    height, width = len(mines), len(mines[0])
    found = {}
    for y in range(height):
        for x in range(width):
            if not (opened[y][x] and not mines[y][x] and neigh[y][x] == 0):
                continue
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    seen = faults.python_index(x + dx, y + dy, width, height)
                    if seen is not None and max(abs(seen[0] - x), abs(seen[1] - y)) > 1:
                        found.setdefault(seen, (x + dx, y + dy))
    return found


def propagate_open_cells_in_place(sub, case: dict, expected: list[list[str]]):
    """L'inondation change opened elle-même, sur place, sans en remplacer les lignes, et ne
    touche ni à mines ni à neigh ; ce qu'elle ouvre est jugé par les autres classes."""
    for board, rows in zip(case["boards"], expected):
        mines, neigh, opened = grids(board)
        outcome = sub.call("propagate_open_cells", mines, neigh, opened)
        kept = same(outcome.args[0], mines) and same(outcome.args[1], neigh)
        changed = not same(outcome.args[2], opened) or same(opened_grid(rows), opened)
        if not outcome.error and kept and not any(outcome.rows_replaced) and changed:
            continue
        example = _example(mines, neigh, opened)
        expect_no_error(outcome, "propagate_open_cells", example)
        expect_untouched(
            outcome, "propagate_open_cells", ["mines", "neigh"], [mines, neigh], example
        )
        expect_rows_kept(outcome, "propagate_open_cells", [None, None, "opened"], example)
        if not same(outcome.args[2], opened) or same(opened_grid(rows), opened):
            continue
        if is_grid_like(outcome.ret, opened):
            fail(
                "propagate_open_cells renvoie une nouvelle grille et laisse opened telle "
                "qu'elle l'a reçue : elle doit ouvrir les cases dans opened elle-même, "
                "opened[y][x] = True, et ne rien renvoyer (l'appelant ne regarde que opened)."
                f"\n{example}",
                example=example,
            )
        fail(
            "opened n'a pas changé : propagate_open_cells doit ouvrir les cases dans la grille "
            "reçue, opened[y][x] = True (une grille neuve affectée au nom opened, dans la "
            f"fonction, ne change pas celle de l'appelant).\n{example}",
            example=example,
        )
