"""Le déroulement d'une partie au clavier : lire une ligne, jouer, afficher.

Une commande par ligne, lue avec ``input()`` : le jeu marche aussi bien dans
un terminal qu'à travers un tube. ``EOFError`` (fin de l'entrée) et
``KeyboardInterrupt`` (Ctrl-C) remontent à l'appelant, qui arrête le jeu.
"""

import os
import random
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from enum import Enum

from . import scores
from .commands import BadLine, Kind, parse
from .game import LOST, PLAYING, WON, Game, MoveRefused, Outcome
from .hints import hint
from .levels import board_title
from .machine import best_move, no_guess_mines
from .screen import (
    PROMPT,
    QUIT_PROMPT,
    REPLAY_OR_UNDO_PROMPT,
    REPLAY_PROMPT,
    YES_NO,
    YES_NO_UNDO,
    bad_line_message,
    best_times_text,
    board_text,
    board_width,
    count,
    help_text,
    introduction,
    legend,
    loss_text,
    outcome_message,
    refusal_message,
    status_line,
    totals,
    wrap_paragraph,
)
from .terminal import too_narrow


@dataclass(frozen=True)
class Settings:
    """Ce qui décrit une partie à jouer (et à rejouer)."""

    width: int
    height: int
    nb_mines: int
    safe_first: bool = True
    no_guess: bool = False  # un plateau qui se résout sans jamais deviner (--sans-hasard)


class Turn(Enum):
    """Ce qu'a donné une ligne tapée."""

    UNCHANGED = "rien n'a changé sur le plateau"
    CHANGED = "le plateau a changé"
    QUIT = "le joueur quitte"


class Answer(Enum):
    YES = "o"
    NO = "n"
    UNDO = "u"


ANSWERS = {"o": Answer.YES, "oui": Answer.YES, "n": Answer.NO, "non": Answer.NO}


class Stopwatch:
    """Le temps de jeu : il part au premier coup et s'arrête à la fin de la partie."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.started: float | None = None
        self.elapsed = 0.0

    def start(self) -> None:
        if self.started is None:
            self.started = self.clock()

    def stop(self) -> None:
        if self.started is not None:
            self.elapsed += self.clock() - self.started
            self.started = None

    def seconds(self) -> float:
        running = self.clock() - self.started if self.started is not None else 0.0
        return self.elapsed + running


def colour_wanted() -> bool:
    """Des couleurs seulement vers un terminal, et jamais avec ``NO_COLOR`` (no-color.org)."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty()


def warn(message: str) -> None:
    """Un avertissement d'une ligne, sur la sortie d'erreur."""
    sys.stdout.flush()
    print(message, file=sys.stderr, flush=True)


def ask(prompt: str, error: str, undo_allowed: bool = False) -> Answer:
    """Pose une question fermée jusqu'à avoir o, n (ou u si ``undo_allowed``)."""
    while True:
        answer = input(prompt).strip().lower()
        if answer in ANSWERS:
            return ANSWERS[answer]
        if undo_allowed and answer == "u":
            return Answer.UNDO
        print(error)


class Session:
    """Une partie jouée au clavier, du premier coup à « Rejouer ? »."""

    def __init__(
        self,
        settings: Settings,
        seed: int,
        replay_command: Callable[[int, tuple[int, int] | None], str],
        colour: bool = False,
    ) -> None:
        self.settings = settings
        self.seed = seed
        self.replay_command = replay_command
        self.colour = colour
        self.stopwatch = Stopwatch()
        self.hints = 0  # les indices « ? » qui ont donné une case : la partie n'est plus classée
        random.seed(seed)  # le hasard d'initialise_mines, pour que la graine rejoue le plateau
        placer = None
        if settings.no_guess:

            def placer(first: tuple[int, int]) -> list[list[bool]]:
                return no_guess_mines(
                    settings.width, settings.height, settings.nb_mines, first, random.Random(seed)
                )

        self.game = Game(
            settings.width, settings.height, settings.nb_mines, settings.safe_first, placer=placer
        )

    # -- L'affichage ------------------------------------------------------

    def show_board(self, revealed: bool = False) -> None:
        game = self.game
        columns = shutil.get_terminal_size().columns
        compact = board_width(game.width, game.height, compact=False) > columns
        cells = game.revealed_cells() if revealed else game.cells()
        narrow = too_narrow(board_width(game.width, game.height, compact=True))
        if narrow:
            self.explain(narrow)
        print()
        print(board_text(cells, self.colour, compact))
        if revealed and legend(cells):
            print(legend(cells))

    def explain(self, text: str) -> None:
        """Affiche une explication ou une ligne d'état : coupée entre les mots à la largeur
        d'un terminal, d'une ligne dans un tube (un programme qui lit la sortie la trouve
        entière)."""
        if sys.stdout.isatty():
            text = wrap_paragraph(text, shutil.get_terminal_size().columns - 1)
        print(text)

    def replay_line(self) -> str:
        command = self.replay_command(self.seed, self.game.first_move)
        return f"Pour rejouer ce plateau :\n{command}"

    # -- La partie --------------------------------------------------------

    def play(self, first_move: tuple[int, int] | None = None) -> bool:
        """Joue la partie ; renvoie ``True`` si le joueur veut en rejouer une."""
        game = self.game
        title = board_title(game.width, game.height, game.nb_mines)
        print(introduction(game, title, self.seed))
        if (
            first_move is not None
            and game.status == PLAYING
            and self.play_move(game.open, *first_move)
        ):
            print(f"Premier coup joué : ({first_move[0]}, {first_move[1]}).")
        turn = Turn.CHANGED
        while True:
            if game.status != PLAYING:
                again = self.end()
                if again is not Answer.UNDO:
                    return again is Answer.YES
                self.play_move(game.undo)
                self.stopwatch.start()
                turn = Turn.CHANGED
                continue
            if turn is Turn.CHANGED:
                self.show_board()
            self.explain(status_line(game, self.stopwatch.seconds()))
            turn = self.turn(input(PROMPT))
            if turn is Turn.QUIT:
                return False

    def turn(self, line: str) -> Turn:
        """Joue une ligne tapée."""
        game = self.game
        command = parse(line)
        if isinstance(command, BadLine):
            print(bad_line_message(command, line, game))
            return Turn.UNCHANGED
        if command.kind is Kind.HELP:
            print(help_text())
            return Turn.UNCHANGED
        if command.kind is Kind.HINT:
            if game.placed and game.status == PLAYING:
                self.hints += 1  # avant les mines, l'indice n'apprend rien
            self.explain(hint(game))
            return Turn.UNCHANGED
        if command.kind is Kind.QUIT:
            if ask(QUIT_PROMPT, YES_NO) is Answer.YES:
                print("Partie abandonnée.")
                if game.placed:
                    print(self.replay_line())
                return Turn.QUIT
            print("La partie continue.")
            return Turn.UNCHANGED
        if command.kind is Kind.UNDO:
            return Turn.CHANGED if self.play_move(game.undo) else Turn.UNCHANGED
        x, y = command.x or 0, command.y or 0  # toujours donnés pour OPEN et FLAG
        move = game.open if command.kind is Kind.OPEN else game.toggle_flag
        if not self.play_move(move, x, y):
            return Turn.UNCHANGED
        self.stopwatch.start()
        return Turn.CHANGED

    def play_move(self, move: Callable[..., Outcome], *cell: int) -> bool:
        """Joue un coup ; dit pourquoi s'il est refusé. Renvoie ``True`` s'il est joué."""
        try:
            outcome = move(*cell)
        except MoveRefused as refused:
            print(refusal_message(refused, self.game))
            return False
        message = outcome_message(outcome)
        if message:
            print(message)
        if self.game.placement_note:
            self.explain(
                f"Pas de plateau sans hasard : {self.game.placement_note} "
                "Les mines ont été placées au hasard."
            )
            self.game.placement_note = None
        return True

    def play_auto(self, pause: float) -> None:
        """La machine joue la partie à l'écran, coup par coup, en disant pourquoi."""
        game = self.game
        print(introduction(game, board_title(game.width, game.height, game.nb_mines), self.seed))
        self.show_board()
        while game.status == PLAYING:
            if game.placed:
                move = best_move(game.view(), game.nb_mines)
                x, y, reason = move.x, move.y, move.reason
            else:
                x, y = game.closed_cell_near_centre() or (0, 0)
                reason = "Premier coup : toute case est sûre, les mines sont placées après."
            print()
            self.explain(f"La machine ouvre ({x}, {y}). {reason}")
            self.stopwatch.start()
            self.play_move(game.open, x, y)
            self.show_board()
            self.explain(status_line(game, self.stopwatch.seconds()))
            time.sleep(pause)
        self.stopwatch.stop()
        self.show_board(revealed=True)
        print("La machine a gagné !" if game.status == WON else loss_text(game))
        print(totals(game, round(self.stopwatch.seconds(), 1)))
        print(self.replay_line())

    def end(self) -> Answer:
        """Montre le champ, le bilan, les meilleurs temps ; demande s'il faut rejouer."""
        game = self.game
        self.stopwatch.stop()
        seconds = round(self.stopwatch.seconds(), 1)
        self.show_board(revealed=True)
        print("Gagné !" if game.status == WON else loss_text(game))
        print(totals(game, seconds))
        if game.status == WON:
            self.record(seconds)
        print(self.replay_line())
        if game.status == LOST:
            return ask(REPLAY_OR_UNDO_PROMPT, YES_NO_UNDO, undo_allowed=True)
        return ask(REPLAY_PROMPT, YES_NO)

    def record(self, seconds: float) -> None:
        """Garde le temps d'une partie gagnée parmi les meilleurs, et les montre."""
        game = self.game
        if game.moves == 0:
            return  # rien à jouer (toutes les cases sont minées) : pas de temps à garder
        if game.loss_undone:
            print("Temps non classé : un coup perdant a été annulé pendant la partie.")
            return
        if self.hints:
            asked = count(self.hints, "indice demandé")
            print(f"Temps non classé : {asked} (« ? ») pendant la partie.")
            return
        try:
            path = scores.scores_path()
        except scores.ScoresError as error:
            warn(error.warning())
            return
        try:
            table = scores.load(path)
        except scores.ScoresError as error:
            warn(error.warning())
            if error.problem is not scores.Problem.CORRUPT:
                return
            table = {}  # un fichier abîmé est remplacé par un neuf
        key = scores.board_key(game.width, game.height, game.nb_mines)
        entry = scores.BestTime(seconds, date.today().isoformat(), self.seed)
        rank = scores.add(table, key, entry)
        try:
            scores.save(path, table)
        except scores.ScoresError as error:
            warn(error.warning())
            return
        if rank == 1:
            print("Nouveau record !")
        print(best_times_text(key, table[key], rank))
