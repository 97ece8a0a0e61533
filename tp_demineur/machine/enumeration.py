"""Toutes les façons de placer les mines autour d'un groupe de nombres liés.

Un groupe (:class:`Group`) est un ensemble de contraintes « ces cases contiennent
``need`` mines » reliées par des cases communes. Les cases qui touchent exactement
les mêmes nombres forment une classe : seul compte le nombre de mines de chaque
classe, et une classe de ``s`` cases qui en contient ``k`` le fait de
``comb(s, k)`` façons. On énumère donc les nombres de mines par classe (une
*solution*), et l'on range les poids par nombre total de mines du groupe, pour
les combiner ensuite avec les autres groupes et les cases loin des nombres.

Quand un groupe a trop de solutions pour les énumérer une à une, un calcul par
programmation dynamique (les classes l'une après l'autre, en ne gardant que ce
qui manque aux nombres encore ouverts) donne les mêmes totaux sans la liste.
"""

from __future__ import annotations

from math import comb

# Au-delà de ce nombre de nœuds de recherche, on passe au calcul par états.
SEARCH_BUDGET = 20_000


class Group:
    """Les solutions d'un groupe de contraintes, pondérées.

    - ``classes`` : les classes de cases (tuples de numéros de cases) ;
    - ``low`` : le plus petit nombre de mines d'une solution ;
    - ``weights[m - low]`` : le nombre de dispositions du groupe à ``m`` mines ;
    - ``masses[k][m - low]`` : la somme, sur ces dispositions, des mines de la classe ``k`` ;
    - ``solutions`` : la liste des ``(mines par classe, poids)``, ou None si le groupe
      a été compté par états (trop de solutions).

    >>> g = Group.solve([((1, 2), 1), ((2, 3), 1)])
    >>> sorted(g.classes), g.low, g.weights
    ([(1,), (2,), (3,)], 1, [1, 1])
    """

    __slots__ = ("classes", "low", "masses", "solutions", "weights")

    def __init__(self, classes, low, weights, masses, solutions) -> None:
        self.classes: list[tuple[int, ...]] = classes
        self.low: int = low
        self.weights: list[int] = weights
        self.masses: list[list[int]] = masses
        self.solutions: list[tuple[tuple[int, ...], int]] | None = solutions

    @classmethod
    def solve(cls, constraints: list[tuple[tuple[int, ...], int]]) -> Group:
        """Le groupe des contraintes ``(cases, mines)`` (reliées entre elles)."""
        membership: dict[int, list[int]] = {}
        for j, (cells, _) in enumerate(constraints):
            for c in cells:
                membership.setdefault(c, []).append(j)
        by_key: dict[tuple[int, ...], list[int]] = {}
        for c, js in membership.items():
            by_key.setdefault(tuple(js), []).append(c)
        keys = order_classes(list(by_key))
        classes = [tuple(by_key[k]) for k in keys]
        needs = [need for _, need in constraints]
        solutions = search(keys, [len(c) for c in classes], needs, constraints)
        if solutions is None:
            keys = sweep_order(keys)
            classes = [tuple(by_key[k]) for k in keys]
            low, weights, masses = count_by_states(keys, [len(c) for c in classes], needs)
            return cls(classes, low, weights, masses, None)
        return cls(classes, *tally(solutions, len(classes)), solutions)


def order_classes(keys: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Un ordre où chaque classe touche autant que possible des nombres déjà
    rencontrés : les contraintes se ferment tôt, la recherche coupe tôt."""
    remaining = sorted(keys, key=lambda k: (-len(k), k))
    ordered = [remaining.pop(0)]
    seen = set(ordered[0])
    while remaining:
        best = max(
            range(len(remaining)),
            key=lambda i: (sum(j in seen for j in remaining[i]), -len(remaining[i])),
        )
        key = remaining.pop(best)
        ordered.append(key)
        seen.update(key)
    return ordered


def sweep_order(keys: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Un ordre pour le calcul par états : on balaie le groupe depuis un bord, en gardant
    à chaque pas le moins possible de contraintes entamées et pas encore complètes."""
    users: dict[int, list[int]] = {}
    for i, key in enumerate(keys):
        for j in key:
            users.setdefault(j, []).append(i)
    # Un départ au bord : la dernière classe atteinte par un parcours en largeur.
    seen = {0}
    frontier = [0]
    last = 0
    while frontier:
        following = []
        for i in frontier:
            for j in keys[i]:
                for k in users[j]:
                    if k not in seen:
                        seen.add(k)
                        following.append(k)
        if following:
            last = following[0]
        frontier = following
    remaining = {j: len(u) for j, u in users.items()}
    opened: set[int] = set()
    placed: set[int] = set()
    order = []
    candidates = {last}
    while len(order) < len(keys):
        if not candidates:
            candidates = {i for i in range(len(keys)) if i not in placed}

        def cost(i: int) -> tuple[int, int, int]:
            key = keys[i]
            closing = sum(1 for j in key if remaining[j] == 1)
            return (len(opened | set(key)) - closing, -closing, i)

        best = min(candidates, key=cost)
        candidates.discard(best)
        placed.add(best)
        order.append(keys[best])
        for j in keys[best]:
            remaining[j] -= 1
            if remaining[j]:
                opened.add(j)
                candidates.update(k for k in users[j] if k not in placed)
            else:
                opened.discard(j)
    return order


def search(
    keys: list[tuple[int, ...]],
    sizes: list[int],
    needs: list[int],
    constraints: list[tuple[tuple[int, ...], int]],
) -> list[tuple[tuple[int, ...], int]] | None:
    """Toutes les solutions (mines par classe, poids), ou None au-delà du budget."""
    n = len(keys)
    need = list(needs)
    cap = [len(cells) for cells, _ in constraints]
    counts = [0] * n
    found: list[tuple[tuple[int, ...], int]] = []
    budget = [SEARCH_BUDGET]

    def place(pos: int, weight: int) -> bool:
        if pos == n:
            found.append((tuple(counts), weight))
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        cons = keys[pos]
        size = sizes[pos]
        lo, hi = 0, size
        for j in cons:
            cap[j] -= size
            if need[j] < hi:
                hi = need[j]
            if need[j] - cap[j] > lo:
                lo = need[j] - cap[j]
        ok = True
        for k in range(lo, hi + 1):
            for j in cons:
                need[j] -= k
            counts[pos] = k
            ok = place(pos + 1, weight * comb(size, k))
            for j in cons:
                need[j] += k
            if not ok:
                break
        for j in cons:
            cap[j] += size
        return ok

    return found if place(0, 1) else None


def tally(
    solutions: list[tuple[tuple[int, ...], int]], nb_classes: int
) -> tuple[int, list[int], list[list[int]]]:
    """Les poids et les masses par nombre de mines, à partir des solutions."""
    if not solutions:
        return 0, [], [[] for _ in range(nb_classes)]
    totals = [sum(counts) for counts, _ in solutions]
    low = min(totals)
    length = max(totals) - low + 1
    weights = [0] * length
    masses = [[0] * length for _ in range(nb_classes)]
    for (counts, weight), total in zip(solutions, totals):
        m = total - low
        weights[m] += weight
        for k, mines in enumerate(counts):
            if mines:
                masses[k][m] += weight * mines
    return low, weights, masses


def count_by_states(
    keys: list[tuple[int, ...]], sizes: list[int], needs: list[int]
) -> tuple[int, list[int], list[list[int]]]:
    """Les mêmes totaux que :func:`tally`, sans lister les solutions.

    On place les classes dans l'ordre ; un état est ce qui manque encore à chaque
    contrainte, à laquelle il reste des classes à placer. Pour chaque état, on garde
    le poids des débuts de dispositions qui y mènent, par nombre de mines (passage
    avant), puis celui des fins (passage arrière) ; les masses d'une classe
    viennent des débuts et des fins qui encadrent chacun de ses nombres de mines.
    """
    n = len(keys)
    last = {}
    for pos, cons in enumerate(keys):
        for j in cons:
            last[j] = pos
    # Les contraintes « ouvertes » après avoir placé les classes 0..pos.
    open_after = []
    current: list[int] = []
    for pos, cons in enumerate(keys):
        current = sorted((set(current) | set(cons)) - {j for j in cons if last[j] == pos})
        open_after.append(tuple(current))

    opened_before: list[tuple[int, ...]] = [(), *open_after[:-1]]

    def moves_from(pos: int):
        """Pour la classe ``pos`` : une fonction état -> [(k, état suivant)] possibles."""
        index = {j: i for i, j in enumerate(opened_before[pos])}
        touched = [(index.get(j, -1), needs[j], last[j] == pos) for j in keys[pos]]
        where = {j: t for t, j in enumerate(keys[pos])}
        # Chaque contrainte ouverte après la classe : (vient des touchées ?, indice).
        layout = [(j in where, where[j] if j in where else index[j]) for j in open_after[pos]]
        size = sizes[pos]

        def moves(key: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
            values = [key[i] if i >= 0 else need for i, need, _ in touched]
            found = []
            for k in range(min(size, *values) + 1):
                rests = [v - k for v in values]
                if any(r and closing for r, (_, _, closing) in zip(rests, touched)):
                    continue
                found.append((k, tuple(rests[i] if mine else key[i] for mine, i in layout)))
            return found

        return moves

    # Passage avant : forward[pos] décrit les états avant la classe pos ; on garde les
    # transitions pour les deux passages suivants.
    forward: list[dict[tuple[int, ...], dict[int, int]]] = [{(): {0: 1}}]
    transitions: list[dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]]] = []
    for pos in range(n):
        moves = moves_from(pos)
        table: dict[tuple[int, ...], dict[int, int]] = {}
        known: dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]] = {}
        for key, poly in forward[pos].items():
            known[key] = found = moves(key)
            for k, new in found:
                ways = comb(sizes[pos], k)
                target = table.setdefault(new, {})
                for m, w in poly.items():
                    target[m + k] = target.get(m + k, 0) + w * ways
        forward.append(table)
        transitions.append(known)
    # Passage arrière : backward[pos] décrit les fins à partir de la classe pos.
    backward: list[dict[tuple[int, ...], dict[int, int]]] = [{} for _ in range(n + 1)]
    backward[n] = {(): {0: 1}}
    for pos in range(n - 1, -1, -1):
        table = {}
        after_all = backward[pos + 1]
        for key, found in transitions[pos].items():
            poly: dict[int, int] = {}
            for k, new in found:
                after = after_all.get(new)
                if after is None:
                    continue
                ways = comb(sizes[pos], k)
                for m, w in after.items():
                    poly[m + k] = poly.get(m + k, 0) + w * ways
            if poly:
                table[key] = poly
        backward[pos] = table
    totals = backward[0].get((), {})
    if not totals:
        return 0, [], [[] for _ in range(n)]
    low = min(totals)
    length = max(totals) - low + 1
    weights = [0] * length
    for m, w in totals.items():
        weights[m - low] += w
    masses = [[0] * length for _ in range(n)]
    for pos in range(n):
        for key, before in forward[pos].items():
            for k, new in transitions[pos][key]:
                after = backward[pos + 1].get(new)
                if not k or after is None:
                    continue
                ways = comb(sizes[pos], k) * k
                for m1, w1 in before.items():
                    for m2, w2 in after.items():
                        masses[pos][m1 + k + m2 - low] += w1 * w2 * ways
    return low, weights, masses
