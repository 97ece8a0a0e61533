"""Q8 : propagate_open_cells, l'inondation."""

from __future__ import annotations

from ..boards import (
    show_grids,
    size,
)
from .common import expect_grid, expect_no_error, expect_rows_kept, expect_untouched


def propagate_open_cells_floods(sub, case: dict, expected: list):
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    example = (
        f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, neigh=neigh, opened=opened)}"
    )
    outcome = sub.call("propagate_open_cells", mines, neigh, opened)
    expect_no_error(outcome, "propagate_open_cells", example)
    expect_rows_kept(outcome, "propagate_open_cells", [None, None, "opened"], example)
    expect_untouched(outcome, "propagate_open_cells", ["mines", "neigh"], [mines, neigh], example)
    inputs = {"mines": mines, "neigh": neigh, "opened": opened}
    played = [(x, y) for y, row in enumerate(opened) for x, cell in enumerate(row) if cell]
    expect_grid(
        "propagate_open_cells",
        "opened",
        opened,
        expected,
        outcome.args[2],
        example,
        inputs,
        played,
    )
