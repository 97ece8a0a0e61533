"""Une partie de démineur : son état et ses règles, sans aucune entrée ni sortie.

Les trois grilles sont celles du TP (``mines``, ``neigh``, ``opened``) et ce
sont les fonctions du TP qui les remplissent : ``initialise_mines`` tire les
mines, ``compute_neigh`` les compte, ``propagate_open_cells`` inonde et
``is_finished`` dit où en est la partie. Le jeu y ajoute les drapeaux,
l'ouverture des voisines d'un chiffre (comme GNOME Mines), l'annulation des
coups et, par défaut, un premier coup sans danger : les mines sont placées
après lui, jamais sur sa case ni, quand la place le permet, autour d'elle.

Chaque coup est un appel de méthode ; un coup impossible lève ``MoveRefused``,
dont le champ ``reason`` dit pourquoi. Une machine peut donc jouer comme un
joueur :

>>> import random
>>> random.seed(3)
>>> game = Game(4, 3, 2)
>>> game.open(0, 0).action
<Action.OPEN: 'ouvrir'>
>>> game.view()[0][0]
0
>>> game.open(0, 0)
Traceback (most recent call last):
    ...
tp_demineur.game.MoveRefused: ALREADY_OPEN (0, 0)
"""

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from .tp import (
    compute_neigh,
    initialise_mines,
    initialise_open,
    is_coord_ok,
    is_finished,
    propagate_open_cells,
)

PLAYING, WON, LOST = 0, 1, 2  # les codes de ``is_finished``


class Mark(Enum):
    """Ce qu'une case montre quand ce n'est pas un nombre."""

    CLOSED = "fermée"
    FLAG = "drapeau"
    MINE = "mine"
    EXPLODED = "mine qui a explosé"
    WRONG_FLAG = "drapeau faux"


# Ce qu'une case montre : un nombre de mines voisines (case ouverte) ou une marque.
Cell = int | Mark


class Action(Enum):
    """Ce qu'un coup accepté a fait."""

    OPEN = "ouvrir"
    CHORD = "ouvrir autour"
    FLAG = "poser un drapeau"
    UNFLAG = "enlever un drapeau"
    UNDO = "annuler"


class Refusal(Enum):
    """Pourquoi un coup est refusé."""

    OFF_BOARD = "hors du plateau"
    FLAGGED = "case sous drapeau"
    ALREADY_OPEN = "déjà ouverte, rien à ouvrir autour"
    FLAGS_MISMATCH = "pas autant de drapeaux autour que le chiffre"
    FLAG_ON_OPEN = "drapeau sur une case ouverte"
    NOTHING_TO_UNDO = "aucun coup à annuler"
    GAME_OVER = "partie finie"


class MoveRefused(Exception):
    """Un coup que les règles refusent ; rien n'a changé dans la partie.

    ``number`` et ``flags`` ne servent qu'à ``FLAGS_MISMATCH`` : le chiffre de
    la case et le nombre de drapeaux autour d'elle.
    """

    def __init__(
        self,
        reason: Refusal,
        x: int | None = None,
        y: int | None = None,
        number: int = 0,
        flags: int = 0,
    ) -> None:
        where = f" ({x}, {y})" if x is not None else ""
        super().__init__(f"{reason.name}{where}")
        self.reason = reason
        self.x = x
        self.y = y
        self.number = number
        self.flags = flags


@dataclass(frozen=True)
class Outcome:
    """Un coup accepté : ce qu'il a fait, où, et combien de cases il a ouvertes."""

    action: Action
    x: int | None
    y: int | None
    opened: int


@dataclass(frozen=True)
class Snapshot:
    """Ce qu'un coup change, gardé pour pouvoir l'annuler."""

    opened: list[list[bool]]
    flagged: list[list[bool]]
    exploded: tuple[tuple[int, int], ...]
    moves: int


def neighbours(x: int, y: int, width: int, height: int) -> list[tuple[int, int]]:
    """Les voisines de (x, y) qui sont sur le plateau, la case elle-même exclue.

    >>> neighbours(0, 0, 3, 2)
    [(1, 0), (0, 1), (1, 1)]
    """
    return [
        (nx, ny)
        for ny in range(y - 1, y + 2)
        for nx in range(x - 1, x + 2)
        if (nx, ny) != (x, y) and is_coord_ok(nx, ny, width, height)
    ]


def place_mines_among(
    mines: list[list[bool]], nb_mines: int, allowed: list[tuple[int, int]]
) -> None:
    """Place ``nb_mines`` mines au hasard parmi les cases ``allowed``, avec ``initialise_mines``.

    La fonction du TP tire les mines sur une grille d'une ligne qui tient lieu
    des cases permises (sa case i est ``allowed[i]``) ; chaque ensemble de
    cases permises a donc la même chance. Les autres cases restent sans mine.

    >>> mines = [[False] * 3]
    >>> place_mines_among(mines, 2, [(0, 0), (2, 0)])
    >>> mines
    [[True, False, True]]
    """
    stand_in = [[False] * len(allowed)]
    initialise_mines(stand_in, nb_mines)
    for row in mines:
        for x in range(len(row)):
            row[x] = False
    for (x, y), mined in zip(allowed, stand_in[0], strict=True):
        mines[y][x] = mined


def safe_cells_for(
    first: tuple[int, int], width: int, height: int, nb_mines: int
) -> list[tuple[int, int]]:
    """Les cases où peuvent aller les mines quand ``first`` est le premier coup.

    Ni ``first`` ni ses voisines, s'il reste assez de place ; sinon, toutes
    les cases sauf ``first``.

    >>> len(safe_cells_for((4, 4), 9, 9, 10))
    72
    >>> len(safe_cells_for((0, 0), 2, 2, 3))
    3
    """
    x, y = first
    every = [(cx, cy) for cy in range(height) for cx in range(width)]
    spared = {first, *neighbours(x, y, width, height)}
    allowed = [cell for cell in every if cell not in spared]
    if len(allowed) < nb_mines:
        allowed = [cell for cell in every if cell != first]
    return allowed


class Game:
    """Une partie : les grilles du TP, les drapeaux et l'historique des coups.

    ``safe_first`` (par défaut) place les mines au premier coup ouvert, loin
    de lui ; sinon elles sont placées dès la création, comme dans le TP. Le
    hasard est celui du module ``random`` (celui de ``initialise_mines``).
    """

    def __init__(
        self,
        width: int,
        height: int,
        nb_mines: int,
        safe_first: bool = True,
        *,
        mines: list[list[bool]] | None = None,
        placer: Callable[[tuple[int, int]], list[list[bool]]] | None = None,
    ) -> None:
        if mines is None and not 1 <= nb_mines <= width * height:
            raise ValueError(f"{nb_mines} mines ne tiennent pas sur {width}×{height} cases")
        self.width = width
        self.height = height
        self.nb_mines = nb_mines
        self.safe_first = safe_first
        self.mines = [[False] * width for _ in range(height)]
        self.neigh = [[0] * width for _ in range(height)]
        self.opened = [[False] * width for _ in range(height)]
        self.flagged = [[False] * width for _ in range(height)]
        initialise_open(self.opened)
        self.placed = False
        self.first_move: tuple[int, int] | None = None
        self.exploded: tuple[tuple[int, int], ...] = ()
        self.moves = 0  # les coups qui ont ouvert des cases et n'ont pas été annulés
        self.undos = 0
        self.loss_undone = False
        self.history: list[Snapshot] = []
        # Qui place les mines au premier coup (par défaut : au hasard, loin de lui) ;
        # s'il n'y arrive pas, il le dit (placement_note) et le hasard prend le relais.
        self.placer = placer
        self.placement_note: str | None = None
        # Des mines données, ou sans choix possible (toutes les cases sont
        # minées), ou avec les règles du TP : les mines sont placées tout de suite.
        if mines is not None:
            self.mines = [[bool(cell) for cell in row] for row in mines]
            self._mines_placed()
        elif not safe_first or nb_mines == width * height:
            initialise_mines(self.mines, nb_mines)
            self._mines_placed()

    @classmethod
    def from_mines(cls, mines: list[list[bool]]) -> "Game":
        """Une partie sur ce plateau-là (copié), les mines déjà placées.

        >>> game = Game.from_mines([[True, False, False]])
        >>> game.open(2, 0).opened, game.view()
        (2, [[None, 1, 0]])
        """
        nb_mines = sum(bool(cell) for row in mines for cell in row)
        return cls(len(mines[0]), len(mines), nb_mines, safe_first=False, mines=mines)

    # -- L'état, tel qu'un joueur le voit ------------------------------------

    @property
    def status(self) -> int:
        """``PLAYING``, ``WON`` ou ``LOST`` (les codes de ``is_finished``)."""
        if not self.placed:
            return PLAYING
        return is_finished(self.mines, self.opened)

    def view(self) -> list[list[int | None]]:
        """Ce que voit le joueur : ``None`` pour une case fermée (drapeau ou non),
        le nombre de mines voisines pour une case ouverte."""
        return [
            [self.neigh[y][x] if self.opened[y][x] else None for x in range(self.width)]
            for y in range(self.height)
        ]

    def cells(self) -> list[list[Cell]]:
        """Ce que montre le plateau pendant la partie."""
        rows: list[list[Cell]] = []
        for y in range(self.height):
            row: list[Cell] = []
            for x in range(self.width):
                if self.opened[y][x]:
                    row.append(Mark.EXPLODED if self.mines[y][x] else self.neigh[y][x])
                else:
                    row.append(Mark.FLAG if self.flagged[y][x] else Mark.CLOSED)
            rows.append(row)
        return rows

    def revealed_cells(self) -> list[list[Cell]]:
        """Tout le champ, pour la fin de la partie : chaque mine, la ou les mines
        qui ont explosé, les drapeaux justes et les drapeaux faux, et le nombre de
        chaque case sans mine, ouverte ou non."""
        rows: list[list[Cell]] = []
        for y in range(self.height):
            row: list[Cell] = []
            for x in range(self.width):
                if self.mines[y][x]:
                    if (x, y) in self.exploded:
                        row.append(Mark.EXPLODED)
                    else:
                        row.append(Mark.FLAG if self.flagged[y][x] else Mark.MINE)
                else:
                    row.append(Mark.WRONG_FLAG if self.flagged[y][x] else self.neigh[y][x])
            rows.append(row)
        return rows

    @property
    def flags(self) -> int:
        return sum(row.count(True) for row in self.flagged)

    @property
    def mines_left(self) -> int:
        """Les mines moins les drapeaux (négatif s'il y a trop de drapeaux)."""
        return self.nb_mines - self.flags

    @property
    def cells_left(self) -> int:
        """Les cases sans mine qui restent à ouvrir."""
        safe_opened = sum(
            self.opened[y][x] and not self.mines[y][x]
            for y in range(self.height)
            for x in range(self.width)
        )
        return self.width * self.height - self.nb_mines - safe_opened

    def closed_cell_near_centre(self) -> tuple[int, int] | None:
        """Une case fermée sans drapeau, la plus proche du centre (pour un exemple)."""
        cells = [
            (x, y)
            for y in range(self.height)
            for x in range(self.width)
            if not self.opened[y][x] and not self.flagged[y][x]
        ]
        centre_x, centre_y = (self.width - 1) / 2, (self.height - 1) / 2
        return min(
            cells,
            key=lambda cell: ((cell[0] - centre_x) ** 2 + (cell[1] - centre_y) ** 2, cell),
            default=None,
        )

    # -- Les coups --------------------------------------------------------

    def open(self, x: int, y: int) -> Outcome:
        """Ouvre (x, y) ; sur un chiffre déjà ouvert dont tous les drapeaux sont
        posés, ouvre ses autres voisines."""
        self._check_move(x, y)
        if self.flagged[y][x]:
            raise MoveRefused(Refusal.FLAGGED, x, y)
        if self.opened[y][x]:
            return self._chord(x, y)
        if not self.placed:
            self._place_mines((x, y))
        if self.first_move is None:
            self.first_move = (x, y)
        return Outcome(Action.OPEN, x, y, self._open_cells([(x, y)]))

    def toggle_flag(self, x: int, y: int) -> Outcome:
        """Pose un drapeau sur la case fermée (x, y), ou l'enlève s'il y en a un."""
        self._check_move(x, y)
        if self.opened[y][x]:
            raise MoveRefused(Refusal.FLAG_ON_OPEN, x, y)
        self._save()
        self.flagged[y][x] = not self.flagged[y][x]
        return Outcome(Action.FLAG if self.flagged[y][x] else Action.UNFLAG, x, y, 0)

    def undo(self) -> Outcome:
        """Annule le dernier coup, même celui qui a perdu. Les mines restent où
        elles sont."""
        if not self.history:
            raise MoveRefused(Refusal.NOTHING_TO_UNDO)
        if self.status == LOST:
            self.loss_undone = True
        snapshot = self.history.pop()
        self.opened = snapshot.opened
        self.flagged = snapshot.flagged
        self.exploded = snapshot.exploded
        self.moves = snapshot.moves
        self.undos += 1
        return Outcome(Action.UNDO, None, None, 0)

    # -- Ce qui ne se voit pas --------------------------------------------

    def _place_mines(self, first: tuple[int, int]) -> None:
        if self.placer is not None:
            try:
                chosen = self.placer(first)
            except ValueError as error:
                self.placement_note = str(error)
            else:
                for row, chosen_row in zip(self.mines, chosen, strict=True):
                    row[:] = [bool(cell) for cell in chosen_row]
                self._mines_placed()
                return
        place_mines_among(
            self.mines,
            self.nb_mines,
            safe_cells_for(first, self.width, self.height, self.nb_mines),
        )
        self._mines_placed()

    def _mines_placed(self) -> None:
        compute_neigh(self.mines, self.neigh)
        self.placed = True

    def _check_move(self, x: int, y: int) -> None:
        if self.status != PLAYING:
            raise MoveRefused(Refusal.GAME_OVER, x, y)
        if not is_coord_ok(x, y, self.width, self.height):
            raise MoveRefused(Refusal.OFF_BOARD, x, y)

    def _save(self) -> None:
        self.history.append(
            Snapshot(
                [row[:] for row in self.opened],
                [row[:] for row in self.flagged],
                self.exploded,
                self.moves,
            )
        )

    def _chord(self, x: int, y: int) -> Outcome:
        around = neighbours(x, y, self.width, self.height)
        closed = [(cx, cy) for cx, cy in around if not self.opened[cy][cx]]
        to_open = [(cx, cy) for cx, cy in closed if not self.flagged[cy][cx]]
        if not to_open:
            raise MoveRefused(Refusal.ALREADY_OPEN, x, y)
        flags = len(closed) - len(to_open)
        if flags != self.neigh[y][x]:
            raise MoveRefused(Refusal.FLAGS_MISMATCH, x, y, self.neigh[y][x], flags)
        return Outcome(Action.CHORD, x, y, self._open_cells(to_open))

    def _open_cells(self, cells: list[tuple[int, int]]) -> int:
        """Ouvre ces cases (fermées, sans drapeau) puis inonde ; compte les cases ouvertes."""
        self._save()
        before = sum(row.count(True) for row in self.opened)
        for x, y in cells:
            self.opened[y][x] = True
        self.exploded = tuple((x, y) for x, y in cells if self.mines[y][x])
        self._flood()
        self.moves += 1
        return sum(row.count(True) for row in self.opened) - before

    def _flood(self) -> None:
        """``propagate_open_cells``, arrêtée par les drapeaux.

        La fonction du TP ouvre toute voisine fermée d'une case ouverte à 0. On
        lui donne des copies où chaque case à drapeau compte comme ouverte (elle
        n'est donc jamais ouverte) et comme n'ayant pas 0 (l'inondation ne
        repart pas d'elle) : une case à drapeau ne s'ouvre jamais par mégarde.
        """
        opened = [
            [self.opened[y][x] or self.flagged[y][x] for x in range(self.width)]
            for y in range(self.height)
        ]
        neigh = [
            [-1 if self.flagged[y][x] else self.neigh[y][x] for x in range(self.width)]
            for y in range(self.height)
        ]
        propagate_open_cells(self.mines, neigh, opened)
        for y in range(self.height):
            for x in range(self.width):
                if not self.flagged[y][x]:
                    self.opened[y][x] = opened[y][x]
