"""Le choix d'une case quand aucune n'est sûre.

On suit l'ordre des meilleurs joueurs publiés (la famille « PSEQ ») :

1. **P** : la plus petite probabilité de mine (égalité exacte) ;
2. **S** : parmi celles-là, la plus grande chance que le nombre révélé rende
   au moins une autre case sûre (le jeu avance) ;
3. **E** : puis le plus grand nombre moyen de cases rendues sûres ;
4. **Q** : puis l'information apportée, l'entropie du nombre révélé (une case dont
   le nombre est connu d'avance n'apprend rien et passe en dernier) ;
5. enfin le hasard (``rng``), ou la première case dans l'ordre de lecture.

Pour S, E et Q, on suppose la case sûre et l'on considère chaque nombre ``v``
qu'elle peut montrer : les dispositions compatibles avec ``v`` laissent-elles
vide, toujours, une partie des cases voisines ? Les cases sont réparties en
*parts* : pour chaque classe d'un groupe touché, ses cases voisines de la case
jouée et les autres ; pour l'intérieur, de même. Une part vide dans toutes les
dispositions compatibles avec ``v`` devient sûre si la case montre ``v``.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from math import comb

from . import endgame
from .knowledge import UNKNOWN, Knowledge
from .probabilities import Analysis, convolve

TOLERANCE = 1e-8  # deux scores plus proches que cela (en relatif) sont à égalité


class Outlook:
    """Ce qu'apporte l'ouverture d'une case, si elle est sûre.

    ``values[v]`` : la probabilité que la case montre ``v`` mines en plus de celles
    déjà connues autour d'elle ; ``new_safe[v]`` : le nombre de cases alors sûres ;
    ``scores`` : (S, E, Q), voir :func:`outlook_scores`.
    """

    __slots__ = ("new_safe", "scores", "values")

    def __init__(self, values: list[float], new_safe: list[int]) -> None:
        self.values = values
        self.new_safe = new_safe
        self.scores = outlook_scores(values, new_safe)


def outlook_scores(values: list[float], new_safe: list[int]) -> tuple[float, float, float]:
    """S : la probabilité qu'au moins une case devienne sûre ; E : le nombre moyen de
    cases rendues sûres ; Q : l'entropie (en bits) du nombre révélé.

    >>> outlook_scores([0.5, 0.5], [3, 0])
    (0.5, 1.5, 1.0)
    """
    progress = expected = entropy = 0.0
    for p, n in zip(values, new_safe):
        if p > 0:
            entropy -= p * math.log2(p)
            if n:
                progress += p
                expected += p * n
    return progress, expected, entropy


class Chooser:
    """Le choix d'un coup risqué dans une position analysée."""

    def __init__(self, knowledge: Knowledge, analysis: Analysis) -> None:
        self.knowledge = knowledge
        self.analysis = analysis
        self._outlooks: dict[tuple, Outlook | None] = {}
        self._rest: dict[frozenset[int], tuple[int, list[int]]] = {}
        self._far: dict[tuple[frozenset[int], int], list[tuple[int, int]]] = {}

    def least_risky(self, group: int | None = None) -> tuple[list[int], Fraction]:
        """Les cases inconnues de plus petite probabilité de mine (celles du groupe
        ``group`` seulement, s'il est donné), et cette probabilité."""
        analysis = self.analysis
        # Les probabilités par classe (et pour l'intérieur) : masse / taille.
        options: list[tuple[int, int, tuple[int, ...]]] = [
            (mass, len(cells), cells)
            for g, (masses, grp) in enumerate(zip(analysis.class_mass, analysis.groups))
            if group is None or g == group
            for mass, cells in zip(masses, grp.classes)
        ]
        if analysis.interior and group is None:
            options.append((analysis.interior_mass, 1, tuple(analysis.interior)))
        best: list[int] = []
        best_mass, best_size = 1, 0  # une fraction « infinie » au départ
        for mass, size, cells in options:
            # mass / size comparé à best_mass / best_size, en entiers.
            left, right = mass * best_size, best_mass * size
            if left < right:
                best, best_mass, best_size = list(cells), mass, size
            elif left == right:
                best.extend(cells)
        best.sort()
        return best, Fraction(best_mass, best_size * analysis.total)

    def forced_group(self) -> int | None:
        """Un groupe où il faudra deviner tôt ou tard, quoi qu'il arrive ailleurs : toutes
        ses solutions ont le même nombre de mines (le total n'y apprend rien) et aucune
        case inconnue hors de lui ne touche ses cases (rien ne l'éclaircira). Le jouer
        maintenant ne change pas les chances de gagner, et une partie perdue l'est plus tôt.
        """
        state, table = self.knowledge.state, self.knowledge.neighbours
        for g, group in enumerate(self.analysis.groups):
            if len(group.weights) != 1:
                continue
            cells = {c for cls in group.classes for c in cls}
            if all(state[n] != UNKNOWN or n in cells for c in cells for n in table[c]):
                return g
        return None

    def choose(
        self, rng: random.Random | None = None, forced_first: bool = False, look_ahead: bool = False
    ) -> int:
        """La case à ouvrir : P, puis S, E, Q (voir le module), puis le hasard. Avec
        ``forced_first``, un groupe où deviner est inévitable passe avant le reste ;
        avec ``look_ahead``, une fin de partie assez petite est examinée jusqu'au bout
        (:mod:`.endgame`) : P y devient la meilleure probabilité de gagner."""
        group = self.forced_group() if forced_first else None
        ahead = (
            endgame.best_cells(self.knowledge, self.analysis)
            if look_ahead and group is None
            else None
        )
        candidates = ahead[0] if ahead else self.least_risky(group)[0]
        if len(candidates) > 1:
            outlooks = {c: self.outlook(c) for c in candidates}
            for rank in range(3):
                if len(candidates) == 1:
                    break
                candidates = largest(candidates, lambda c, r=rank: score(outlooks[c], r))
        if len(candidates) == 1 or rng is None:
            return candidates[0]
        return candidates[rng.randrange(len(candidates))]

    # -- ce qu'apporte une case ------------------------------------------------

    def signature(self, cell: int) -> tuple:
        """Ce dont dépend l':class:`Outlook` d'une case : sa place et celles de ses
        voisines inconnues (groupe, classe ; None pour l'intérieur)."""
        where = self.analysis.where
        state = self.knowledge.state
        interior = (-1, -1)
        around = [
            where.get(n, interior) for n in self.knowledge.neighbours[cell] if state[n] == UNKNOWN
        ]
        around.sort()
        return where.get(cell, interior), tuple(around)

    def outlook(self, cell: int) -> Outlook | None:
        """L':class:`Outlook` de ``cell`` (None si un groupe touché n'a pas sa liste
        de solutions : trop grand pour l'énumérer)."""
        key = self.signature(cell)
        if key not in self._outlooks:
            self._outlooks[key] = self._compute(*key)
        return self._outlooks[key]

    def _compute(self, own: tuple[int, int], around: tuple[tuple[int, int], ...]) -> Outlook | None:
        analysis = self.analysis
        groups = analysis.groups
        touched = sorted({g for g, _ in around if g >= 0} | ({own[0]} if own[0] >= 0 else set()))
        # Les parts : (bit, taille). Bits 2k et 2k+1 de chaque groupe : voisines et autres.
        parts: list[tuple[int, int]] = []
        table: dict[tuple[int, int], list[int]] = {(0, 0): [1, 0]}
        shift = 0
        for g in touched:
            group = groups[g]
            if group.solutions is None:
                return None
            near_counts = [0] * len(group.classes)
            for place in around:
                if place[0] == g:
                    near_counts[place[1]] += 1
            rest_counts = [len(cells) - a for cells, a in zip(group.classes, near_counts)]
            if own[0] == g:
                rest_counts[own[1]] -= 1
            for k in range(len(group.classes)):
                parts.append((1 << (shift + 2 * k), near_counts[k]))
                parts.append((1 << (shift + 2 * k + 1), rest_counts[k]))
            local = split_table(group.solutions, near_counts, rest_counts)
            merged: dict[tuple[int, int], list[int]] = {}
            for (x1, m1), (w1, mask1) in table.items():
                for (x2, m2), (w2, mask2) in local.items():
                    entry = merged.setdefault((x1 + x2, m1 + m2), [0, 0])
                    entry[0] += w1 * w2
                    entry[1] |= mask1 | (mask2 << shift)
            table = merged
            shift += 2 * len(group.classes)
        # L'intérieur : ses voisines de la case, et le reste.
        near_interior = sum(1 for place in around if place[0] < 0)
        rest_interior = len(analysis.interior) - near_interior - (1 if own[0] < 0 else 0)
        bit_near, bit_rest = 1 << shift, 1 << (shift + 1)
        parts.append((bit_near, near_interior))
        parts.append((bit_rest, rest_interior))
        low_rest, rest = self._untouched(frozenset(touched))
        mines_left = analysis.mines_left
        # Les classes des groupes non touchés : le nombre révélé peut aussi les vider,
        # par le compte total des mines (une part chacune, après celles de l'intérieur).
        far = self._far_classes(frozenset(touched), rest_interior)
        far_bits = [(1 << (shift + 2 + i), size, reach) for i, (size, reach) in enumerate(far)]
        parts.extend((bit, size) for bit, size, _ in far_bits)
        completions: dict[int, tuple[int, bool, int]] = {}
        values: dict[int, list[int]] = {}
        for (x, m), (w, mask) in table.items():
            for j in range(near_interior + 1):
                used = m + j
                if used not in completions:
                    room = mines_left - used - low_rest
                    total = 0
                    nonempty = False
                    for t, u in enumerate(rest):
                        r = room - t
                        if u and 0 <= r <= rest_interior:
                            total += u * comb(rest_interior, r)
                            nonempty = nonempty or r > 0
                    left = mines_left - used
                    reached = 0
                    if left >= 0:
                        for bit, _, reach in far_bits:
                            if reach >> left & 1:
                                reached |= bit
                    completions[used] = (total, nonempty, reached)
                total, nonempty, reached = completions[used]
                weight = w * comb(near_interior, j) * total
                if not weight:
                    continue
                entry = values.setdefault(x + j, [0, 0])
                entry[0] += weight
                entry[1] |= mask | reached | (bit_near if j else 0) | (bit_rest if nonempty else 0)
        grand = sum(w for w, _ in values.values())
        if not grand:
            return None
        size = max(values) + 1
        probabilities = [0.0] * size
        new_safe = [0] * size
        for v, (w, mask) in values.items():
            probabilities[v] = w / grand
            new_safe[v] = sum(n for bit, n in parts if n and not mask & bit)
        return Outlook(probabilities, new_safe)

    def _far_classes(self, touched: frozenset[int], rest_interior: int) -> list[tuple[int, int]]:
        """Pour chaque classe d'un groupe non touché : sa taille, et l'ensemble (bits
        d'un entier) des nombres de mines ``n`` à placer hors des parts touchées pour
        lesquels cette classe peut encore avoir une mine (groupes non touchés et reste
        de l'intérieur se partageant ces ``n`` mines)."""
        key = (touched, rest_interior)
        if key in self._far:
            return self._far[key]
        groups = [g for g in range(len(self.analysis.groups)) if g not in touched]
        supports = [
            sum(1 << (group.low + m) for m, w in enumerate(group.weights) if w)
            for group in (self.analysis.groups[g] for g in groups)
        ]
        found: list[tuple[int, int]] = []
        for i, g in enumerate(groups):
            others = 1
            for k, support in enumerate(supports):
                if k != i:
                    others = sum_sets(others, support)
            others = sum_sets(others, (1 << (rest_interior + 1)) - 1)
            group = self.analysis.groups[g]
            for cells, masses in zip(group.classes, group.masses):
                nonzero = sum(1 << (group.low + m) for m, mass in enumerate(masses) if mass)
                found.append((len(cells), sum_sets(nonzero, others)))
        self._far[key] = found
        return found

    def _untouched(self, touched: frozenset[int]) -> tuple[int, list[int]]:
        """Le polynôme (plus bas degré, coefficients) des groupes hors de ``touched``."""
        if touched not in self._rest:
            low, poly = 0, [1]
            for g, group in enumerate(self.analysis.groups):
                if g not in touched:
                    poly = convolve(poly, group.weights)
                    low += group.low
            self._rest[touched] = (low, poly)
        return self._rest[touched]


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


def split_table(
    solutions: list[tuple[tuple[int, ...], int]], near_counts: list[int], rest_counts: list[int]
) -> dict[tuple[int, int], list[int]]:
    """Pour un groupe : ``(x, m) -> [poids, parts non vides]``, où ``x`` est le nombre
    de mines voisines de la case jouée et ``m`` le total du groupe, la case jouée
    étant sûre. Chaque classe coupée en deux répartit ses mines de toutes les façons."""
    table: dict[tuple[int, int], list[int]] = {}
    n = len(near_counts)
    for counts, _ in solutions:
        # Les classes sans choix d'abord, puis les répartitions des classes coupées.
        weight = 1
        x = 0
        mask = 0
        splits = []
        for k in range(n):
            mines = counts[k]
            a, r = near_counts[k], rest_counts[k]
            if mines > a + r:
                weight = 0
                break
            if a == 0:
                weight *= comb(r, mines)
                if mines:
                    mask |= 1 << (2 * k + 1)
            elif r == 0:
                weight *= comb(a, mines)
                x += mines
                if mines:
                    mask |= 1 << (2 * k)
            else:
                splits.append(k)
        if not weight:
            continue
        m = sum(counts)
        partial = [(x, weight, mask)]
        for k in splits:
            mines, a, r = counts[k], near_counts[k], rest_counts[k]
            grown = []
            for j in range(max(0, mines - r), min(a, mines) + 1):
                ways = comb(a, j) * comb(r, mines - j)
                bits = (1 << (2 * k) if j else 0) | (1 << (2 * k + 1) if mines - j else 0)
                for px, pw, pm in partial:
                    grown.append((px + j, pw * ways, pm | bits))
            partial = grown
        for px, pw, pm in partial:
            entry = table.setdefault((px, m), [0, 0])
            entry[0] += pw
            entry[1] |= pm
    return table


def score(outlook: Outlook | None, rank: int) -> float:
    """Le score S (rang 0), E (1) ou Q (2) d'une case ; 0 sans :class:`Outlook`."""
    return 0.0 if outlook is None else outlook.scores[rank]


def largest(candidates: list[int], score) -> list[int]:
    """Les candidats de score maximal, à ``TOLERANCE`` près (relative)."""
    scores = [score(c) for c in candidates]
    best = max(scores)
    bound = best - abs(best) * TOLERANCE
    return [c for c, s in zip(candidates, scores) if s >= bound]
