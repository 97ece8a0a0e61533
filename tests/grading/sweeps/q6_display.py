"""Q6 : les plateaux de chaque classe d'entrées de display_board.

Quatre classes de cases, chacune jugée sur ses seules cases (``checks.q6_display``) :

- ``closed`` : les cases fermées, minées ou non, de 0 à 8 mines voisines ;
- ``mines`` : les mines ouvertes, de 0 à 8 mines voisines ;
- ``empty`` : les cases ouvertes sans mine ni mine voisine ;
- ``digits`` : les cases ouvertes sans mine, de 1 à 8 mines voisines.

Sur chaque plateau d'une classe, seules les cases de la classe sont ouvertes (toutes
fermées pour ``closed``) : une faute d'une autre classe (un chiffre qui manque, une mine
dévoilée) ne peut ni changer ce qui est jugé, ni faire lever d'exception. Les plateaux
sont carrés, de 1×1 à 20×20 (des colonnes à deux chiffres), et symétriques (la case
(x, y) est la case (y, x)) : un affichage qui échange largeur et hauteur, lignes et
colonnes, ou les indices d'une grille (``opened[x][y]``) n'y change rien, c'est la faute de
la classe des lignes.
Ensemble, ils montrent chaque état de la classe (minée ou non, chaque nombre de mines
voisines) à chaque sorte de place où il peut être : un coin (3 voisines au plus), un bord
(5), l'intérieur (8), la case seule d'un plateau 1×1 (``tests/project`` le vérifie).

Deux classes de mise en page, sur des plateaux de toutes les formes jusqu'à 50×20 :

- ``rows`` : une ligne de texte par ligne du plateau, dans l'ordre, et rien d'autre ;
- ``spaces`` : une espace entre deux cases.

Leurs cases ouvertes sans mine ont au plus 3 mines voisines : un affichage qui plante sur
un 8 (la faute d'une classe de cases) n'y plante pas.
"""

from __future__ import annotations

from ..checks.drawn import text_of
from ..expected import DISPLAY_CLASSES, display_class, neigh_grid
from ..publics import mines_from, sample_mines


def symmetric(mines: list) -> list:
    """La grille carrée ``mines`` rendue symétrique par rapport à la diagonale : la case
    (x, y) est la case (y, x)."""
    return [[mines[min(x, y)][max(x, y)] for x in range(len(mines))] for y in range(len(mines))]


def class_board(cls: str, mines: list) -> dict:
    """Le plateau de ``mines`` où seules les cases de la classe ``cls`` sont ouvertes
    (aucune pour ``closed``)."""
    neigh = neigh_grid(mines)
    opened = [
        [cls != "closed" and display_class(mine, count, True) == cls for mine, count in row]
        for row in (zip(row_m, row_n) for row_m, row_n in zip(mines, neigh))
    ]
    return text_of(mines, neigh, opened)


# Les plateaux de chaque classe : (côté, graine, densité des mines) ; la case seule d'un
# plateau 1×1 s'y ajoute (minée ou non, selon ce que la classe peut montrer). Trouvés une
# fois en cherchant, parmi des plateaux tirés de graines, de quoi montrer chaque état de
# la classe à chaque sorte de place ; gardés ici pour ne rien chercher à chaque notation.
SEEDS = {
    "closed": [(4, 7, 0.1), (6, 0, 0.7), (20, 11, 0.5)],
    "mines": [(4, 22, 0.1), (8, 5, 0.4), (20, 14, 0.5)],
    "empty": [(4, 0, 0.1), (6, 2, 0.2), (20, 8, 0.1)],
    "digits": [(4, 2, 0.3), (8, 4, 0.3), (20, 17, 0.5)],
}
SINGLE = {"closed": [False, True], "mines": [True], "empty": [False], "digits": []}
# Et d'abord un petit plateau où la classe a son état le plus rare : un 8 (une case entourée
# de mines), une mine ou une case fermée qui en a 8 ; un retour sur un plateau de 3×3 se lit
# mieux que sur un de 20×20.
SMALL = {
    "closed": ["***", "***", "***"],
    "mines": ["***", "***", "***"],
    "empty": ["....", "....", "....", "...*"],
    "digits": ["***", "*.*", "***"],
}


assert set(SEEDS) == set(SINGLE) == set(SMALL) == set(DISPLAY_CLASSES)


def class_sweep(cls: str) -> dict:
    """Le cas public d'une classe de cases : ses plateaux, du plus petit au plus grand."""
    grids = [[[mine]] for mine in SINGLE[cls]]
    grids.append(mines_from(SMALL[cls]))
    grids += [symmetric(sample_mines(side, side, seed, d)) for side, seed, d in SEEDS[cls]]
    return {"cells": cls, "boards": [class_board(cls, mines) for mines in grids]}


# La mise en page : chaque forme (une case, une ligne, une colonne, plus large que haut,
# plus haut que large, carré, colonnes à deux chiffres, le plus grand), (largeur, hauteur).
ROW_SHAPES = [
    (1, 1), (2, 1), (1, 2), (3, 2), (2, 3), (7, 4), (4, 7), (6, 6), (11, 20), (37, 13),
    (50, 1), (1, 20), (50, 20),
]  # fmt: skip
# Les espaces : les largeurs où une mise en page change souvent (10 et 11 colonnes : des
# numéros de colonnes à deux chiffres ; 26 : les lettres ; 50 : la plus grande). Aucun
# plateau plus haut que large : un affichage qui échange largeur et hauteur y plante avant
# sa première ligne, et c'est la faute de la classe des lignes.
SPACE_SHAPES = [
    (1, 1), (2, 1), (3, 2), (5, 5), (10, 2), (11, 3), (26, 2), (50, 1), (50, 20),
]  # fmt: skip
# Un affichage qui plante sur les grands chiffres n'y plante pas : au-delà, fermée.
LAYOUT_DIGITS = 3


def layout_board(width: int, height: int, seed: int) -> dict:
    """Un plateau tiré d'une graine, des cases ouvertes çà et là ; une case ouverte sans
    mine a au plus ``LAYOUT_DIGITS`` mines voisines."""
    mines = sample_mines(width, height, seed, 0.15)
    neigh = neigh_grid(mines)
    drawn = sample_mines(width, height, seed + 1, 0.6)
    opened = [
        [is_open and (mine or count <= LAYOUT_DIGITS) for mine, count, is_open in zip(*row)]
        for row in zip(mines, neigh, drawn)
    ]
    return text_of(mines, neigh, opened)


def layout_sweep(shapes: list[tuple[int, int]], seed: int) -> dict:
    return {
        "boards": [
            layout_board(width, height, seed + 10 * index)
            for index, (width, height) in enumerate(shapes)
        ]
    }


def build() -> dict[str, dict]:
    """Chaque balayage, par le nom de sa classe (``sweeps.stored`` les garde écrits)."""
    return {
        **{cls: class_sweep(cls) for cls in DISPLAY_CLASSES},
        "rows": layout_sweep(ROW_SHAPES, 600),
        "spaces": layout_sweep(SPACE_SHAPES, 700),
    }
