"""Q3 : main, ce qu'elle demande et la partie qu'elle lance."""

from __future__ import annotations

from ..boards import (
    short,
)
from ..wire import same
from .common import expect_messages, expect_no_error, fail, folded, lines_example


def main_asks_and_plays(sub, case: dict, expected: dict):
    """main demande les tailles (en redemandant si besoin), crée les grilles et joue."""
    lines = case["lines"]
    width, height, nb_mines = expected["width"], expected["height"], expected["nb_mines"]
    example = lines_example(lines) + f"\n  (soit un plateau {width}×{height} et {nb_mines} mine(s))"
    outcome = sub.call("main", stdin=lines, seed=case["seed"], seconds=10)
    started = any(c.name == "play_the_game" for c in outcome.relayed)
    if not started:
        expect_no_error(outcome, "main", example)
    expect_messages(outcome, "main", lines, expected["bad"], example)
    if sub.reference is None:
        expect_no_error(outcome, "main", example)
        if "gagn" not in folded(outcome.stdout) and "perdu" not in folded(outcome.stdout):
            fail(
                "main doit lancer la partie (play_the_game) jusqu'au bout.\n" + example,
                example=example,
            )
        return
    calls = {c.name: c for c in outcome.relayed}
    for name in ("initialise_mines", "initialise_open", "compute_neigh", "play_the_game"):
        if name not in calls:
            fail(f"main doit appeler {name}, elle ne l'a pas fait.\n{example}", example=example)
    order = [c.name for c in outcome.relayed]
    if not (
        order.index("initialise_mines")
        < order.index("compute_neigh")
        < order.index("play_the_game")
        and order.index("initialise_open") < order.index("play_the_game")
    ):
        fail(
            "main doit appeler initialise_mines avant compute_neigh, et les trois "
            f"initialisations avant play_the_game ; ordre obtenu : {', '.join(order)}.\n{example}",
            example=example,
        )
    placing = calls["initialise_mines"]
    if not same(placing.args[1], nb_mines):
        fail(
            f"main doit appeler initialise_mines(mines, {nb_mines}) ; elle a passé "
            f"{short(placing.args[1])} comme nombre de mines.\n{example}",
            example=example,
        )
    game = calls["play_the_game"]
    grids = dict(zip(["mines", "neigh", "opened"], game.identities))
    for name, grid in zip(grids, game.args):
        if not (
            isinstance(grid, list)
            and len(grid) == height
            and all(isinstance(row, list) and len(row) == width for row in grid)
        ):
            fail(
                f"la grille {name} doit avoir {height} ligne(s) de {width} case(s) "
                f"(hauteur {height}, largeur {width}) ; main a créé : {short(grid)}.\n{example}",
                example=example,
            )
    rows = [row for _, row_ids in grids.values() for row in row_ids]
    if len(set(rows)) != len(rows):
        fail(
            "main a créé des grilles dont plusieurs lignes sont une seule et même liste "
            "(par exemple [[False] * largeur] * hauteur) : ouvrir une case l'ouvrirait dans "
            "toutes ces lignes. Créez une liste neuve par ligne.\n" + example,
            example=example,
        )
    same_grid = {
        "mines": [placing.identities[0], calls["compute_neigh"].identities[0]],
        "neigh": [calls["compute_neigh"].identities[1]],
        "opened": [calls["initialise_open"].identities[0]],
    }
    for name, passed in same_grid.items():
        if any(grid_id != grids[name][0] for grid_id, _ in passed):
            fail(
                f"main doit initialiser la grille {name} puis la passer à play_the_game ; "
                "ce n'est pas la même liste.\n" + example,
                example=example,
            )
    expect_no_error(outcome, "main", example)
