"""Une partie entière jouée par la machine sur un plateau caché.

La machine ouvre la première case, puis, à chaque tour : une case déjà
prouvée sûre s'il y en a ; sinon les règles peu chères ; sinon l'analyse
exacte (qui trouve les cases sûres que les règles ratent) ; sinon, et
seulement alors, elle prend un risque (:meth:`.choice.Chooser.decide`) : d'abord
dans une région à part, où deviner est de toute façon inévitable ; sinon, en fin
de partie, la case qui donne la meilleure chance de gagner, toutes les suites
examinées (:mod:`.endgame`) ; sinon la case qui donne la meilleure chance de
survivre à ce coup et au suivant.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .choice import Chooser
from .geometry import neighbours
from .knowledge import OPEN, Knowledge
from .probabilities import Analysis


@dataclass(frozen=True)
class GameResult:
    """Le bilan d'une partie : gagnée ou non, coups joués, coups risqués.

    ``moves`` compte les cases ouvertes par la machine (pas celles qu'ouvre la
    propagation d'un 0), la première comprise ; ``guesses`` compte les coups
    joués sans preuve que la case était sûre (la première case, imposée, n'en
    est pas un).
    """

    won: bool
    moves: int
    guesses: int


class HiddenBoard:
    """Un plateau dont la machine ne voit que ce qu'elle ouvre."""

    def __init__(self, mines: list[list[bool]]) -> None:
        check_mines(mines)
        self.height = len(mines)
        self.width = len(mines[0])
        self.mine = [bool(v) for row in mines for v in row]
        table = neighbours(self.width, self.height)
        self.number = [sum(self.mine[n] for n in table[c]) for c in range(len(self.mine))]
        self.nb_mines = sum(self.mine)

    def open(self, knowledge: Knowledge, cell: int) -> bool:
        """Ouvre ``cell`` comme le jeu (un 0 ouvre ses voisines) ; False sur une mine."""
        if self.mine[cell]:
            return False
        state, number, table = knowledge.state, self.number, knowledge.neighbours
        stack = [cell]
        while stack:
            c = stack.pop()
            if state[c] == OPEN:
                continue
            knowledge.reveal(c, number[c])
            if number[c] == 0:
                stack.extend(n for n in table[c] if state[n] != OPEN)
        return True


def check_mines(mines: list[list[bool]]) -> None:
    """Lève ``ValueError`` si ``mines`` n'est pas une grille rectangulaire non vide."""
    if not isinstance(mines, (list, tuple)) or not mines or not mines[0]:
        raise ValueError("La grille des mines doit être une liste non vide de lignes non vides.")
    width = len(mines[0])
    if any(not isinstance(row, (list, tuple)) or len(row) != width for row in mines):
        raise ValueError("Toutes les lignes de la grille des mines doivent avoir la même longueur.")


def play(
    mines: list[list[bool]], first: tuple[int, int] = (0, 0), rng: random.Random | None = None
) -> GameResult:
    """Joue toute une partie sur le plateau caché ``mines``, en ouvrant d'abord ``first``.

    ``rng`` départage les cases entre lesquelles rien d'autre ne décide (sans lui,
    la première dans l'ordre de lecture).

    >>> play([[False, True, False]], first=(0, 0))
    GameResult(won=True, moves=2, guesses=0)
    """
    board = HiddenBoard(mines)
    x, y = first
    if not (0 <= x < board.width and 0 <= y < board.height):
        raise ValueError(f"La première case ({x}, {y}) n'est pas sur le plateau.")
    knowledge = Knowledge(board.width, board.height, board.nb_mines)
    if not board.open(knowledge, y * board.width + x):
        return GameResult(False, 1, 0)
    moves, guesses = 1, 0
    cache: dict = {}
    state = knowledge.state
    queue = knowledge.safe_queue
    while not knowledge.is_finished():
        if queue:
            cell = queue.pop()
            if state[cell] != OPEN:
                board.open(knowledge, cell)
                moves += 1
            continue
        if knowledge.run_cheap():
            continue
        analysis = Analysis(knowledge, cache)
        safe, sure_mines = analysis.certain()
        if safe or sure_mines:
            for cell in sure_mines:
                knowledge.mark(cell, True, None)
            for cell in safe:
                knowledge.mark(cell, False, None)
            continue
        cell = Chooser(knowledge, analysis).choose(rng, forced_first=True, look_ahead=True)
        moves += 1
        guesses += 1
        if not board.open(knowledge, cell):
            return GameResult(False, moves, guesses)
    return GameResult(True, moves, guesses)
