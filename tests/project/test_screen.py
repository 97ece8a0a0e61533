"""Ce que le jeu affiche (``tp_demineur/screen.py``) : plateau gradué, couleurs, messages."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tp_demineur import tp
from tp_demineur.commands import BadLine, Kind, LineProblem
from tp_demineur.game import Game, Mark, MoveRefused, Refusal
from tp_demineur.screen import (
    EXPLODED,
    FLAG,
    GLYPHS,
    HELP_COLUMNS,
    WRONG_FLAG,
    bad_line_message,
    board_text,
    board_width,
    glyph,
    help_text,
    legend,
    refusal_message,
)

pytestmark = pytest.mark.projet

ANSI = re.compile(r"\x1b\[[0-9;]*m")
CELL_GLYPHS = set("■★⋄12345678") | {FLAG, WRONG_FLAG, EXPLODED}


def random_cells(rng: random.Random, width: int, height: int) -> list[list[int | Mark]]:
    choices: list[int | Mark] = [*range(9), *Mark]
    return [[rng.choice(choices) for _ in range(width)] for _ in range(height)]


def check_rulers(text: str, width: int, height: int, compact: bool) -> list[str]:
    """Vérifie les règles d'un plateau gradué ; renvoie le symbole de chaque case, ligne à ligne."""
    lines = text.splitlines()
    header = 2 if width > 10 else 1
    assert len(lines) == header + height, text
    units, rows = lines[header - 1], lines[header:]
    tens = lines[0].ljust(len(units)) if header == 2 else None  # lignes sans espaces finales
    margin, step = (3, 1) if compact else (4, 2)
    gap = 1 if compact else 2
    for y, row in enumerate(rows):
        assert row[:margin] == f"{y:>2}".ljust(margin), row
        assert row.endswith(" " * gap + str(y)), row
        assert len(row) == margin + step * (width - 1) + 1 + gap + len(str(y)), row
    assert max(len(line) for line in lines) <= board_width(width, height, compact)
    cells = []
    for row in rows:
        cells.append([row[margin + step * x] for x in range(width)])
        if not compact:
            assert all(row[margin + 2 * x + 1] == " " for x in range(width)), row
    for x in range(width):
        column = margin + step * x
        assert units[column] == str(x % 10), (x, units)
        if tens is not None:
            if compact:
                expected = str(x // 10) if x % 10 == 0 and x else " "
            else:
                expected = str(x // 10) if x >= 10 else " "
            assert tens[column] == expected, (x, tens)
    assert set(units[:margin]) == {" "}
    return ["".join(row) for row in cells]


@settings(max_examples=150, deadline=None, database=None)
@given(
    width=st.integers(1, tp.MAX_WIDTH),
    height=st.integers(1, tp.MAX_HEIGHT),
    seed=st.integers(0, 2**32),
    compact=st.booleans(),
)
def test_regles_toutes_tailles(width: int, height: int, seed: int, compact: bool) -> None:
    cells = random_cells(random.Random(seed), width, height)
    found = check_rulers(board_text(cells, compact=compact), width, height, compact)
    assert found == ["".join(glyph(cell) for cell in row) for row in cells]
    assert all(set(row) <= CELL_GLYPHS for row in found)


@settings(max_examples=50, deadline=None, database=None)
@given(width=st.integers(1, tp.MAX_WIDTH), height=st.integers(1, tp.MAX_HEIGHT))
def test_couleurs_sans_effet_sur_la_disposition(width: int, height: int) -> None:
    cells = random_cells(random.Random(width * 100 + height), width, height)
    for compact in (False, True):
        plain = board_text(cells, colour=False, compact=compact)
        coloured = board_text(cells, colour=True, compact=compact)
        assert "\x1b[" not in plain
        assert ANSI.sub("", coloured) == plain


def test_couleurs_des_chiffres_et_de_la_mine_qui_a_explose() -> None:
    text = board_text([[1, 2, 3, Mark.EXPLODED, Mark.FLAG, Mark.MINE, 0, Mark.CLOSED]], True)
    row = text.splitlines()[-1]
    assert "\x1b[1;34m1\x1b[0m" in row  # 1 en bleu
    assert "\x1b[32m2\x1b[0m" in row  # 2 en vert
    assert "\x1b[1;31m3\x1b[0m" in row  # 3 en rouge
    assert f"\x1b[1;97;41m{EXPLODED}\x1b[0m" in row  # sur fond rouge
    assert f"\x1b[1;33m{FLAG}\x1b[0m" in row
    assert " ■  0" in row  # une case fermée reste sans couleur


def test_largeurs() -> None:
    assert board_width(50, 20, compact=False) == 107
    assert board_width(50, 20, compact=True) == 56
    assert board_width(50, 20, compact=True) <= 80
    assert board_width(30, 16, compact=False) <= 80  # l'expert tient sans compacter
    cells = [[Mark.CLOSED] * 50 for _ in range(20)]
    for compact in (False, True):
        widest = max(map(len, board_text(cells, compact=compact).splitlines()))
        assert widest == board_width(50, 20, compact)


def test_un_plateau_1x1() -> None:
    assert board_text([[Mark.MINE]]) == "    0\n 0  ★  0"
    assert board_text([[Mark.MINE]], compact=True) == "   0\n 0 ★ 0"


def test_symboles_du_contrat_et_du_jeu() -> None:
    assert glyph(Mark.CLOSED) == tp.CLOSED
    assert glyph(Mark.MINE) == tp.MINE
    assert glyph(0) == tp.EMPTY
    assert [glyph(n) for n in range(1, 9)] == list("12345678")
    assert len(set(GLYPHS.values())) == len(Mark)  # chaque marque a son symbole


def test_legende() -> None:
    assert legend([[1, 0]]) == ""
    text = legend([[Mark.EXPLODED, Mark.MINE, Mark.FLAG, Mark.WRONG_FLAG]])
    for symbol in (EXPLODED, tp.MINE, FLAG, WRONG_FLAG):
        assert symbol in text
    assert len(text) <= 80


def test_l_aide_tient_en_80_colonnes_et_cite_chaque_commande() -> None:
    text = help_text()
    assert all(len(line) <= HELP_COLUMNS for line in text.splitlines())
    for kind in Kind:
        assert any(line.startswith(f"  {kind.value} ") for line in text.splitlines()), kind
    for symbol in (tp.CLOSED, tp.EMPTY, FLAG, tp.MINE, EXPLODED, WRONG_FLAG):
        assert symbol in text


def test_chaque_refus_a_son_message() -> None:
    random.seed(0)
    game = Game(9, 9, 10)
    messages = {
        reason: refusal_message(MoveRefused(reason, 3, 4, number=2, flags=1), game)
        for reason in Refusal
    }
    assert len(set(messages.values())) == len(Refusal)
    assert "hors du plateau" in messages[Refusal.OFF_BOARD]
    assert "x va de 0 à 8 et y de 0 à 8" in messages[Refusal.OFF_BOARD]
    assert "« d 3 4 »" in messages[Refusal.FLAGGED]
    assert "2 drapeaux" in messages[Refusal.FLAGS_MISMATCH]
    assert "(il y en a 1)" in messages[Refusal.FLAGS_MISMATCH]
    huge = refusal_message(MoveRefused(Refusal.OFF_BOARD, 10**13, 0), game)
    assert "(100000000000…, 0)" in huge


def test_chaque_ligne_refusee_a_son_message_avec_une_vraie_case() -> None:
    game = Game.from_mines([[False, False, False], [True, False, False]])
    game.open(2, 0)
    x, y = game.closed_cell_near_centre() or (-1, -1)
    assert not game.opened[y][x]
    example = f"{x} {y}"
    messages = {}
    for problem in LineProblem:
        kind = Kind.UNDO if problem is LineProblem.EXTRA_WORDS else None
        messages[problem] = bad_line_message(BadLine(problem, kind), "bon\x1bjour", game)
    assert len(set(messages.values())) == len(LineProblem)
    for problem in (LineProblem.EMPTY, LineProblem.OPEN_FORM, LineProblem.UNKNOWN):
        assert f"« {example} »" in messages[problem], messages[problem]
    assert f"« d {example} »" in messages[LineProblem.FLAG_FORM]
    assert "« u »" in messages[LineProblem.EXTRA_WORDS]
    assert "\x1b" not in messages[LineProblem.UNKNOWN]  # la ligne citée est nettoyée


def test_every_game_symbol_has_its_own_plain_stand_in():
    """Sur une console sans les symboles, chaque état d'une case reste distinct : un
    remplaçant ASCII par symbole, ni chiffre ni espace, jamais deux fois le même."""
    from tp_demineur.terminal import PLAIN_SYMBOLS, plain

    symbols = {*GLYPHS.values(), tp.EMPTY}
    stand_ins = [PLAIN_SYMBOLS[symbol] for symbol in symbols]
    assert len(set(stand_ins)) == len(symbols)
    assert all(len(s) == 1 and s.isascii() and not s.isdigit() and s.strip() for s in stand_ins)
    assert set(PLAIN_SYMBOLS) == symbols
    assert plain(help_text()).isascii()
