"""Le contrat des 13 fonctions du TP : la seule table où il est écrit.

Pour chaque fonction : sa section dans le sujet (et donc sa question), ses
paramètres (dans l'ordre), les grilles qu'elle remplit sur place (et si elle les récrit
en entier), et si elle lit l'entrée standard. Tout le reste en est tiré : les paramètres
que le processus de travail vérifie et que les relais renvoient, la recherche du code
d'un rendu, le kit ; des tests vérifient que ``tp_demineur/tp.py`` et le sujet disent la
même chose (``tests/project/test_assignment.py``). Les points sont ceux du barème
(``tests/grading/mark_scheme.py``), une ligne par classe d'entrées.

La table suit l'ordre du barème du sujet, Q3 (main) d'abord : c'est l'ordre de
chaque tableau de notes, fichier ou retour.

>>> FUNCTIONS["compute_neigh"].fills
('neigh',)
>>> sorted(filled_positions("propagate_open_cells"))
[2]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass


@dataclass(frozen=True)
class Function:
    """Une fonction du contrat."""

    name: str
    section: str  # « 5.2 » : la section du sujet qui la demande (question 5, partie 2)
    params: tuple[str, ...]  # les paramètres positionnels, dans l'ordre
    fills: tuple[str, ...] = ()  # les grilles reçues qu'elle remplit sur place
    overwrites: bool = False  # elle remplit ces grilles en entier : leur contenu reçu ne compte pas
    reads_input: bool = False  # elle lit l'entrée standard

    @property
    def question(self) -> str:
        """La question du sujet, « Q5 » pour la section 5.2."""
        return "Q" + self.section.split(".")[0]


TABLE: tuple[Function, ...] = (
    Function("main", "3", (), reads_input=True),
    Function("initialise_mines", "4.1", ("mines", "nb_mines"), fills=("mines",), overwrites=True),
    Function("initialise_open", "4.2", ("opened",), fills=("opened",), overwrites=True),
    Function("is_coord_ok", "5.1", ("x", "y", "width", "height")),
    Function("nb_adjacent_mines", "5.2", ("mines", "x", "y")),
    Function("compute_neigh", "5.3", ("mines", "neigh"), fills=("neigh",), overwrites=True),
    Function("display_board", "6", ("mines", "neigh", "opened")),
    Function("is_move_ok", "7.1", ("opened", "x", "y")),
    Function("ask_move", "7.2", ("opened",), reads_input=True),
    Function("propagate_open_cells", "8", ("mines", "neigh", "opened"), fills=("opened",)),
    Function("is_finished", "9", ("mines", "opened")),
    Function(
        "play_turn", "10.1", ("mines", "neigh", "opened"), fills=("opened",), reads_input=True
    ),
    Function(
        "play_the_game",
        "10.2",
        ("mines", "neigh", "opened"),
        fills=("opened",),
        reads_input=True,
    ),
)

# Le type des cases de chaque grille du contrat.
GRIDS: dict[str, type] = {"mines": bool, "neigh": int, "opened": bool}

FUNCTIONS: dict[str, Function] = {function.name: function for function in TABLE}
NAMES: tuple[str, ...] = tuple(FUNCTIONS)
PARAMETERS: dict[str, tuple[str, ...]] = {f.name: f.params for f in TABLE}


@functools.cache
def filled_positions(name: str) -> frozenset[int]:
    """Les positions des arguments que la fonction remplit (ceux qu'un relais renvoie)."""
    function = FUNCTIONS[name]
    return frozenset(i for i, param in enumerate(function.params) if param in function.fills)


assert all(set(f.fills) <= set(f.params) & set(GRIDS) for f in TABLE)
