"""Le meilleur coup d'une vue, avec sa raison en français (l'indice « ? » du jeu).

Les déductions vont de la moins chère à la plus chère, par tours : à chaque tour,
toutes les conclusions d'une règle sur la position courante ; dès qu'une case
sûre apparaît, c'est elle qu'on joue (celle dont la preuve est la plus courte),
sinon les mines trouvées servent au tour suivant. Une case sûre est donc
toujours expliquée par le raisonnement le plus simple qui la prouve.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import explain
from .choice import Chooser
from .geometry import coordinates
from .knowledge import MINE, OPEN, UNKNOWN, Knowledge, Reason, Rule
from .probabilities import Analysis
from .view import View, read_view


@dataclass(frozen=True)
class Move:
    """Un coup : la case ``(x, y)`` à ouvrir, sa probabilité de mine, sûre ou non,
    et pourquoi (``reason``, une phrase en français ; ``rule``, la règle employée ;
    ``mines``, les cases que l'explication montre minées, de quoi poser des drapeaux)."""

    x: int
    y: int
    probability: float
    safe: bool
    reason: str
    rule: Rule
    mines: tuple[tuple[int, int], ...] = ()


Fact = tuple[list[int], bool, "Reason | None"]


def best_move(view: View, nb_mines: int) -> Move:
    """Le coup que jouerait la machine, expliqué.

    Une case sûre s'il y en a une (la plus simple à prouver), sinon la case que jouerait
    :func:`~.player.play` (:meth:`~.choice.Chooser.decide`). Lève ``ValueError`` (en
    français) si aucune disposition des mines n'explique la vue, ou s'il n'y a plus de
    case sans mine à ouvrir.

    >>> move = best_move([[1, None, None]], 1)
    >>> (move.x, move.y, move.safe)
    (2, 0, True)
    >>> print(move.reason)  # doctest: +NORMALIZE_WHITESPACE
    Le 1 en (0, 0) n'a qu'une case fermée autour de lui : (1, 0) est une mine.
    Donc : la seule mine du plateau est trouvée : (2, 0) est sûre.
    """
    # Une vue impossible est refusée d'emblée, même si un indice simple existait.
    check = read_view(view, nb_mines)
    check.run_cheap()
    Analysis(check)

    knowledge = read_view(view, nb_mines, explain=True)
    while True:
        cell = settle(knowledge, single_facts(knowledge))
        if cell is None:
            cell = settle(knowledge, pair_facts(knowledge))
        if cell is None:
            found = knowledge.count_facts()
            cell = settle(knowledge, [found] if found else [])
        if cell is None:
            break
        if cell >= 0:
            x, y = coordinates(cell, knowledge.width)
            rule = knowledge.reasons[cell].rule
            text = explain.explain_deduction(knowledge, cell)
            mentioned = [c for _, cells in explain.steps(knowledge, cell) for c in cells]
            mines = mines_of(knowledge, mentioned)
            return Move(x, y, 0.0, True, text, rule, mines)
    if knowledge.unknown == 0:
        raise ValueError("Il n'y a plus rien à ouvrir : toutes les cases fermées sont des mines.")
    analysis = Analysis(knowledge)
    safe, _ = analysis.certain()
    if safe:
        return cases_move(knowledge, analysis, safe)
    choice = Chooser(knowledge, analysis).decide(forced_first=True, look_ahead=True)
    x, y = coordinates(choice.cell, knowledge.width)
    reason = explain.explain_choice(knowledge, choice)
    mines = tuple(coordinates(c, knowledge.width) for c in choice.walls)
    return Move(x, y, float(choice.risk), False, reason, choice.why, mines)


hint = best_move  # l'indice « ? » du jeu : best_move(vue, mines).reason


def single_facts(knowledge: Knowledge) -> list[Fact]:
    """Tout ce que la règle d'un nombre seul conclut sur la position courante."""
    facts = []
    for c in range(knowledge.size):
        if knowledge.state[c] == OPEN:
            found = knowledge.single_facts(c)
            if found is not None:
                facts.append(found)
    return facts


def pair_facts(knowledge: Knowledge) -> list[Fact]:
    """Tout ce que la règle de deux nombres voisins conclut sur la position courante."""
    state, free = knowledge.state, knowledge.free
    frontier = [c for c in range(knowledge.size) if state[c] == OPEN and free[c]]
    facts: list[Fact] = []
    for a in frontier:
        for b in knowledge.near[a]:
            if b > a and state[b] == OPEN and free[b]:
                facts.extend(knowledge.pair_facts(a, b))
    return facts


def settle(knowledge: Knowledge, facts: list[Fact]) -> int | None:
    """Joue un tour : la case sûre la plus simple à prouver s'il y en a une (notée sûre,
    renvoyée) ; sinon les mines trouvées sont notées et l'on renvoie -1 ; None si rien."""
    safe = [(c, reason) for cells, mine, reason in facts if not mine for c in cells]
    if safe:
        cell, reason = min(safe, key=lambda item: (proof_size(knowledge, item[1]), item[0]))
        knowledge.mark(cell, False, reason)
        return cell
    progress = False
    for cells, _, reason in facts:
        for c in cells:
            if knowledge.state[c] == UNKNOWN:
                knowledge.mark(c, True, reason)
                progress = True
    return -1 if progress else None


def proof_size(knowledge: Knowledge, reason: Reason | None) -> int:
    """Le nombre de déductions sur lesquelles repose ``reason``."""
    if reason is None:
        return 0
    seen: set[int] = set()
    stack = [p for p in reason.premises if p in knowledge.reasons]
    while stack:
        c = stack.pop()
        if c not in seen:
            seen.add(c)
            stack.extend(p for p in knowledge.reasons[c].premises if p in knowledge.reasons)
    return len(seen)


def cases_move(knowledge: Knowledge, analysis: Analysis, safe: list[int]) -> Move:
    """Une case sûre que seul l'examen de tous les cas prouve."""

    def group_of(cell: int) -> int | None:
        place = analysis.where.get(cell)
        return None if place is None else place[0]

    def sources(cell: int) -> list[int]:
        g = group_of(cell)
        if g is None:
            return []
        cells = {c for cls in analysis.groups[g].classes for c in cls}
        state = knowledge.state
        return sorted({n for c in cells for n in knowledge.neighbours[c] if state[n] == OPEN})

    cell = min(
        safe,
        key=lambda c: (not analysis.locally_certain(c), len(sources(c)) or 10**6, c),
    )
    local = analysis.locally_certain(cell)
    g = group_of(cell)
    layouts = sum(analysis.groups[g].weights) if local and g is not None else analysis.total
    reason = explain.explain_cases(knowledge, cell, sources(cell), layouts, local)
    x, y = coordinates(cell, knowledge.width)
    return Move(x, y, 0.0, True, reason, Rule.CASES, mines_of(knowledge, knowledge.order))


def mines_of(knowledge: Knowledge, cells: list[int]) -> tuple[tuple[int, int], ...]:
    """Les coordonnées des mines parmi ``cells`` (des cases décidées)."""
    return tuple(coordinates(c, knowledge.width) for c in cells if knowledge.state[c] == MINE)
