"""La fin de partie, examinée jusqu'au bout.

Quand il ne reste que peu de dispositions des mines possibles (au plus
:data:`MAX_LAYOUTS`), la machine ne se fie plus aux seules heuristiques : pour
chaque case, elle calcule la probabilité de gagner la partie en l'ouvrant
maintenant puis en jouant au mieux ensuite, en examinant toutes les suites
(chaque nombre que la case peut montrer, puis le meilleur coup suivant, et ainsi
de suite). C'est ce que font les meilleurs joueurs publiés en fin de partie
(PSEQ-D256 de MineSweeperProb examine ainsi les positions d'au plus 256
dispositions).

Toutes les dispositions des mines qui expliquent la vue, le nombre total de mines
compris, sont également probables : on les énumère case par case (en bits d'un
entier), et une position est l'ensemble des dispositions encore possibles. Ouvrir
une case partage les dispositions où elle est sûre selon le nombre qu'elle
montrerait ; on gagne quand il n'en reste qu'une. La propagation d'un 0 est
ignorée : elle ne ferait que donner plus d'information, la probabilité calculée
est donc un minimum, la même pour chaque case.

>>> from .knowledge import Knowledge
>>> k = Knowledge(3, 1, 1)
>>> k.reveal(1, 1)
>>> best_cells(k)  # la mine est en (0, 0) ou en (2, 0) : une chance sur deux
([0, 2], Fraction(1, 2))
"""

from __future__ import annotations

from fractions import Fraction

from .knowledge import OPEN, UNKNOWN, Knowledge

MAX_LAYOUTS = 64  # au-delà, la recherche coûterait trop pour ce qu'elle apporte
MAX_UNKNOWN = 30  # cases inconnues au plus, pour que l'énumération reste courte


def layouts(knowledge: Knowledge, limit: int = MAX_LAYOUTS) -> tuple[list[int], list[int]] | None:
    """Les cases inconnues et toutes les dispositions possibles de leurs mines (le
    bit ``i`` d'une disposition dit si la ``i``-ième case inconnue est minée), ou
    None s'il y a plus de ``limit`` dispositions ou de :data:`MAX_UNKNOWN` cases."""
    state, table = knowledge.state, knowledge.neighbours
    unknown = [c for c in range(knowledge.size) if state[c] == UNKNOWN]
    if len(unknown) > MAX_UNKNOWN:
        return None
    index = {cell: i for i, cell in enumerate(unknown)}
    need: list[int] = []  # pour chaque nombre ouvert : les mines qui lui manquent
    room: list[int] = []  # ... et ses cases inconnues pas encore décidées
    touching: list[list[int]] = [[] for _ in unknown]  # les nombres de chaque case
    for cell in range(knowledge.size):
        if state[cell] != OPEN:
            continue
        around = [index[n] for n in table[cell] if state[n] == UNKNOWN]
        if around:
            for i in around:
                touching[i].append(len(need))
            need.append(knowledge.need[cell])
            room.append(len(around))
    total, size = knowledge.mines_left, len(unknown)
    found: list[int] = []

    def place(i: int, layout: int, placed: int) -> None:
        if len(found) > limit:
            return
        if i == size:
            if placed == total:
                found.append(layout)
            return
        if placed > total or total - placed > size - i:
            return
        for mine in (0, 1):
            for j in touching[i]:
                room[j] -= 1
                need[j] -= mine
            if all(0 <= need[j] <= room[j] for j in touching[i]):
                place(i + 1, layout | mine << i, placed + mine)
            for j in touching[i]:
                room[j] += 1
                need[j] += mine

    place(0, 0, 0)
    if len(found) > limit:
        return None
    return unknown, found


class Search:
    """La meilleure probabilité de gagner, position par position (mémorisée)."""

    def __init__(self, knowledge: Knowledge, unknown: list[int]) -> None:
        index = {cell: i for i, cell in enumerate(unknown)}
        self.size = len(unknown)
        # Pour chaque case inconnue, ses voisines inconnues (en bits).
        self.around = [
            sum(1 << index[n] for n in knowledge.neighbours[cell] if n in index) for cell in unknown
        ]
        self.memo: dict[tuple[int, ...], Fraction] = {}

    def split(self, position: tuple[int, ...], i: int) -> list[tuple[int, ...]]:
        """Les dispositions où la case ``i`` est sûre, rangées selon son nombre."""
        bit, around = 1 << i, self.around[i]
        parts: dict[int, list[int]] = {}
        for layout in position:
            if not layout & bit:
                parts.setdefault((layout & around).bit_count(), []).append(layout)
        return [tuple(part) for part in parts.values()]

    def after(self, position: tuple[int, ...], i: int) -> Fraction:
        """La probabilité de gagner en ouvrant la case ``i``, puis en jouant au mieux."""
        won = sum(len(part) * self.win(part) for part in self.split(position, i))
        return Fraction(won, len(position))

    def win(self, position: tuple[int, ...]) -> Fraction:
        """La probabilité de gagner depuis ``position`` en jouant au mieux."""
        if len(position) == 1:
            return Fraction(1)
        if position in self.memo:
            return self.memo[position]
        mines_somewhere = 0
        for layout in position:
            mines_somewhere |= layout
        best = Fraction(0)
        for i in range(self.size):
            parts = self.split(position, i)
            if not parts or (len(parts) == 1 and len(parts[0]) == len(position)):
                continue  # une mine partout, ou une case sûre qui n'apprend rien
            chance = self.after(position, i)
            if not mines_somewhere >> i & 1:
                best = chance  # une case sûre qui apprend quelque chose : on l'ouvre
                break
            best = max(best, chance)
        self.memo[position] = best
        return best


def best_cells(knowledge: Knowledge) -> tuple[list[int], Fraction] | None:
    """Les cases qui donnent la meilleure probabilité de gagner, et cette probabilité ;
    None si la position a trop de dispositions pour être examinée jusqu'au bout."""
    found = layouts(knowledge)
    if found is None:
        return None
    unknown, position = found[0], tuple(found[1])
    search = Search(knowledge, unknown)
    chances = {
        cell: search.after(position, i)
        for i, cell in enumerate(unknown)
        if any(not layout >> i & 1 for layout in position)
    }
    if not chances:
        return None
    best = max(chances.values())
    return sorted(cell for cell, chance in chances.items() if chance == best), best
