"""Le joueur-machine dans le jeu : l'indice « ? », la partie automatique (--auto) et les
plateaux sans hasard (--sans-hasard), joués par l'entrée standard comme par un joueur."""

from __future__ import annotations

import random
import re
import shutil

import pytest
from test_game_terminal import (
    Terminal,
    assert_clean,
    expected_mines,
    move_lines,
    play,
    safe_moves,
)

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


def test_a_mine_rule_names_every_mine_it_finds():
    """« autant de cases fermées autour de lui que de mines (2) » nomme les deux, même si une
    autre règle a noté la première au même tour (ici le 1 en (2, 7) trouve (3, 6))."""
    drawn = [
        "0 0 0 0 0 2 # # #",
        "0 0 0 0 0 2 # 5 #",
        "0 0 0 0 0 1 1 4 #",
        "0 0 0 0 0 0 0 2 #",
        "0 0 0 0 0 0 0 1 1",
        "0 0 1 1 1 0 0 0 0",
        "0 0 2 # 2 1 1 1 0",
        "1 1 2 # 2 1 # 1 0",
        "# # # # 1 # # 1 0",
    ]
    view = [[None if cell == "#" else int(cell) for cell in row.split()] for row in drawn]
    move = best_move(view, 10)
    assert move.reason.startswith(
        "Le 2 en (2, 6) a autant de cases fermées autour de lui que de mines (2) : "
        "(3, 6) et (3, 7) sont des mines."
    ), move.reason
    assert set(move.mines) == {(3, 6), (3, 7)}


MINE_COUNT = re.compile(r"que de mines \((\d+)\) : (.*?) (?:est une mine|sont des mines)")


@pytest.mark.parametrize("seed", range(6))
def test_each_mine_rule_lists_as_many_mines_as_it_counts(seed):
    random.seed(seed)
    game = Game(9, 9, 10)
    game.open(4, 4)
    while game.status == PLAYING:
        move = best_move(game.view(), game.nb_mines)
        for said in MINE_COUNT.finditer(move.reason):
            listed = re.findall(r"\(\d+, \d+\)", said[2])
            assert len(listed) == int(said[1]), move.reason
        game.open(move.x, move.y)


def test_a_game_played_with_hints_is_not_ranked(tmp_path):
    """Un indice « ? » après le premier coup : la partie gagnée n'entre pas dans les
    meilleurs temps (le même plateau, sans indice, y entre)."""
    seed, first = 5, (4, 4)
    moves, _ = safe_moves(expected_mines(9, 9, 10, seed, first), first)
    args = ["--niveau", "debutant", "--seed", seed]
    hinted = play(args, move_lines(moves[:1]) + "?\n" + move_lines(moves[1:]) + "n\n", tmp_path)
    assert_clean(hinted)
    assert "Gagné !" in hinted.stdout
    assert "Temps non classé : 1 indice demandé (« ? ») pendant la partie." in hinted.stdout
    assert "Meilleurs temps" not in hinted.stdout
    assert not (tmp_path / "tp_demineur").exists()
    # Avant le premier coup, l'indice n'apprend rien (les mines ne sont pas placées).
    early = play(args, "?\n" + move_lines(moves) + "n\n", tmp_path)
    assert_clean(early)
    assert "Temps non classé" not in early.stdout and "Meilleurs temps" in early.stdout


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux n'est pas installé")
def test_no_guess_fallback_is_wrapped_in_a_terminal(tmp_path):
    """La ligne « Pas de plateau sans hasard » est coupée entre les mots, comme un indice."""
    term = Terminal(["--width", 5, "--height", 5, "--mines", 20, "--sans-hasard"], tmp_path)
    try:
        term.wait_for("Votre coup")
        term.send("2 2")
        lines = term.wait_for("au hasard.").splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("Pas de plateau"))
        end = next(i for i in range(start, len(lines)) if lines[i].endswith("au hasard."))
        assert end > start, "la ligne tient en 80 colonnes : le test ne vérifie plus la coupure"
        assert all(len(line) < 80 for line in lines[start : end + 1])
    finally:
        term.close()
