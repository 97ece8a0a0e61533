"""Ce que sait le joueur, et les déductions les moins chères.

Une :class:`Knowledge` tient l'état de chaque case (inconnue, sûre, mine, ouverte)
et, pour chaque case ouverte, le nombre de mines qui lui manquent (``need``) et
le nombre de ses voisines encore inconnues (``free``). Les règles, de la moins
chère à la plus chère :

- la règle d'un nombre seul (:meth:`Knowledge.run_singles`) : un nombre qui a
  déjà toutes ses mines rend ses autres voisines sûres ; un nombre à qui il
  manque autant de mines qu'il a de voisines inconnues les a toutes minées ;
- la règle de deux nombres voisins (:meth:`Knowledge.run_pairs`) : les cases
  qu'ils partagent contiennent entre ``lo`` et ``hi`` mines, ce qui peut
  décider les cases que l'un a sans l'autre (la règle du sous-ensemble en est
  le cas où toutes les cases de l'un touchent aussi l'autre) ;
- le compte total (:meth:`Knowledge.run_count`) : toutes les mines trouvées,
  ou autant de mines que de cases inconnues.

Chaque case décidée garde sa raison (:class:`Reason`), de quoi l'expliquer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .geometry import coordinates, near, neighbours

UNKNOWN, SAFE, MINE, OPEN = 0, 1, 2, 3


class Rule(Enum):
    """Comment un coup a été trouvé : une déduction (les cinq premières), ou pourquoi une
    case risquée a été choisie (les quatre dernières)."""

    SINGLE = "un nombre seul"
    SUBSET = "sous-ensemble"
    PAIR = "deux nombres voisins"
    COUNT = "nombre total de mines"
    CASES = "examen de tous les cas"
    GUESS = "case la moins risquée"
    FORCED = "deviner là est inévitable"
    ENDGAME = "fin de partie examinée jusqu'au bout"
    TWO_MOVES = "meilleure chance de survivre à deux coups"


@dataclass(frozen=True)
class Reason:
    """Pourquoi une case a été décidée.

    ``sources`` : les cases ouvertes dont les nombres servent (deux pour une paire :
    celle qui apporte la borne, puis celle qui conclut) ; ``premises`` : les cases
    déjà décidées autour d'elles au moment de la déduction ; ``needs`` et ``cells`` :
    pour chaque source, les mines qui lui manquaient et ses voisines inconnues.
    """

    rule: Rule
    sources: tuple[int, ...] = ()
    premises: tuple[int, ...] = ()
    needs: tuple[int, ...] = ()
    cells: tuple[tuple[int, ...], ...] = ()


class Contradiction(ValueError):
    """Aucune disposition des mines n'explique ce que montre le plateau."""


def contradiction(detail: str) -> Contradiction:
    return Contradiction(f"Aucune disposition des mines n'explique ce plateau : {detail}.")


def at(cell: int, width: int) -> str:
    """« (x, y) » pour une case numérotée."""
    x, y = coordinates(cell, width)
    return f"({x}, {y})"


class Knowledge:
    """L'état connu d'une partie, mis à jour case par case.

    >>> k = Knowledge(3, 1, 1)
    >>> k.reveal(0, 1)
    >>> k.run_singles(), k.state[1] == MINE
    (True, True)
    >>> k.run_count(), k.state[2] == SAFE
    (True, True)
    """

    def __init__(self, width: int, height: int, nb_mines: int, explain: bool = False) -> None:
        self.width = width
        self.height = height
        self.size = width * height
        self.nb_mines = nb_mines
        self.explain = explain
        self.neighbours = neighbours(width, height)
        self.near = near(width, height)
        self.value = [-1] * self.size
        self.state = [UNKNOWN] * self.size
        self.need = [0] * self.size
        self.free = [0] * self.size
        self.mines_left = nb_mines
        self.unknown = self.size
        self.opened = 0
        # Cases ouvertes dont la règle d'un nombre seul est à revoir, et celles dont
        # la contrainte a changé depuis le dernier passage de la règle des paires.
        self.pending: set[int] = set()
        self.dirty: set[int] = set()
        # Cases déduites sûres, encore fermées, dans l'ordre des déductions.
        self.safe_queue: list[int] = []
        self.reasons: dict[int, Reason] = {}
        self.order: list[int] = []

    # -- changements d'état ------------------------------------------------

    def reveal(self, cell: int, value: int) -> None:
        """Ouvre ``cell``, qui montre ``value`` mines autour d'elle."""
        state = self.state
        if state[cell] == OPEN:
            return
        if state[cell] == MINE:
            raise contradiction(f"la case {at(cell, self.width)} est à la fois mine et ouverte")
        if state[cell] == UNKNOWN:
            self._leave_unknown(cell, False)
        state[cell] = OPEN
        self.value[cell] = value
        self.opened += 1
        need = value
        free = 0
        for n in self.neighbours[cell]:
            s = state[n]
            if s == UNKNOWN:
                free += 1
            elif s == MINE:
                need -= 1
        self.need[cell] = need
        self.free[cell] = free
        self.pending.add(cell)
        if free:
            self.dirty.add(cell)

    def mark(self, cell: int, mine: bool, reason: Reason | None) -> None:
        """Note une déduction : ``cell`` est une mine (``mine``) ou une case sûre."""
        s = self.state[cell]
        if s != UNKNOWN:
            if (s == MINE) != mine:
                what = "une mine" if mine else "sûre"
                raise contradiction(f"la case {at(cell, self.width)} devrait être {what}")
            return
        self._leave_unknown(cell, mine)
        self.state[cell] = MINE if mine else SAFE
        if not mine:
            self.safe_queue.append(cell)
        if reason is not None:
            self.reasons[cell] = reason
            self.order.append(cell)

    def move_mine(self, cell: int, delta: int) -> None:
        """Une mine vient d'apparaître (+1) ou de disparaître (-1) près des cases
        ouvertes voisines de ``cell`` : leurs nombres changent (générateur sans hasard)."""
        for n in self.neighbours[cell]:
            if self.state[n] == OPEN:
                self.value[n] += delta
                self.need[n] += delta
                self.pending.add(n)
                self.dirty.add(n)

    def _leave_unknown(self, cell: int, mine: bool) -> None:
        self.unknown -= 1
        if mine:
            self.mines_left -= 1
        state, free, need = self.state, self.free, self.need
        pending, dirty = self.pending, self.dirty
        for n in self.neighbours[cell]:
            if state[n] == OPEN:
                free[n] -= 1
                if mine:
                    need[n] -= 1
                pending.add(n)
                dirty.add(n)

    # -- ce que voit une case ----------------------------------------------

    def unknown_around(self, cell: int) -> list[int]:
        state = self.state
        return [n for n in self.neighbours[cell] if state[n] == UNKNOWN]

    def decided_around(self, cell: int) -> tuple[int, ...]:
        state = self.state
        return tuple(n for n in self.neighbours[cell] if state[n] == MINE or state[n] == SAFE)

    def unknown_cells(self) -> list[int]:
        state = self.state
        return [c for c in range(self.size) if state[c] == UNKNOWN]

    def check(self, cell: int) -> None:
        """Lève :class:`Contradiction` si le nombre de ``cell`` ne peut plus être satisfait."""
        need = self.need[cell]
        if need < 0:
            raise contradiction(
                f"le {self.value[cell]} en {at(cell, self.width)} a trop de mines autour de lui"
            )
        if need > self.free[cell]:
            raise contradiction(
                f"le {self.value[cell]} en {at(cell, self.width)} "
                "n'a pas assez de cases fermées autour de lui"
            )

    # -- règles --------------------------------------------------------------

    def single_facts(self, cell: int) -> tuple[list[int], bool, Reason | None] | None:
        """Ce que la règle d'un nombre seul décide autour de ``cell`` : (cases, mines ?, raison)."""
        self.check(cell)
        free = self.free[cell]
        if free == 0:
            return None
        need = self.need[cell]
        if need != 0 and need != free:
            return None
        cells = self.unknown_around(cell)
        reason = None
        if self.explain:
            reason = Reason(
                Rule.SINGLE, (cell,), self.decided_around(cell), (need,), (tuple(cells),)
            )
        return cells, need != 0, reason

    def run_singles(self) -> bool:
        """Applique la règle d'un nombre seul jusqu'à ce qu'elle ne donne plus rien."""
        progress = False
        pending = self.pending
        state = self.state
        while pending:
            cell = pending.pop()
            if state[cell] != OPEN:
                continue
            found = self.single_facts(cell)
            if found is not None:
                cells, mine, reason = found
                for c in cells:
                    self.mark(c, mine, reason)
                progress = True
        return progress

    def pair_facts(self, a: int, b: int) -> list[tuple[list[int], bool, Reason | None]]:
        """Ce que la règle des deux nombres ``a`` et ``b`` décide.

        Les cases qu'ils partagent contiennent au moins ``lo`` et au plus ``hi``
        mines ; il en reste donc entre ``need - hi`` et ``need - lo`` dans les
        cases que chacun a sans l'autre.
        """
        state = self.state
        cells_a = self.unknown_around(a)
        cells_b = self.unknown_around(b)
        set_b = set(cells_b)
        shared = [c for c in cells_a if c in set_b]
        if not shared:
            return []
        set_a = set(cells_a)
        only_a = [c for c in cells_a if c not in set_b]
        only_b = [c for c in cells_b if c not in set_a]
        need_a, need_b = self.need[a], self.need[b]
        lo = max(0, need_a - len(only_a), need_b - len(only_b))
        hi = min(len(shared), need_a, need_b)
        if lo > hi:
            raise contradiction(
                f"le {self.value[a]} en {at(a, self.width)} et le {self.value[b]} "
                f"en {at(b, self.width)} se contredisent"
            )
        facts: list[tuple[list[int], bool, Reason | None]] = []
        for source, target, need, only, only_other in (
            (a, b, need_b, only_b, only_a),
            (b, a, need_a, only_a, only_b),
        ):
            if not only:
                continue
            if need - lo == 0:
                mine = False
            elif need - hi == len(only):
                mine = True
            else:
                continue
            reason = None
            if self.explain:
                rule = Rule.SUBSET if not only_other else Rule.PAIR
                reason = Reason(
                    rule,
                    (source, target),
                    tuple(dict.fromkeys(self.decided_around(source) + self.decided_around(target))),
                    (self.need[source], self.need[target]),
                    (tuple(self.unknown_around(source)), tuple(self.unknown_around(target))),
                )
            facts.append(([c for c in only if state[c] == UNKNOWN], mine, reason))
        return facts

    def run_pairs(self) -> bool:
        """Un passage de la règle des paires sur les nombres qui ont changé."""
        progress = False
        dirty = self.dirty
        self.dirty = set()
        state, free, near_cells = self.state, self.free, self.near
        for a in dirty:
            for b in near_cells[a]:
                if state[a] != OPEN or free[a] == 0:
                    break
                if state[b] != OPEN or free[b] == 0 or (b < a and b in dirty):
                    continue
                for cells, mine, reason in self.pair_facts(a, b):
                    for c in cells:
                        self.mark(c, mine, reason)
                    progress = True
        return progress

    def count_facts(self) -> tuple[list[int], bool, Reason | None] | None:
        """Ce que le nombre total de mines décide à lui seul."""
        if self.mines_left < 0 or self.mines_left > self.unknown:
            raise contradiction(
                f"il faudrait {self.mines_left} mines dans {self.unknown} cases inconnues"
            )
        if self.unknown == 0 or 0 < self.mines_left < self.unknown:
            return None
        reason = None
        if self.explain:
            state = self.state
            decided = tuple(c for c in range(self.size) if state[c] == MINE or state[c] == SAFE)
            reason = Reason(Rule.COUNT, premises=decided, needs=(self.mines_left,))
        return self.unknown_cells(), self.mines_left > 0, reason

    def run_count(self) -> bool:
        found = self.count_facts()
        if found is None:
            return False
        cells, mine, reason = found
        for c in cells:
            self.mark(c, mine, reason)
        return True

    def run_cheap(self) -> bool:
        """Les règles peu chères (nombre seul, paires, compte) jusqu'à ce qu'elles
        ne donnent plus rien. Renvoie True si au moins une case a été décidée."""
        progress = False
        while True:
            if self.run_singles():
                progress = True
                continue
            if self.run_pairs():
                progress = True
                continue
            if self.run_count():
                progress = True
                continue
            return progress

    # -- constructions -------------------------------------------------------

    def is_finished(self) -> bool:
        """Toutes les cases sans mine sont ouvertes."""
        return self.opened == self.size - self.nb_mines
