"""La fin de partie, examinée jusqu'au bout.

Quand il ne reste que peu de dispositions des mines possibles (au plus
:data:`MAX_LAYOUTS`, le nombre exact que donne :class:`~.probabilities.Analysis`),
la machine ne se fie plus aux heuristiques : pour chaque case, elle calcule la
probabilité de gagner la partie en l'ouvrant maintenant puis en jouant au mieux
ensuite, en examinant toutes les suites (chaque nombre que la case peut montrer,
puis le meilleur coup suivant, et ainsi de suite). C'est ce que font les meilleurs
joueurs publiés en fin de partie (PSEQ-D256 de MineSweeperProb examine ainsi les
positions d'au plus 256 dispositions, le joueur de JSMinesweeper jusqu'à 1000).

Toutes les dispositions des mines qui expliquent la vue, le nombre total de mines
compris, sont également probables. On les numérote ; une *position* est l'ensemble
des dispositions encore possibles, écrit en bits d'un entier (le bit ``k`` pour la
disposition ``k``). Pour chaque case inconnue, on précalcule les dispositions où
elle est minée et, pour chaque nombre ``v``, celles où elle montrerait ``v`` : ouvrir
une case partage alors une position en quelques ``et`` bit à bit. On gagne quand il
ne reste qu'une disposition ; une position gagne au mieux la somme de ce que gagnent
les parts du meilleur coup (mémorisé). La propagation d'un 0 est implicite : ses
voisines sont alors des cases sûres, que la recherche ouvre aussitôt.

Quelques raccourcis, tous exacts : une case sûre qui apprend quelque chose est
ouverte tout de suite (une information de plus ne fait jamais perdre) ; deux cases
qui partagent la position de la même façon ne sont examinées qu'une fois ; une case
ne peut gagner plus que les dispositions où elle est sûre, ce qui arrête tôt
l'examen des cases trop risquées. Au-delà de :data:`MAX_NODES` positions examinées,
la recherche abandonne (la machine revient aux heuristiques) : le temps reste borné.

>>> from .knowledge import Knowledge
>>> k = Knowledge(3, 1, 1)
>>> k.reveal(1, 1)
>>> best_cells(k)  # la mine est en (0, 0) ou en (2, 0) : une chance sur deux
([0, 2], Fraction(1, 2))
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from .knowledge import Knowledge
from .probabilities import Analysis

MAX_LAYOUTS = 256  # au-delà, la recherche coûterait trop pour ce qu'elle apporte
MAX_NODES = 20_000  # positions examinées au plus, par recherche


# Un coup : (dispositions où la case est sûre, numéro de la case, parts de la position).
Move = tuple[int, int, tuple[int, ...]]


class TooLong(Exception):
    """La recherche a dépassé :data:`MAX_NODES` positions."""


def layouts(
    analysis: Analysis, limit: int | None = None, group: int | None = None
) -> tuple[list[int], list[int]] | None:
    """Les cases inconnues et toutes les dispositions possibles de leurs mines (le bit
    ``i`` d'une disposition dit si la ``i``-ième case inconnue est minée), ou None s'il
    y a plus de ``limit`` (:data:`MAX_LAYOUTS`) dispositions. Avec ``group``, celles de
    ce groupe seul (un groupe à part, voir :meth:`~.choice.Chooser.forced_group` : toutes
    ses solutions ont le même nombre de mines et aucune autre case inconnue ne touche les
    siennes).

    On les construit groupe par groupe, à partir des solutions de chacun (les mines par
    classe, réparties de toutes les façons dans la classe), puis l'intérieur."""
    if group is None:
        groups, interior, mines_left = analysis.groups, analysis.interior, analysis.mines_left
        count = analysis.total
    else:
        chosen = analysis.groups[group]
        groups, interior, mines_left = [chosen], [], chosen.low
        count = sum(chosen.weights)
    if count > (MAX_LAYOUTS if limit is None else limit) or any(
        g.solutions is None for g in groups
    ):
        return None
    unknown = [c for cls_list in (g.classes for g in groups) for cls in cls_list for c in cls]
    unknown.extend(interior)
    bit = {cell: 1 << i for i, cell in enumerate(unknown)}
    # Les nombres de mines que chaque suite de groupes (et l'intérieur) peut encore
    # recevoir : une disposition partielle qui ne peut être complétée est écartée.
    supports = [0] * (len(groups) + 1)
    supports[-1] = (1 << (len(interior) + 1)) - 1
    for g in range(len(groups) - 1, -1, -1):
        own = sum(1 << (groups[g].low + m) for m, w in enumerate(groups[g].weights) if w)
        supports[g] = sum_sets(own, supports[g + 1])
    partial: dict[int, list[int]] = {0: [0]}  # mines placées -> dispositions partielles
    for g, current in enumerate(groups):
        following = supports[g + 1]
        grown: dict[int, list[int]] = {}
        for counts, _ in current.solutions:
            m = sum(counts)
            bits = [0]
            for cells, k in zip(current.classes, counts):
                choices = [sum(bit[c] for c in chosen) for chosen in combinations(cells, k)]
                bits = [b | extra for b in bits for extra in choices]
            for used, layouts_so_far in partial.items():
                room = mines_left - used - m
                if room < 0 or not following >> room & 1:
                    continue
                grown.setdefault(used + m, []).extend(a | b for a in layouts_so_far for b in bits)
        partial = grown
    found: list[int] = []
    interior_bits = [bit[c] for c in interior]
    for used, layouts_so_far in partial.items():
        fillings = [sum(chosen) for chosen in combinations(interior_bits, mines_left - used)]
        found.extend(a | b for a in layouts_so_far for b in fillings)
    return unknown, found


def sum_sets(a: int, b: int) -> int:
    """Les sommes ``x + y`` pour ``x`` dans ``a`` et ``y`` dans ``b`` (ensembles d'entiers
    positifs codés en bits d'un entier).

    >>> bin(sum_sets(0b101, 0b11))
    '0b1111'
    """
    result = 0
    while a:
        low = a & -a
        result |= b << (low.bit_length() - 1)
        a ^= low
    return result


class Search:
    """La meilleure chance de gagner, position par position (mémorisée).

    ``mine[i]`` : les dispositions où la ``i``-ième case inconnue est minée ;
    ``shows[i]`` : pour chaque nombre possible, les dispositions où elle est sûre et
    montre ce nombre de mines parmi ses voisines inconnues.
    """

    def __init__(
        self,
        knowledge: Knowledge,
        unknown: list[int],
        found: list[int],
        max_nodes: int | None = None,
    ) -> None:
        index = {cell: i for i, cell in enumerate(unknown)}
        self.size = len(unknown)
        self.all = (1 << len(found)) - 1
        # Pour chaque case inconnue, les dispositions où elle est minée (bits).
        mine = [0] * self.size
        for k, layout in enumerate(found):
            flag = 1 << k
            while layout:
                low = layout & -layout
                mine[low.bit_length() - 1] |= flag
                layout ^= low
        self.mine = mine
        self.shows: list[list[int]] = []
        table = knowledge.neighbours
        for cell in unknown:
            planes = count_planes([mine[index[n]] for n in table[cell] if n in index])
            safe = self.all & ~mine[index[cell]]
            shows = []
            for value in range(1 << len(planes)):
                part = safe
                for b, plane in enumerate(planes):
                    part &= plane if value >> b & 1 else ~plane
                if part:
                    shows.append(part)
            self.shows.append(shows)
        self.memo: dict[int, int] = {}
        self.nodes = MAX_NODES if max_nodes is None else max_nodes

    def split(self, position: int, i: int) -> tuple[int, ...]:
        """Les parts de ``position`` où la case ``i`` est sûre, une par nombre montré."""
        return tuple(filter(None, map(position.__and__, self.shows[i])))

    def moves(
        self, position: int, active: list[int]
    ) -> tuple[tuple[int, ...] | None, list[Move], list[int]]:
        """Les coups utiles de ``position`` : une case sûre qui apprend quelque chose
        (ses parts), sinon None et les coups risqués, les plus sûrs d'abord, un seul par
        façon de partager la position ; enfin les cases encore indécises (parmi
        ``active``), les seules à regarder dans les positions suivantes (une case minée
        partout, ou sûre partout sans rien apprendre, le reste dans toute la suite)."""
        mine, shows = self.mine, self.shows
        risky: list[int] = []
        for i in active:
            mined = mine[i] & position
            if not mined:
                parts = tuple(filter(None, map(position.__and__, shows[i])))
                if len(parts) > 1:
                    return parts, [], active
            elif mined != position:
                risky.append(i)
        found: list[Move] = []
        seen: set[tuple[int, ...]] = set()
        for i in risky:
            parts = tuple(filter(None, map(position.__and__, shows[i])))
            if parts not in seen:
                seen.add(parts)
                found.append(((position ^ (mine[i] & position)).bit_count(), i, parts))
        found.sort(key=lambda move: -move[0])
        return None, found, risky

    def win(self, position: int, active: list[int]) -> int:
        """Le nombre de dispositions de ``position`` gagnées en jouant au mieux (seules
        les cases de ``active`` peuvent y être indécises)."""
        if not position & (position - 1):
            return 1 if position else 0
        memo = self.memo
        if position in memo:
            return memo[position]
        self.nodes -= 1
        if self.nodes < 0:
            raise TooLong
        safe, found, active = self.moves(position, active)
        if safe is not None:
            best = sum(self.win(part, active) for part in safe)
        else:
            best = 0
            for bound, _, parts in found:
                if bound <= best:
                    break
                best = max(best, self.outcome(parts, bound, best, active))
        memo[position] = best
        return best

    def outcome(self, parts: tuple[int, ...], bound: int, floor: int, active: list[int]) -> int:
        """Ce que gagne un coup aux ``parts`` données ; s'arrête dès qu'il ne peut plus
        dépasser ``floor`` (le résultat n'est alors qu'une borne, au plus ``floor``)."""
        won = 0
        for part in parts:
            size = part.bit_count()
            won += self.win(part, active)
            bound -= size
            if won + bound <= floor:
                return won + bound
        return won


def count_planes(masks: list[int]) -> list[int]:
    """Le nombre de masques qui ont chaque bit, en binaire : ``planes[b]`` a le bit ``k``
    si le ``b``-ième chiffre binaire du compte du bit ``k`` est 1 (additionneurs bit à bit).

    >>> count_planes([0b011, 0b110, 0b010])  # comptes : bit 0 -> 1, bit 1 -> 3, bit 2 -> 1
    [7, 2]
    """
    planes: list[int] = []
    for mask in masks:
        carry = mask
        for b in range(len(planes)):
            planes[b], carry = planes[b] ^ carry, planes[b] & carry
            if not carry:
                break
        if carry:
            planes.append(carry)
    return planes


def best_cells(
    knowledge: Knowledge,
    analysis: Analysis | None = None,
    limit: int | None = None,
    group: int | None = None,
) -> tuple[list[int], Fraction] | None:
    """Les cases qui donnent la meilleure probabilité de gagner, et cette probabilité ;
    None si la position a trop de dispositions pour être examinée jusqu'au bout. Avec
    ``group`` (un groupe à part, voir :func:`layouts`), les cases de ce groupe qui
    donnent la meilleure chance de le résoudre."""
    if analysis is None:
        analysis = Analysis(knowledge)
    found = layouts(analysis, limit, group)
    if found is None:
        return None
    unknown, all_layouts = found
    search = Search(knowledge, unknown, all_layouts)
    position = search.all
    candidates: list[Move] = []
    active = []
    for i in range(search.size):
        if search.mine[i] & position == position:
            continue
        active.append(i)
        parts = search.split(position, i)
        candidates.append(((position & ~search.mine[i]).bit_count(), i, parts))
    candidates.sort(key=lambda move: -move[0])
    outcomes: dict[tuple[int, ...], int] = {}
    chances: dict[int, int] = {}
    best = 0
    try:
        for bound, i, parts in candidates:
            if bound < best:
                break
            if parts not in outcomes:
                outcomes[parts] = search.outcome(parts, bound, best - 1, active)
                best = max(best, outcomes[parts])
            chances[unknown[i]] = outcomes[parts]
    except TooLong:
        return None
    if not best:
        return None
    cells = sorted(cell for cell, won in chances.items() if won == best)
    return cells, Fraction(best, len(all_layouts))
