"""La lecture d'une ligne tapée au jeu (``tp_demineur/commands.py``)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tp_demineur.commands import (
    COMMANDS,
    MAX_DIGITS,
    BadLine,
    Command,
    Kind,
    LineProblem,
    number_text,
    parse,
    to_int,
)

pytestmark = pytest.mark.projet


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("3 2", Command(Kind.OPEN, 3, 2)),
        ("  3\t 2  ", Command(Kind.OPEN, 3, 2)),
        ("+3 02", Command(Kind.OPEN, 3, 2)),
        ("3,2", Command(Kind.OPEN, 3, 2)),
        ("3, 2", Command(Kind.OPEN, 3, 2)),
        ("-1 4", Command(Kind.OPEN, -1, 4)),
        ("d 0 10", Command(Kind.FLAG, 0, 10)),
        ("D 0 10", Command(Kind.FLAG, 0, 10)),
        ("d 1,2", Command(Kind.FLAG, 1, 2)),
        ("u", Command(Kind.UNDO)),
        (" U ", Command(Kind.UNDO)),
        ("q", Command(Kind.QUIT)),
        ("Q", Command(Kind.QUIT)),
        ("?", Command(Kind.HINT)),
        ("aide", Command(Kind.HELP)),
        ("AIDE", Command(Kind.HELP)),
    ],
)
def test_commandes_comprises(line: str, command: Command) -> None:
    assert parse(line) == command


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("", LineProblem.EMPTY),
        ("   \t ", LineProblem.EMPTY),
        ("7", LineProblem.OPEN_FORM),
        ("1 2 3", LineProblem.OPEN_FORM),
        ("1.5", LineProblem.OPEN_FORM),
        ("1.5 2", LineProblem.NOT_INTEGERS),
        ("2 1.5", LineProblem.NOT_INTEGERS),
        ("1 deux", LineProblem.NOT_INTEGERS),
        ("1e3 2", LineProblem.NOT_INTEGERS),
        ("d", LineProblem.FLAG_FORM),
        ("d 3", LineProblem.FLAG_FORM),
        ("d 3 4 5", LineProblem.FLAG_FORM),
        ("d a b", LineProblem.FLAG_FORM),
        ("u 3", LineProblem.EXTRA_WORDS),
        ("q maintenant", LineProblem.EXTRA_WORDS),
        ("aide moi", LineProblem.EXTRA_WORDS),
        ("? 3 2", LineProblem.EXTRA_WORDS),
        ("bonjour", LineProblem.UNKNOWN),
        ("x y", LineProblem.UNKNOWN),
        ("aidez-moi", LineProblem.UNKNOWN),
        ("٣ ١", LineProblem.UNKNOWN),  # des chiffres, mais pas ASCII
        ("１ ２", LineProblem.UNKNOWN),
        ("\x00", LineProblem.UNKNOWN),
        ("0x1 2", LineProblem.UNKNOWN),
    ],
)
def test_lignes_refusees(line: str, problem: LineProblem) -> None:
    bad = parse(line)
    assert isinstance(bad, BadLine)
    assert bad.problem is problem


def test_chaque_commande_a_son_aide() -> None:
    assert {command.kind for command in COMMANDS} == set(Kind)
    for command in COMMANDS:
        for word in command.words:
            assert parse(word) == Command(command.kind) or command.kind is Kind.FLAG


def test_tres_grands_nombres() -> None:
    huge = "9" * 5000
    command = parse(f"{huge} 0")
    assert isinstance(command, Command)
    assert command.x is not None and command.x > 10**MAX_DIGITS
    assert number_text(command.x) == "9" * MAX_DIGITS + "…"
    assert to_int("-" + huge) < 0
    assert number_text(to_int("-" + huge)) == "-" + "9" * MAX_DIGITS + "…"


@settings(max_examples=500, deadline=None, database=None)
@given(st.text(max_size=60))
def test_jamais_d_exception(line: str) -> None:
    result = parse(line)
    assert isinstance(result, (Command, BadLine))
    if isinstance(result, Command) and result.kind in (Kind.OPEN, Kind.FLAG):
        assert isinstance(result.x, int) and isinstance(result.y, int)


@settings(max_examples=200, deadline=None, database=None)
@given(x=st.integers(-(10**12), 10**12), y=st.integers(-(10**12), 10**12))
def test_deux_entiers_quelconques(x: int, y: int) -> None:
    assert parse(f"{x} {y}") == Command(Kind.OPEN, x, y)
    assert parse(f"d {x} {y}") == Command(Kind.FLAG, x, y)
