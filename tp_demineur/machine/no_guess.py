"""Des plateaux sans hasard : un joueur logique les résout sans jamais deviner.

La méthode est celle de Simon Tatham (le jeu « Mines » de sa collection) : on
tire les mines au hasard hors du carré 3×3 de la première case (qui est donc un
0), puis on fait jouer la machine sans qu'elle prenne de risque. Quand elle est
bloquée, on choisit un nombre encore incomplet et l'on vide ses cases fermées
(leurs mines partent ailleurs, loin de ce qui est ouvert) ou on les remplit
(des mines viennent d'ailleurs) : ce nombre devient décisif, et la partie
continue. Déplacer des mines change des nombres déjà vus ; on rejoue donc la
partie depuis le début, jusqu'à une partie entière sans aucun déplacement. Si
le nombre de déplacements ne baisse plus, on repart d'un nouveau tirage.

Le joueur employé est celui de :func:`~.player.play` (règles simples, puis
examen exact de tous les cas, nombre total de mines compris) : un plateau
rendu est gagné par lui sans un seul coup risqué.
"""

from __future__ import annotations

import itertools
import random

from .geometry import block, neighbours
from .knowledge import OPEN, UNKNOWN, Knowledge
from .probabilities import Analysis

# Parties rejouées par tirage, et déplacements de mines permis en tout (au-delà,
# la densité est trop forte : on le dit plutôt que de chercher indéfiniment).
REPLAYS = 12
BUDGET = 1500


class Stuck(Exception):
    """Le joueur est bloqué et aucun déplacement de mines ne peut l'aider."""


class Layout:
    """Un plateau en cours de fabrication : les mines et les nombres de chaque case."""

    def __init__(self, width: int, height: int, mines: set[int]) -> None:
        self.width = width
        self.height = height
        self.neighbours = neighbours(width, height)
        self.mine = [False] * (width * height)
        for c in mines:
            self.mine[c] = True
        self.number = [sum(self.mine[n] for n in self.neighbours[c]) for c in range(len(self.mine))]

    def toggle(self, cell: int, knowledge: Knowledge) -> None:
        """Ajoute ou retire la mine de ``cell`` (une case inconnue du joueur)."""
        delta = -1 if self.mine[cell] else 1
        self.mine[cell] = not self.mine[cell]
        for n in self.neighbours[cell]:
            self.number[n] += delta
        knowledge.move_mine(cell, delta)

    def open(self, knowledge: Knowledge, cell: int) -> None:
        """Ouvre une case sans mine, et tout ce qu'ouvre un 0."""
        state, number = knowledge.state, self.number
        stack = [cell]
        while stack:
            c = stack.pop()
            if state[c] == OPEN:
                continue
            knowledge.reveal(c, number[c])
            if number[c] == 0:
                stack.extend(n for n in self.neighbours[c] if state[n] != OPEN)

    def grid(self) -> list[list[bool]]:
        w = self.width
        return [self.mine[y * w : (y + 1) * w] for y in range(self.height)]


def solve(
    layout: Layout,
    nb_mines: int,
    start: int,
    protected: set[int],
    rng: random.Random | None,
    cache: dict,
    budget: list[int],
) -> int:
    """Joue la partie sans risque ; renvoie le nombre de déplacements de mines qu'il a
    fallu (0 : plateau sans hasard). Sans ``rng``, aucun déplacement : lève
    :class:`Stuck` au premier blocage. ``budget[0]`` : les déplacements encore permis."""
    knowledge = Knowledge(layout.width, layout.height, nb_mines)
    layout.open(knowledge, start)
    queue = knowledge.safe_queue
    state = knowledge.state
    moved = 0
    while not knowledge.is_finished():
        if queue:
            cell = queue.pop()
            if state[cell] != OPEN:
                layout.open(knowledge, cell)
            continue
        if knowledge.run_cheap():
            continue
        analysis = Analysis(knowledge, cache)
        safe, mines = analysis.certain()
        if safe or mines:
            for cell in mines:
                knowledge.mark(cell, True, None)
            for cell in safe:
                knowledge.mark(cell, False, None)
            continue
        if rng is None or budget[0] <= 0:
            raise Stuck
        budget[0] -= 1
        perturb(layout, knowledge, protected, rng)
        moved += 1
    return moved


def perturb(layout: Layout, knowledge: Knowledge, protected: set[int], rng: random.Random) -> None:
    """Vide ou remplit les cases inconnues d'un nombre incomplet pris au hasard, en
    échangeant leurs mines avec des cases inconnues ailleurs (d'abord au bord de la
    zone ouverte, puis plus loin)."""
    state = knowledge.state
    numbers = [c for c in range(knowledge.size) if state[c] == OPEN and knowledge.free[c]]
    if not numbers:
        raise Stuck
    target = set(knowledge.unknown_around(rng.choice(numbers)))
    full = [c for c in target if layout.mine[c]]
    empty = [c for c in target if not layout.mine[c]]
    border_set = {u for c in numbers for u in knowledge.unknown_around(c)}
    border = sorted(border_set - target - protected)
    excluded = border_set | protected
    far = [c for c in range(knowledge.size) if state[c] == UNKNOWN and c not in excluded]
    # Vider la cible (ses mines vont dans des cases vides) ou la remplir (avec les
    # mines de cases pleines), selon ce qu'on trouve d'abord en parcourant les cases.
    receivers: list[int] = []
    givers: list[int] = []
    for c in itertools.chain(shuffled(border, rng), shuffled(far, rng)):
        (givers if layout.mine[c] else receivers).append(c)
        if len(receivers) == len(full):
            changes = full + receivers
            break
        if len(givers) == len(empty):
            changes = empty + givers
            break
    else:
        raise Stuck
    for c in changes:
        layout.toggle(c, knowledge)


def shuffled(items: list[int], rng: random.Random):
    """Les éléments de ``items`` dans un ordre au hasard, tirés au fur et à mesure (on
    n'en utilise souvent que quelques-uns : inutile de tout mélanger)."""
    n = len(items)
    for i in range(n):
        j = rng.randrange(i, n)
        items[i], items[j] = items[j], items[i]
        yield items[i]


def no_guess_mines(
    width: int,
    height: int,
    nb_mines: int,
    first: tuple[int, int] = (0, 0),
    rng: random.Random | None = None,
) -> list[list[bool]]:
    """Une grille ``mines`` (``mines[y][x]``) qu'un joueur logique résout depuis ``first``
    sans un seul coup risqué (le nombre total de mines compris).

    La première case et ses voisines n'ont pas de mine. ``rng`` (un
    ``random.Random``) rend le plateau reproductible. Lève ``ValueError`` (en
    français) si le plateau est impossible ou si la densité de mines est trop forte
    pour en trouver un en un temps raisonnable ; jamais un plateau qui demande de
    deviner.

    >>> mines = no_guess_mines(9, 9, 10, first=(4, 4), rng=random.Random(1))
    >>> sum(map(sum, mines)), mines[4][4]
    (10, False)
    """
    for label, value, low in (
        ("La largeur", width, 1),
        ("La hauteur", height, 1),
        ("Le nombre de mines", nb_mines, 0),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{label} doit être un entier d'au moins {low}, pas {value!r}.")
    x, y = first
    if not (0 <= x < width and 0 <= y < height):
        raise ValueError(f"La première case ({x}, {y}) n'est pas sur le plateau {width}×{height}.")
    start = y * width + x
    protected = set(block(width, height, x, y))
    allowed = [c for c in range(width * height) if c not in protected]
    if nb_mines > len(allowed):
        raise ValueError(
            f"Trop de mines : la première case et ses voisines restent vides, il ne reste "
            f"que {len(allowed)} cases pour {nb_mines} mines."
        )
    rng = rng if rng is not None else random.Random()
    cache: dict = {}
    budget = [BUDGET]
    while budget[0] > 0:
        layout = Layout(width, height, set(rng.sample(allowed, nb_mines)))
        previous = None
        for _ in range(REPLAYS):
            try:
                moved = solve(layout, nb_mines, start, protected, rng, cache, budget)
            except Stuck:
                break
            if moved == 0:
                return layout.grid()
            if previous is not None and moved >= previous:
                break
            previous = moved
    raise ValueError(
        f"Impossible de trouver à temps un plateau {width}×{height} à {nb_mines} mines "
        "sans hasard : la densité de mines est trop forte. Essayez avec moins de mines."
    )
