"""Q7 : is_move_ok et ask_move (les lignes valides, refusées, la fin de l'entrée)."""

from __future__ import annotations

from .. import faults
from ..boards import (
    short,
    show_grids,
    size,
    typed,
)
from ..calls import Outcome
from ..wire import same
from .common import (
    NotWritten,
    expect_exact,
    expect_messages,
    expect_no_error,
    expect_untouched,
    explain_error,
    fail,
    lines_example,
    raised_in,
    screen,
)


def is_move_ok_answers(sub, case: dict, expected: bool):
    opened, x, y = case["opened"], case["x"], case["y"]
    example = (
        f"  Exemple : is_move_ok(opened, {x}, {y}) sur un plateau {size(opened)} :\n"
        f"{show_grids(opened=opened)}"
    )
    outcome = sub.call("is_move_ok", opened, x, y)
    expect_no_error(outcome, "is_move_ok", example)
    cause = faults.negative_index("opened", opened, x, y) if outcome.ret is True else ""
    expect_exact("is_move_ok", expected, outcome.ret, example, cause)
    expect_untouched(outcome, "is_move_ok", ["opened"], [opened], example)


def _ask(sub, case: dict) -> tuple[Outcome, str]:
    opened, lines = case["opened"], case["lines"]
    example = f"  Exemple : plateau {size(opened)}\n{show_grids(opened=opened)}\n" + lines_example(
        lines
    )
    outcome = sub.call("ask_move", opened, stdin=lines)
    return outcome, example


def ask_move_returns_tuple(sub, case: dict, expected: dict):
    """Une ligne valide : ask_move renvoie le tuple (x, y) d'entiers."""
    outcome, example = _ask(sub, case)
    expect_no_error(outcome, "ask_move", example)
    expect_exact("ask_move", tuple(expected["move"]), outcome.ret, example)


def ask_move_rejects_bad_lines(sub, case: dict, expected: dict):
    """Des lignes incorrectes puis une valide : un message pour chacune, puis le bon coup."""
    outcome, example = _ask(sub, case)
    expect_no_error(outcome, "ask_move", example)
    expect_no_bad_line_accepted(outcome, case["lines"], expected["consumed"], example)
    got = outcome.ret
    if isinstance(got, (tuple, list)):
        got = list(got)
    if not same(expected["move"], got):
        move = got if isinstance(got, list) and len(got) == 2 else None
        cause = faults.negative_index("opened", case["opened"], *move) if move else ""
        fail(
            f"ask_move doit renvoyer le premier coup valide, {tuple(expected['move'])}, "
            f"elle a renvoyé {short(outcome.ret)}.{cause}\n{example}",
            example=example,
        )
    if outcome.consumed != expected["consumed"]:
        fail(
            f"ask_move doit s'arrêter à la première ligne valide (la ligne "
            f"{expected['consumed']}), elle a lu {outcome.consumed} ligne(s).\n{example}",
            example=example,
        )
    lines = case["lines"]
    expect_messages(outcome, "ask_move", lines, list(range(expected["consumed"] - 1)), example)
    expect_untouched(outcome, "ask_move", ["opened"], [case["opened"]], example)


def expect_no_bad_line_accepted(outcome: Outcome, lines: list[str], valid: int, example: str):
    """ask_move n'a renvoyé un coup qu'après la ligne numéro ``valid`` (la première ligne
    valide, comptée à partir de 1 ; au-delà des lignes : aucune ne l'est), ou après avoir
    trouvé la fin de l'entrée (un autre manquement, dit ailleurs)."""
    accepted = outcome.error is None and not outcome.read_at_eof
    if accepted and 0 < outcome.consumed < valid:
        line = lines[outcome.consumed - 1]
        fail(
            f"ask_move a accepté la ligne {typed(line)} (elle a renvoyé {short(outcome.ret)}), qui "
            "n'est pas un coup valide : il faut deux entiers séparés par des blancs, une case "
            "du plateau encore fermée. Pour toute autre ligne, un message, puis la question "
            f"reposée.\n{example}",
            example=example,
        )


def ask_move_end_of_input(sub, case: dict, expected=None):
    """Quand l'entrée se termine, EOFError remonte à l'appelant."""
    outcome, example = _ask(sub, case)
    expect_no_bad_line_accepted(outcome, case["lines"], len(case["lines"]) + 1, example)
    if outcome.error is None:
        fail(
            "à la fin de l'entrée, ask_move doit laisser remonter EOFError ; elle a renvoyé "
            f"{short(outcome.ret)}.\n{example}",
            example=example,
        )
    if outcome.error["type"] != "EOFError":
        message = (
            "à la fin de l'entrée, ask_move doit laisser remonter EOFError, pas "
            f"{explain_error(outcome.error, 'ask_move', outcome)}\n{example}"
        )
        if outcome.error["type"] == "NotImplementedError":
            raise NotWritten(message, example, raised_in(outcome, "ask_move"))
        fail(message, example=example)
    expect_messages(outcome, "ask_move", case["lines"], list(range(len(case["lines"]))), example)


def is_move_ok_everywhere(sub, case: dict, expected: list[bool]):
    """is_move_ok sur chaque case d'un plateau et tout autour."""
    opened = case["opened"]

    def recheck(point, answer):
        x, y = point
        is_move_ok_answers(sub, {"opened": opened, "x": x, "y": y}, answer)

    screen(sub, "is_move_ok", [opened, 0, 0], [1, 2], case, expected, recheck)
