"""Q9 : is_finished."""

from __future__ import annotations

from ..boards import (
    show_grids,
    size,
)
from .common import expect_exact, expect_no_error, expect_untouched, screen


def is_finished_answers(sub, case: dict, expected: int):
    mines, opened = case["mines"], case["opened"]
    example = f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, opened=opened)}"
    outcome = sub.call("is_finished", mines, opened)
    expect_no_error(outcome, "is_finished", example)
    expect_exact("is_finished", expected, outcome.ret, example)
    expect_untouched(outcome, "is_finished", ["mines", "opened"], [mines, opened], example)


def is_finished_everywhere(sub, case: dict, expected: list[int]):
    """is_finished sur une série de plateaux, ``[mines, opened]`` chacun."""

    def recheck(point, answer):
        mines, opened = point
        is_finished_answers(sub, {"mines": mines, "opened": opened}, answer)

    screen(sub, "is_finished", [None, None], [0, 1], case, expected, recheck)
