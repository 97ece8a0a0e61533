"""Le joueur-machine dans le jeu : l'indice « ? », la partie automatique (--auto) et les
plateaux sans hasard (--sans-hasard), joués par l'entrée standard comme par un joueur."""

from __future__ import annotations

import random
import re

import pytest
from test_game_terminal import assert_clean, play

from tp_demineur.game import PLAYING, Game
from tp_demineur.hints import hint
from tp_demineur.machine import best_move, no_guess_mines
from tp_demineur.machine import play as machine_play

pytestmark = [pytest.mark.projet, pytest.mark.lent]

HINTED = re.compile(r"Indice : ouvrez \((\d+), (\d+)\)")


@pytest.mark.parametrize("seed", range(12))
def test_a_hint_never_contradicts_the_board(seed):
    """Au fil d'une partie, chaque indice « sûr » désigne une case sans mine."""
    random.seed(seed)
    game = Game(16, 16, 40)
    game.open(8, 8)
    while game.status == PLAYING:
        text = hint(game)
        x, y = map(int, HINTED.match(text).groups())
        move = best_move(game.view(), game.nb_mines)
        assert (move.x, move.y) == (x, y) and move.reason in text
        if move.safe:
            assert not game.mines[y][x], text
        game.open(x, y)


def test_hint_through_stdin_names_a_closed_cell():
    done = play(["--niveau", "debutant", "--seed", "3"], "4 4\n?\n")
    assert_clean(done)
    x, y = map(int, HINTED.search(done.stdout).groups())
    assert 0 <= x < 9 and 0 <= y < 9
    first = play(["--niveau", "debutant", "--seed", "3"], "?\n")
    assert "premier coup" in first.stdout.lower()


@pytest.mark.parametrize("level", ["debutant", "intermediaire", "expert"])
def test_auto_plays_a_whole_game_with_a_reason_for_each_move(level):
    done = play(["--niveau", level, "--seed", "11", "--auto", "--pause", "0"])
    assert_clean(done)
    moves = re.findall(r"La machine ouvre \((\d+), (\d+)\)\. (.+)", done.stdout)
    assert moves and all(reason.strip() for _, _, reason in moves)
    assert ("La machine a gagné !" in done.stdout) != ("perdu" in done.stdout.lower())


@pytest.mark.parametrize("seed", range(5))
def test_no_guess_boards_are_won_without_a_single_guess(seed):
    """--sans-hasard : le plateau placé au premier coup se gagne sans deviner."""
    rng = random.Random(seed)

    def placer(first):
        return no_guess_mines(16, 16, 40, first, rng)

    game = Game(16, 16, 40, placer=placer)
    game.open(5, 7)
    assert game.placement_note is None
    result = machine_play(game.mines, first=(5, 7))
    assert result.won and result.guesses == 0


def test_no_guess_through_stdin_and_replay_command():
    done = play(["--niveau", "expert", "--sans-hasard", "--seed", "4", "--auto", "--pause", "0"])
    assert_clean(done)
    assert "La machine a gagné !" in done.stdout
    assert "--sans-hasard" in done.stdout.split("Pour rejouer ce plateau :")[-1]


def test_no_guess_too_dense_falls_back_honestly():
    done = play(["--width", "5", "--height", "5", "--mines", "20", "--sans-hasard"], "2 2\n")
    assert_clean(done)
    assert "Pas de plateau sans hasard" in done.stdout


def test_no_guess_is_refused_with_the_tp_rules():
    done = play(["--niveau", "debutant", "--sans-hasard", "--regles-du-tp"])
    assert_clean(done, code=2)
