"""Q5 : is_coord_ok, nb_adjacent_mines et compute_neigh."""

from __future__ import annotations

from .. import faults
from ..boards import (
    show_grids,
    size,
)
from .common import (
    expect_exact,
    expect_grid,
    expect_no_error,
    expect_rows_kept,
    expect_untouched,
    screen,
)


def is_coord_ok_answers(sub, case: dict, expected: bool):
    x, y, width, height = case["x"], case["y"], case["width"], case["height"]
    example = f"  Exemple : is_coord_ok({x}, {y}, {width}, {height})"
    outcome = sub.call("is_coord_ok", x, y, width, height)
    expect_no_error(outcome, "is_coord_ok", example)
    expect_exact("is_coord_ok", expected, outcome.ret, example)


def is_coord_ok_everywhere(sub, case: dict, expected: list[bool]):
    """is_coord_ok sur chaque bord de chaque plateau, de 1×1 à 50×20."""

    def recheck(point, answer):
        x, y, width, height = point
        is_coord_ok_answers(sub, {"x": x, "y": y, "width": width, "height": height}, answer)

    screen(sub, "is_coord_ok", [0, 0, 0, 0], [0, 1, 2, 3], case, expected, recheck)


def nb_adjacent_mines_everywhere(sub, case: dict, expected: list[int]):
    """nb_adjacent_mines sur chaque case d'un plateau."""
    mines = case["mines"]

    def recheck(point, answer):
        x, y = point
        nb_adjacent_mines_counts(sub, {"mines": mines, "x": x, "y": y}, answer)

    screen(sub, "nb_adjacent_mines", [mines, 0, 0], [1, 2], case, expected, recheck)


def nb_adjacent_mines_counts(sub, case: dict, expected: int):
    mines, x, y = case["mines"], case["x"], case["y"]
    example = (
        f"  Exemple : nb_adjacent_mines(mines, {x}, {y}) sur un plateau {size(mines)} :\n"
        f"{show_grids(mines=mines)}"
    )
    outcome = sub.call("nb_adjacent_mines", mines, x, y)
    expect_no_error(outcome, "nb_adjacent_mines", example)
    cause = faults.wrapped_neighbours(mines, x, y, expected, outcome.ret)
    expect_exact("nb_adjacent_mines", expected, outcome.ret, example, cause)
    expect_untouched(outcome, "nb_adjacent_mines", ["mines"], [mines], example)


def compute_neigh_fills(sub, case: dict, expected: list):
    mines, neigh = case["mines"], case["neigh"]
    example = f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, neigh=neigh)}"
    outcome = sub.call("compute_neigh", mines, neigh)
    expect_no_error(outcome, "compute_neigh", example)
    expect_rows_kept(outcome, "compute_neigh", [None, "neigh"], example)
    expect_untouched(outcome, "compute_neigh", ["mines"], [mines], example)
    inputs = {"mines": mines, "neigh": neigh}
    expect_grid("compute_neigh", "neigh", neigh, expected, outcome.args[1], example, inputs)
