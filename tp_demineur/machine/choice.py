"""Le choix d'une case quand aucune n'est sûre (:meth:`Chooser.decide`).

Dans l'ordre :

1. **une région à part** (:meth:`Chooser.forced_group`), où il faudra deviner de toute
   façon : tout de suite, à la case qui donne la meilleure chance de la résoudre,
   toutes les suites examinées (:mod:`.endgame`) ;
2. **la fin de partie**, quand il reste peu de dispositions des mines : la case qui
   donne la meilleure chance de gagner, toutes les suites examinées (:mod:`.endgame`) ;
3. **deux coups plutôt qu'un** (:meth:`Chooser.contenders`, l'idée du joueur de
   JSMinesweeper, de D. N. Hill) : parmi les cases presque aussi sûres que la plus sûre,
   celle qui donne la meilleure chance de survivre à ce coup et au suivant ;
4. sinon (l'indice d'avant, ou un réglage) **P** : la plus petite probabilité de mine.

Les égalités se départagent comme chez les meilleurs joueurs publiés (la famille
« PSEQ ») :

- **S** : la plus grande chance que le nombre révélé rende au moins une autre case sûre
  (le jeu avance) ;
- **E** : puis le plus grand nombre moyen de cases rendues sûres ;
- **Q** : puis l'information apportée, l'entropie du nombre révélé (une case dont le
  nombre est connu d'avance n'apprend rien et passe en dernier) ;
- enfin le hasard (``rng``), ou la première case dans l'ordre de lecture.

Pour S, E, Q et la chance de survivre au coup suivant, on suppose la case sûre et l'on
considère chaque nombre ``v`` qu'elle peut montrer (:class:`Outlook`). Les cases sont
réparties en *parts* : pour chaque classe d'un groupe touché, ses cases voisines de la
case jouée et les autres ; pour l'intérieur, de même ; les classes des groupes non
touchés, chacune. Solution par solution, on somme les dispositions compatibles avec
``v`` et les mines de chaque part : une part sans mine devient sûre si la case montre
``v``, et la plus petite part de mines donne la meilleure chance de la position d'après.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from . import endgame
from .knowledge import MINE, UNKNOWN, Knowledge, Rule
from .probabilities import Analysis, convolve

TOLERANCE = 1e-8  # deux scores plus proches que cela (en relatif) sont à égalité
CANDIDATE_RATIO = 0.9  # les cases comparées sur deux coups : au moins 90 % de la meilleure chance
BLEND_FIRST = 0.8  # le poids de la meilleure chance dans :func:`blend`


@dataclass(frozen=True)
class Choice:
    """Un coup risqué et de quoi l'expliquer : la case, pourquoi (une :class:`Rule`), sa
    probabilité exacte de mine (``risk``), la plus petite de la position (``least``, en
    ``safest``), le nombre de cases jugées aussi bonnes avant S, E, Q (``ties``) ; pour
    un groupe à part, où deviner est inévitable, ses cases (``group``), ses mines
    (``group_mines``) et les mines trouvées qui l'enferment (``walls``) ; en fin de
    partie, la chance de gagner (``win``) parmi ``layouts`` dispositions (dans un groupe
    à part : de le résoudre) ; la chance que le nombre montré rende une case sûre
    (``progress``) et celle, la case étant sûre, de survivre au coup suivant
    (``survival``), si elles sont connues."""

    cell: int
    why: Rule
    risk: Fraction
    least: Fraction
    safest: int
    ties: int
    group: tuple[int, ...] = ()
    walls: tuple[int, ...] = ()
    group_mines: int = 0
    win: Fraction | None = None
    layouts: int = 0
    progress: float | None = None
    survival: float | None = None


class Outlook:
    """Ce qu'apporte l'ouverture d'une case, si elle est sûre.

    ``values[v]`` : la probabilité que la case montre ``v`` mines en plus de celles
    déjà connues autour d'elle ; ``new_safe[v]`` : le nombre de cases alors sûres ;
    ``next_safety[v]`` : la plus grande chance qu'une case soit sûre dans la position
    qui suit (1 s'il y a une case sûre), mêlée à la suivante (voir :func:`blend`) ;
    ``scores`` : (S, E, Q), voir :func:`outlook_scores`.
    """

    __slots__ = ("dead", "new_safe", "next_safety", "scores", "survival", "values")

    def __init__(self, values: list[float], new_safe: list[int], next_safety: list[float]) -> None:
        self.values = values
        self.new_safe = new_safe
        self.next_safety = next_safety
        self.scores = outlook_scores(values, new_safe)
        # Le nombre montré est connu d'avance : ouvrir la case n'apprend rien.
        self.dead = sum(1 for p in values if p > 0) <= 1
        # La chance, la case étant sûre, de survivre aussi au coup suivant : 1 quand le
        # nombre montré rend une case sûre, sinon la meilleure chance de la position d'après.
        self.survival = sum(p * (1.0 if n else q) for p, n, q in zip(values, new_safe, next_safety))


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
        self._far_best: dict[frozenset[int], list[tuple[float, int]]] = {}
        self._done: dict[tuple[frozenset[int], int], dict] = {}
        self._far_counts: dict[tuple, int] = {}

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
        """Un groupe à part, où il faudra deviner tôt ou tard, quoi qu'il arrive ailleurs :
        toutes ses solutions ont le même nombre de mines (le total n'y apprend rien) et
        aucune case inconnue hors de lui ne touche ses cases (rien ne l'éclaircira). Le
        résoudre maintenant ne change pas les chances de gagner ailleurs (et une partie
        perdue l'est plus tôt) ; il est assez petit, d'habitude, pour être examiné
        jusqu'au bout (:func:`.endgame.best_cells`), même quand le reste ne l'est pas.
        """
        state, table = self.knowledge.state, self.knowledge.neighbours
        if len(self.analysis.groups) == 1 and not self.analysis.interior:
            return None  # rien d'autre sur le plateau : c'est la fin de partie
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
        """La case à ouvrir (voir :meth:`decide`)."""
        return self.decide(rng, forced_first, look_ahead).cell

    def decide(
        self, rng: random.Random | None = None, forced_first: bool = False, look_ahead: bool = False
    ) -> Choice:
        """La case à ouvrir, et pourquoi. Avec ``forced_first``, un groupe où deviner est
        inévitable passe avant le reste ; avec ``look_ahead``, une fin de partie assez
        petite est examinée jusqu'au bout (:mod:`.endgame`), et sinon les cases presque
        aussi sûres que la plus sûre sont comparées sur deux coups (:meth:`contenders`) ;
        sans l'un ni l'autre, la case la moins risquée. Puis S, E, Q (voir le module),
        puis le hasard (``rng``) ou la première dans l'ordre de lecture."""
        group = self.forced_group() if forced_first else None
        ahead = None
        if group is not None:
            why = Rule.FORCED
            ahead = endgame.best_cells(self.knowledge, self.analysis, group=group)
            candidates = ahead[0] if ahead else self.least_risky(group)[0]
        else:
            ahead = endgame.best_cells(self.knowledge, self.analysis) if look_ahead else None
            if ahead:
                why = Rule.ENDGAME
                candidates = ahead[0]
            elif look_ahead and CANDIDATE_RATIO < 1:
                why = Rule.TWO_MOVES
                candidates = self.contenders()
            else:
                why = Rule.GUESS
                candidates = self.least_risky()[0]
        ties = len(candidates)
        if len(candidates) > 1:
            outlooks = {c: self.outlook(c) for c in candidates}
            for rank in range(3):
                if len(candidates) == 1:
                    break
                candidates = largest(candidates, lambda c, r=rank: score(outlooks[c], r))
        if len(candidates) == 1 or rng is None:
            cell = candidates[0]
        else:
            cell = candidates[rng.randrange(len(candidates))]
        safest, least = self.least_risky()
        outlook = self.outlook(cell)
        return Choice(
            cell=cell,
            why=why,
            risk=self.analysis.probability(cell),
            least=least,
            safest=cell if cell in safest else safest[0],
            ties=ties,
            group=self.group_cells(group) if group is not None else (),
            walls=self.walls(group) if group is not None else (),
            group_mines=self.analysis.groups[group].low if group is not None else 0,
            win=ahead[1] if ahead else None,
            layouts=self.analysis.total,
            progress=None if outlook is None else outlook.scores[0],
            survival=None if outlook is None else outlook.survival,
        )

    def group_cells(self, group: int) -> tuple[int, ...]:
        """Les cases du groupe ``group``, dans l'ordre de lecture."""
        return tuple(sorted(c for cls in self.analysis.groups[group].classes for c in cls))

    def walls(self, group: int) -> tuple[int, ...]:
        """Les mines trouvées voisines des cases du groupe ``group``."""
        state, table = self.knowledge.state, self.knowledge.neighbours
        return tuple(
            sorted({n for c in self.group_cells(group) for n in table[c] if state[n] == MINE})
        )

    def safeties(self) -> list[tuple[float, tuple[int, ...]]]:
        """Pour chaque classe de chaque groupe, et pour l'intérieur : la chance d'être
        sûre d'une de ses cases, et ses cases."""
        analysis = self.analysis
        total = analysis.total
        found = [
            (1.0 - mass / (len(cells) * total), cells)
            for masses, group in zip(analysis.class_mass, analysis.groups)
            for mass, cells in zip(masses, group.classes)
        ]
        if analysis.interior:
            found.append((1.0 - analysis.interior_mass / total, tuple(analysis.interior)))
        return found

    def contenders(self) -> list[int]:
        """Les cases de meilleure chance de survivre à ce coup et au suivant, parmi celles
        dont la chance d'être sûre atteint :data:`CANDIDATE_RATIO` fois la meilleure ; une
        case qui n'apprend rien (son nombre est connu d'avance) ne passe qu'à défaut."""
        options = self.safeties()
        options.sort(key=lambda option: -option[0])
        best = options[0][0]
        floor = best * CANDIDATE_RATIO
        scored: list[tuple[float, bool, int]] = []
        top = 0.0  # le meilleur score d'une case vivante : aucune case moins sûre ne le bat
        for safety, cells in options:
            if safety < floor or safety < top * (1 - TOLERANCE):
                break
            for c in cells:
                outlook = self.outlook(c)
                if outlook is None:
                    scored.append((safety * best, False, c))
                else:
                    scored.append((safety * outlook.survival, outlook.dead, c))
                if not scored[-1][1]:
                    top = max(top, scored[-1][0])
        living = [item for item in scored if not item[1]] or scored
        top = max(value for value, _, _ in living)
        bound = top - abs(top) * TOLERANCE
        return sorted(c for value, _, c in living if value >= bound)

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
        # Les parts des groupes touchés (voir :func:`split_table`) : leurs tailles, et
        # (x, m) -> [poids, mines de chaque part (sommées sur les dispositions)].
        sizes: list[int] = []
        table: dict[tuple[int, int], list] = {(0, 0): [1, []]}
        for g in touched:
            group = groups[g]
            if group.solutions is None:
                return None
            class_sizes = [len(cells) for cells in group.classes]
            near_counts = [0] * len(class_sizes)
            for place in around:
                if place[0] == g:
                    near_counts[place[1]] += 1
            rest_counts = [n - a for n, a in zip(class_sizes, near_counts)]
            if own[0] == g:
                rest_counts[own[1]] -= 1
            local, local_sizes = split_table(group.solutions, class_sizes, near_counts, rest_counts)
            if not sizes:
                table = local
                sizes = local_sizes
                continue
            sizes.extend(local_sizes)
            merged: dict[tuple[int, int], list] = {}
            for (x1, m1), (w1, mines1) in table.items():
                for (x2, m2), (w2, mines2) in local.items():
                    key = (x1 + x2, m1 + m2)
                    scaled = [a * w2 for a in mines1]
                    scaled.extend([b * w1 for b in mines2])
                    entry = merged.get(key)
                    if entry is None:
                        merged[key] = [w1 * w2, scaled]
                    else:
                        entry[0] += w1 * w2
                        entry[1] = [a + b for a, b in zip(entry[1], scaled)]
            table = merged
        # L'intérieur : ses voisines de la case, et le reste.
        near_interior = sum(1 for place in around if place[0] < 0)
        rest_interior = len(analysis.interior) - near_interior - (1 if own[0] < 0 else 0)
        key = (frozenset(touched), rest_interior)
        low_rest, rest = self._untouched(key[0])
        # Les classes des groupes non touchés : le nombre révélé peut aussi les vider,
        # par le compte total des mines (bit i pour la i-ième : celles qui peuvent encore
        # avoir une mine).
        far = self._far_classes(*key)
        completions = self._done.setdefault(key, {})
        # v -> [poids, mines des parts touchées, d'une voisine de l'intérieur, d'une case
        # du reste de l'intérieur, le reste de l'intérieur peut avoir une mine, classes
        # lointaines qui le peuvent]
        values: dict[int, list] = {}
        for (x, m), (w, mines) in table.items():
            for j in range(near_interior + 1):
                used = m + j
                if used not in completions:
                    completions[used] = self._complete(used, low_rest, rest, rest_interior, far)
                total, nonempty, reached, one = completions[used]
                ways = comb(near_interior, j)
                factor = ways * total
                if not factor:
                    continue
                entry = values.get(x + j)
                if entry is None:
                    entry = values[x + j] = [0, [0] * len(mines), 0, 0, False, 0]
                entry[0] += w * factor
                entry[1] = [a + b * factor for a, b in zip(entry[1], mines)]
                if j:
                    entry[2] += w * comb(near_interior - 1, j - 1) * total
                entry[3] += w * ways * one
                entry[4] = entry[4] or nonempty
                entry[5] |= reached
        grand = sum(entry[0] for entry in values.values())
        if not grand:
            return None
        size = max(values) + 1
        probabilities = [0.0] * size
        new_safe = [0] * size
        next_safety = [0.0] * size
        far_best = self._far_safeties(key[0])
        for v, (w, sums, near_mines, rest_mines, nonempty, reached) in values.items():
            probabilities[v] = w / grand
            safe = self._far_safe(key, far, reached)
            safeties = []
            for mined, n in zip(sums, sizes):
                if n:
                    if mined:
                        safeties.append((1.0 - mined / (w * n), n))
                    else:
                        safe += n
            if near_interior:
                if near_mines:
                    safeties.append((1.0 - near_mines / w, near_interior))
                else:
                    safe += near_interior
            if rest_interior:
                if nonempty:
                    safeties.append((1.0 - rest_mines / w, rest_interior))
                else:
                    safe += rest_interior
            new_safe[v] = safe
            safeties.extend(far_best)
            next_safety[v] = 1.0 if safe else blend(safeties)
        return Outlook(probabilities, new_safe, next_safety)

    def _complete(
        self,
        used: int,
        low_rest: int,
        rest: list[int],
        rest_interior: int,
        far: list[tuple[int, int]],
    ) -> tuple[int, bool, int, int]:
        """Les façons de placer les mines hors des parts touchées quand celles-ci en ont
        ``used`` : leur nombre ; s'il en reste pour le reste de l'intérieur ; les classes
        lointaines qui peuvent encore en avoir (bits) ; les façons où une case donnée du
        reste de l'intérieur est minée."""
        mines_left = self.analysis.mines_left
        room = mines_left - used - low_rest
        total = one = 0
        nonempty = False
        for t, u in enumerate(rest):
            r = room - t
            if u and 0 <= r <= rest_interior:
                total += u * big_comb(rest_interior, r)
                if r > 0:
                    nonempty = True
                    one += u * big_comb(rest_interior - 1, r - 1)
        left = mines_left - used
        reached = 0
        if left >= 0:
            for i, (_, reach) in enumerate(far):
                if reach >> left & 1:
                    reached |= 1 << i
        return total, nonempty, reached, one

    def _far_safe(self, key: tuple, far: list[tuple[int, int]], reached: int) -> int:
        """Le nombre de cases des classes lointaines ``far`` qui ne peuvent plus avoir de
        mine (celles dont le bit manque à ``reached``)."""
        key = (*key, reached)
        if key not in self._far_counts:
            self._far_counts[key] = sum(
                size for i, (size, _) in enumerate(far) if not reached >> i & 1
            )
        return self._far_counts[key]

    def _far_safeties(self, touched: frozenset[int]) -> list[tuple[float, int]]:
        """Les deux plus grandes chances d'être sûre parmi les classes des groupes non
        touchés (telles qu'aujourd'hui : le nombre révélé ne les change guère), avec le
        nombre de cases qui les ont."""
        if touched not in self._far_best:
            analysis = self.analysis
            found: list[tuple[float, int]] = []
            for g, (masses, group) in enumerate(zip(analysis.class_mass, analysis.groups)):
                if g in touched:
                    continue
                for mass, cells in zip(masses, group.classes):
                    found.append((1.0 - mass / (len(cells) * analysis.total), len(cells)))
            found.sort(reverse=True)
            self._far_best[touched] = found[:2]
        return self._far_best[touched]

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


# Les grands coefficients binomiaux (cases loin des nombres, mines qui restent) reviennent
# d'une case à l'autre et d'un coup au suivant : on les garde.
big_comb = lru_cache(maxsize=4096)(comb)


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
    solutions: list[tuple[tuple[int, ...], int]],
    class_sizes: list[int],
    near_counts: list[int],
    rest_counts: list[int],
) -> tuple[dict[tuple[int, int], list], list[int]]:
    """Pour un groupe : ``(x, m) -> [poids, mines par part]``, où ``x`` est le nombre de
    mines voisines de la case jouée et ``m`` le total du groupe, la case jouée étant
    sûre ; et la taille de chaque part. La part ``k`` : les ``rest_counts[k]`` cases de
    la classe ``k`` qui ne touchent pas la case jouée (ni ne sont elle) ; puis une part
    par classe qui la touche : ses ``near_counts[k]`` cases voisines. Les mines d'une
    part sont sommées sur les dispositions ; une classe coupée en deux répartit ses
    mines de toutes les façons.

    >>> table, sizes = split_table([((1, 0), 2), ((0, 1), 1)], [2, 1], [1, 0], [1, 1])
    >>> sizes, table[(1, 1)], table[(0, 1)]
    ([1, 1, 1], [1, [0, 0, 1]], [2, [1, 1, 0]])
    """
    n = len(class_sizes)
    # Les classes touchées : voisines de la case jouée, ou la sienne.
    touched = [k for k in range(n) if rest_counts[k] != class_sizes[k]]
    sizes = list(rest_counts) + [near_counts[k] for k in touched]
    padding = [0] * len(touched)
    table: dict[tuple[int, int], list] = {}
    for counts, weight in solutions:
        # Le poids d'une solution est le produit des comb(taille, mines) de ses classes :
        # on refait celui des classes touchées.
        splits = []
        x = 0
        mines = [*counts, *padding]
        for t, k in enumerate(touched):
            c = counts[k]
            if not c:
                continue
            a, r = near_counts[k], rest_counts[k]
            if c > a + r:
                weight = 0
                break
            weight //= comb(class_sizes[k], c)
            if r == 0:
                weight *= comb(a, c)
                x += c
                mines[k] = 0
                mines[n + t] = c
            elif a == 0:
                weight *= comb(r, c)
            else:
                splits.append((t, k))
        if not weight:
            continue
        m = sum(counts)
        partial = [(x, weight, mines)]
        for t, k in splits:
            c, a, r = counts[k], near_counts[k], rest_counts[k]
            grown = []
            for j in range(max(0, c - r), min(a, c) + 1):
                ways = comb(a, j) * comb(r, c - j)
                for px, pw, pm in partial:
                    split = pm.copy()
                    split[k] = c - j
                    split[n + t] = j
                    grown.append((px + j, pw * ways, split))
            partial = grown
        for px, pw, pm in partial:
            entry = table.get((px, m))
            if entry is None:
                table[(px, m)] = [pw, [pw * c for c in pm]]
            else:
                entry[0] += pw
                entry[1] = [s + pw * c for s, c in zip(entry[1], pm)]
    return table, sizes


def blend(safeties: list[tuple[float, int]]) -> float:
    """La plus grande chance d'être sûre, mêlée à la deuxième (quatre parts pour une) :
    ``safeties`` liste (chance, nombre de cases qui l'ont).

    >>> round(blend([(0.5, 1), (0.9, 1), (0.8, 3)]), 6)
    0.88
    """
    first = second = 0.0
    for safety, count in safeties:
        if safety > first:
            first, second = safety, (safety if count > 1 else first)
        elif safety > second:
            second = safety
    return (BLEND_FIRST * first + (1 - BLEND_FIRST) * second) if second else first


def score(outlook: Outlook | None, rank: int) -> float:
    """Le score S (rang 0), E (1) ou Q (2) d'une case ; 0 sans :class:`Outlook`."""
    return 0.0 if outlook is None else outlook.scores[rank]


def largest(candidates: list[int], score) -> list[int]:
    """Les candidats de score maximal, à ``TOLERANCE`` près (relative)."""
    scores = [score(c) for c in candidates]
    best = max(scores)
    bound = best - abs(best) * TOLERANCE
    return [c for c, s in zip(candidates, scores) if s >= bound]
