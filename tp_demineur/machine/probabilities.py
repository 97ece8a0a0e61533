"""Les probabilités exactes d'une mine dans chaque case fermée.

Toutes les dispositions de ``nb_mines`` mines qui donnent les nombres visibles
sont également probables. On les compte sans les lister :

1. les cases inconnues qui touchent un nombre forment des groupes indépendants
   (deux groupes n'ont aucun nombre en commun) ; chaque groupe énumère ses
   solutions (:mod:`.enumeration`), rangées par nombre de mines ;
2. les ``I`` cases inconnues loin de tout nombre reçoivent les mines restantes :
   ``comb(I, r)`` façons d'en placer ``r`` ;
3. le poids d'une solution d'un groupe est son propre poids, fois les façons de
   compléter avec les autres groupes et l'intérieur (une convolution des
   polynômes des groupes, en entiers exacts : aucun dépassement de capacité).

La probabilité d'une case est le poids total des dispositions où elle a une
mine, divisé par le poids de toutes les dispositions (``total``).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from .enumeration import Group
from .knowledge import MINE, OPEN, UNKNOWN, Knowledge, contradiction
from .view import View, read_view


def convolve(a: list[int], b: list[int]) -> list[int]:
    """Le produit de deux polynômes (coefficients par degré croissant).

    >>> convolve([1, 1], [1, 2])
    [1, 3, 2]
    """
    if not a or not b:
        return []
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


class Analysis:
    """L'analyse exacte d'une position : groupes, poids et probabilités.

    - ``groups`` : les groupes (:class:`~.enumeration.Group`) ;
    - ``factors[g][m - low]`` : le poids de tout ce qui est hors du groupe ``g``
      quand celui-ci a ``m`` mines (autres groupes et intérieur) ;
    - ``total`` : le nombre de dispositions compatibles (jamais 0 : sinon
      :class:`~.knowledge.Contradiction`) ;
    - ``interior`` : les cases inconnues loin des nombres ;
    - ``where[c]`` : ``(g, k)`` pour une case de la classe ``k`` du groupe ``g``.
    """

    def __init__(self, knowledge: Knowledge, cache: dict | None = None) -> None:
        k = knowledge
        self.knowledge = k
        state, need, free, nbrs = k.state, k.need, k.free, k.neighbours
        constraints: list[tuple[tuple[int, ...], int]] = []
        membership: dict[int, int] = {}
        parent: list[int] = []

        def find(j: int) -> int:
            while parent[j] != j:
                parent[j] = parent[parent[j]]
                j = parent[j]
            return j

        for c in range(k.size):
            if state[c] != OPEN:
                continue
            if free[c] == 0:
                k.check(c)
                continue
            cells = tuple(u for u in nbrs[c] if state[u] == UNKNOWN)
            j = len(constraints)
            constraints.append((cells, need[c]))
            parent.append(j)
            for u in cells:
                other = membership.setdefault(u, j)
                if other != j:
                    ra, rb = find(other), find(j)
                    if ra != rb:
                        parent[rb] = ra
        by_root: dict[int, list[int]] = {}
        for j in range(len(constraints)):
            by_root.setdefault(find(j), []).append(j)
        self.groups: list[Group] = []
        for js in by_root.values():
            key = tuple(constraints[j] for j in js)
            group = cache.get(key) if cache is not None else None
            if group is None:
                group = Group.solve(list(key))
                if cache is not None:
                    cache[key] = group
            if not group.weights:
                raise contradiction("les nombres autour de certaines cases se contredisent")
            self.groups.append(group)
        self.interior = [c for c in range(k.size) if state[c] == UNKNOWN and c not in membership]
        self.where: dict[int, tuple[int, int]] = {}
        for g, group in enumerate(self.groups):
            for cls, cells in enumerate(group.classes):
                for c in cells:
                    self.where[c] = (g, cls)
        self._weigh(k.mines_left)

    def _weigh(self, mines_left: int) -> None:
        groups = self.groups
        size = len(self.interior)
        self.mines_left = mines_left
        # prefix[i] : produit des groupes 0..i-1 ; suffix[i] : des groupes i..fin.
        low_prefix = [0]
        prefix = [[1]]
        for group in groups:
            prefix.append(convolve(prefix[-1], group.weights))
            low_prefix.append(low_prefix[-1] + group.low)
        low_suffix = [0] * (len(groups) + 1)
        suffix = [[1] for _ in range(len(groups) + 1)]
        for i in range(len(groups) - 1, -1, -1):
            suffix[i] = convolve(groups[i].weights, suffix[i + 1])
            low_suffix[i] = groups[i].low + low_suffix[i + 1]
        everything, low_all = prefix[-1], low_prefix[-1]
        self.total = sum(
            w * comb(size, mines_left - low_all - t)
            for t, w in enumerate(everything)
            if 0 <= mines_left - low_all - t <= size
        )
        if self.total == 0:
            raise contradiction(
                f"aucune façon de placer les {mines_left} mines restantes ne convient"
            )
        # Le numérateur commun aux cases de l'intérieur : sum poids * comb(I - 1, r - 1).
        self.interior_mass = sum(
            w * comb(size - 1, mines_left - low_all - t - 1)
            for t, w in enumerate(everything)
            if 1 <= mines_left - low_all - t <= size
        )
        self.factors: list[list[int]] = []
        self.class_mass: list[list[int]] = []
        for g, group in enumerate(groups):
            others = convolve(prefix[g], suffix[g + 1])
            low_others = low_prefix[g] + low_suffix[g + 1]
            factor = []
            for m in range(group.low, group.low + len(group.weights)):
                room = mines_left - m - low_others
                factor.append(
                    sum(
                        w * comb(size, room - t)
                        for t, w in enumerate(others)
                        if 0 <= room - t <= size
                    )
                )
            self.factors.append(factor)
            self.class_mass.append(
                [sum(a * b for a, b in zip(masses, factor)) for masses in group.masses]
            )

    # -- résultats ------------------------------------------------------------

    def mass(self, cell: int) -> tuple[int, int]:
        """``(mines, cases)`` : la probabilité de ``cell`` est ``mines / (cases * total)``."""
        place = self.where.get(cell)
        if place is None:
            return self.interior_mass, 1
        g, cls = place
        return self.class_mass[g][cls], len(self.groups[g].classes[cls])

    def probability(self, cell: int) -> Fraction:
        """La probabilité exacte d'une mine en ``cell`` (case inconnue)."""
        mines, cells = self.mass(cell)
        return Fraction(mines, cells * self.total)

    def float_probability(self, cell: int) -> float:
        mines, cells = self.mass(cell)
        return mines / (cells * self.total)  # division entière exacte, arrondie une fois

    def certain(self) -> tuple[list[int], list[int]]:
        """Les cases inconnues sûres (probabilité 0) et celles qui sont des mines (1)."""
        safe: list[int] = []
        mines: list[int] = []
        for g, group in enumerate(self.groups):
            for cls, cells in enumerate(group.classes):
                mass = self.class_mass[g][cls]
                if mass == 0:
                    safe.extend(cells)
                elif mass == len(cells) * self.total:
                    mines.extend(cells)
        if self.interior:
            if self.interior_mass == 0:
                safe.extend(self.interior)
            elif self.interior_mass == self.total:
                mines.extend(self.interior)
        return safe, mines

    def locally_certain(self, cell: int) -> bool:
        """Vrai si ``cell`` est décidée par les nombres de son groupe seuls, sans le
        nombre total de mines (la même valeur dans toutes les solutions du groupe)."""
        place = self.where.get(cell)
        if place is None:
            return False
        g, cls = place
        group = self.groups[g]
        masses = group.masses[cls]
        size = len(group.classes[cls])
        return all(m == 0 for m in masses) or all(
            m == size * w for m, w in zip(masses, group.weights)
        )


def exact_mine_probabilities(view: View, nb_mines: int) -> list[list[Fraction]]:
    """Comme :func:`mine_probabilities`, en fractions exactes.

    >>> exact_mine_probabilities([[1, None, None]], 1)
    [[Fraction(0, 1), Fraction(1, 1), Fraction(0, 1)]]
    """
    knowledge = read_view(view, nb_mines)
    knowledge.run_cheap()
    analysis = Analysis(knowledge)
    state, width = knowledge.state, knowledge.width
    zero, one = Fraction(0), Fraction(1)
    return [
        [
            analysis.probability(c) if state[c] == UNKNOWN else (one if state[c] == MINE else zero)
            for c in range(y * width, (y + 1) * width)
        ]
        for y in range(knowledge.height)
    ]


def mine_probabilities(view: View, nb_mines: int) -> list[list[float]]:
    """Pour chaque case fermée de la vue, la probabilité exacte qu'elle cache une mine.

    Toutes les dispositions de ``nb_mines`` mines qui donnent les nombres de la vue
    sont également probables (les cases loin des nombres comptent aussi) ; une case
    ouverte vaut 0.0. Lève ``ValueError`` (en français) si aucune disposition
    n'explique la vue.

    >>> mine_probabilities([[1, None], [None, None]], 1)
    [[0.0, 0.3333333333333333], [0.3333333333333333, 0.3333333333333333]]
    """
    knowledge = read_view(view, nb_mines)
    knowledge.run_cheap()
    analysis = Analysis(knowledge)
    state, width = knowledge.state, knowledge.width
    return [
        [
            analysis.float_probability(c)
            if state[c] == UNKNOWN
            else (1.0 if state[c] == MINE else 0.0)
            for c in range(y * width, (y + 1) * width)
        ]
        for y in range(knowledge.height)
    ]
