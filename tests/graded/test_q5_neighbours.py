"""Q5 : is_coord_ok, nb_adjacent_mines et compute_neigh.

Une ligne du barème par classe d'entrées que le contrat distingue ; chacune est jugée par
un balayage fixe (public, le même pour toutes les classes), et les cas tirés du secret
ne font qu'en ajouter :

- is_coord_ok, chaque bord (0,6) : pour chaque taille de plateau de 1×1 à 50×20, x parmi
  -1, 0, largeur - 1, largeur et y parmi -1, 0, hauteur - 1, hauteur (chaque bord, et
  chaque coin de chaque bord), et deux cases au-delà d'un bord ; la réponse est jugée
  sur sa valeur (1 pour True passe ici) ;
- is_coord_ok, des entiers immenses (0,15, une classe rare) : ±10**400 (au-delà des
  flottants), ±2**64, ±10**20, ±10**100, pour x, pour y ou les deux, l'autre coordonnée
  dedans, sur 1×1, 5×4 et 50×20 ;
- is_coord_ok, un bool (0,25) : le type de la réponse, True ou False et pas 1 ou 0, sur
  chaque bord de trois plateaux (sa valeur est jugée par les deux autres lignes) ;
- nb_adjacent_mines, l'intérieur, les bords, les coins (0,4 ; 0,35 ; 0,35) : chaque case
  de la classe de chaque plateau de 2×2 à 4×4, la case jamais minée, avec une seule mine
  à chaque autre case du plateau (chaque direction, et chaque case qui n'est pas une
  voisine : aucune ne doit compter), toutes les cases minées sauf une voisine (chaque
  direction non minée), toutes, aucune ; puis, sur 9×7 et 50×20, les quatre coins, le
  milieu de chaque bord et trois cases de l'intérieur, une mine à chaque voisine, puis
  toutes ;
- nb_adjacent_mines, les plateaux d'une ligne ou d'une colonne (0,2) : de 1×1 à 1×4 et
  4×1 en entier, 1×20 et 50×1 aux bouts, au milieu et à côté ;
- nb_adjacent_mines, la case elle-même (0,2) : minée seule, à chaque case de chaque
  plateau de 2×2 à 4×4, et aux coins, bords et centre de 9×7 et 50×20 : le compte reste
  0 (sur un plateau d'une seule ligne, un indice négatif relirait la case : c'est la
  ligne de ces plateaux qui le voit) ;
- compute_neigh, chaque case, mines comprises (0,4) : trois plateaux, neigh toute à 0
  (des cases minées qui ont des voisines minées, tout miné, une case) ; puis, sur huit
  formes de 1×1 à 4×4, une mine seule à chaque case, aucune, toutes : neigh y arrive déjà
  juste, et une fonction juste ne la change pas (une case fausse est refaite seule, neigh
  toute à 0) ;
- compute_neigh, une grille neigh sale (0,2) : des plateaux sans mine, neigh pleine de
  nombres d'avant (9, -1, 7, 3), de 1×4 à 7×5 ;
- compute_neigh, sur place (0,2) : les lignes de neigh gardées, mines intacte ;
- compute_neigh, les grands plateaux (0,2) : 50×20, 50×1, 1×20 et 49×19, une mine toutes
  les deux cases en quinconce, sauf autour des coins (aucune case minée n'y a de voisine
  minée, aucun coin de mine à compter : seule une case oubliée s'y voit).

Les points : le cœur de chaque fonction (les bords de is_coord_ok, les positions de
nb_adjacent_mines, chaque case de compute_neigh) pèse le plus ; une classe rare (les
entiers immenses) ou de détail (le type bool, la case elle-même, les lignes gardées)
pèse peu. Une faute d'une classe ne coûte que sa ligne : un coin oublié par un compte
qui traite les coins à part perd les coins ; compter la case elle-même perd la ligne de
la case elle-même (ailleurs, la case n'est jamais minée) ; renvoyer 1 pour True perd le
type ; neigh[y][x] += … perd la grille sale ; une borne écrite 49 perd les grands
plateaux. Une faute qui touche plusieurs classes perd plusieurs lignes : ne regarder que
quatre voisines est faux à l'intérieur, sur les bords et dans les coins ; un indice
négatif qui fait le tour de la liste, dans les coins, sur les bords et sur les plateaux
d'une ligne ; une boucle qui s'arrête une colonne trop tôt, partout.
"""

import pytest

from grading import expected, publics, strategies
from grading.checks import q5_neighbours as checks
from grading.strategies import drawn

# -- is_coord_ok --------------------------------------------------------------

# Tous les plateaux du sujet : de 1×1 à 50×20.
LARGEST = [50, 20]
# Deux cases au-delà d'un bord : « 0 <= y != hauteur » accepte celles-là.
BEYOND = [[1, 1], [3, 3], [5, 4], [50, 20]]
HUGE = strategies.HUGE  # au-delà de ce qu'un flottant représente
HUGE_POINTS = [
    [x, y, w, h]
    for w, h in [(1, 1), (5, 4), (50, 20)]
    for far in (HUGE, -HUGE, 2**64, -(2**64), 10**20, 10**100)
    for x, y in ((far, 0), (0, far), (far, h - 1), (w - 1, far), (far, far))
]


@pytest.mark.question("is_coord_ok")
@pytest.mark.public
def test_is_coord_ok_every_edge(sub):
    """is_coord_ok dit si (x, y) est sur le plateau, à chaque bord de 1×1 à 50×20"""
    points = strategies.edge_points(drawn("is_coord_ok, les bords", 61))
    case = {"every": LARGEST, "beyond": BEYOND, "points": points}
    checks.is_coord_ok_everywhere(sub, case, expected.is_coord_ok_edges(case))


@pytest.mark.question("is_coord_ok")
@pytest.mark.public
def test_is_coord_ok_huge_integers(sub):
    """is_coord_ok répond aussi pour des entiers immenses (10**400)"""
    case = {"points": HUGE_POINTS + strategies.huge_points(drawn("is_coord_ok, immenses", 62))}
    checks.is_coord_ok_everywhere(sub, case, expected.is_coord_ok_edges(case))


@pytest.mark.question("is_coord_ok")
@pytest.mark.public
def test_is_coord_ok_returns_bool(sub):
    """is_coord_ok renvoie un bool : True ou False, pas 1 ou 0"""
    points = strategies.edge_points(drawn("is_coord_ok, le type", 63), count=40)
    case = {"sizes": [[1, 1], [3, 2], [50, 20]], "points": points}
    checks.is_coord_ok_returns_bool(sub, case, expected.is_coord_ok_edges(case))


# -- nb_adjacent_mines --------------------------------------------------------

# Chaque case de ces plateaux, dans chaque configuration.
SMALL = [[w, h] for h in (2, 3, 4) for w in (2, 3, 4)]
# Les coins, bords et l'intérieur de plus grands plateaux, jusqu'au plus grand.
LARGE = [[9, 7], [50, 20]]
THIN = [[1, 1], [1, 2], [1, 3], [1, 4], [2, 1], [3, 1], [4, 1]]


def neighbours_case(cells: str) -> dict:
    """Le balayage d'une classe de cases de nb_adjacent_mines, et un plateau tiré du secret."""
    if cells == "thin":
        case = {"cells": cells, "small": THIN, "large": [[1, 20], [50, 1]]}
    else:
        case = {"cells": cells, "small": SMALL, "large": LARGE}
    extra = strategies.neighbour_case(drawn(f"nb_adjacent_mines, {cells}", 70), cells)
    for key in ("boards", "small"):
        case[key] = case.get(key, []) + extra.get(key, [])
    return case


@pytest.mark.question("nb_adjacent_mines")
@pytest.mark.public
def test_nb_adjacent_mines_interior(sub):
    """nb_adjacent_mines compte les huit voisines d'une case de l'intérieur"""
    case = neighbours_case("interior")
    checks.nb_adjacent_mines_everywhere(sub, case, expected.nb_adjacent_mines_sweep(case))


@pytest.mark.question("nb_adjacent_mines")
@pytest.mark.public
def test_nb_adjacent_mines_edges(sub):
    """nb_adjacent_mines compte les cinq voisines d'une case du bord"""
    case = neighbours_case("edge")
    checks.nb_adjacent_mines_everywhere(sub, case, expected.nb_adjacent_mines_sweep(case))


@pytest.mark.question("nb_adjacent_mines")
@pytest.mark.public
def test_nb_adjacent_mines_corners(sub):
    """nb_adjacent_mines compte les trois voisines de chacun des quatre coins"""
    case = neighbours_case("corner")
    checks.nb_adjacent_mines_everywhere(sub, case, expected.nb_adjacent_mines_sweep(case))


@pytest.mark.question("nb_adjacent_mines")
@pytest.mark.public
def test_nb_adjacent_mines_thin_boards(sub):
    """nb_adjacent_mines sur un plateau d'une seule ligne ou d'une seule colonne"""
    case = neighbours_case("thin")
    checks.nb_adjacent_mines_everywhere(sub, case, expected.nb_adjacent_mines_sweep(case))


@pytest.mark.question("nb_adjacent_mines")
@pytest.mark.public
def test_nb_adjacent_mines_cell_itself(sub):
    """nb_adjacent_mines ne compte jamais la case elle-même, même minée"""
    case = neighbours_case("itself")
    checks.nb_adjacent_mines_everywhere(sub, case, expected.nb_adjacent_mines_sweep(case))


# -- compute_neigh ------------------------------------------------------------

NEIGH_SIZES = [[1, 1], [1, 3], [3, 1], [2, 2], [3, 2], [2, 3], [3, 3], [4, 4]]


def full_board(width: int, height: int, value=True) -> list:
    return [[value] * width for _ in range(height)]


def zeros(width: int, height: int) -> list:
    return [[0] * width for _ in range(height)]


def staggered(width: int, height: int) -> list:
    """``strategies.staggered`` : une mine toutes les deux cases, x et y pairs, sauf autour
    des coins."""
    return strategies.staggered(width, height)


def dirty(width: int, height: int) -> list:
    """Une grille neigh « sale » : des nombres d'avant, 9, -1, 7, 3…"""
    return [[(9, -1, 7, 3)[(x + 2 * y) % 4] for x in range(width)] for y in range(height)]


# Des cases minées qui ont des voisines minées, et d'autres sans mine : une fonction qui
# saute les cases minées y laisse des 0 faux.
MIXED = ["**.", "*..", "...", ".**"]
EVERY_CELL_BOARDS = [
    {"mines": publics.mines_from(MIXED), "neigh": zeros(3, 4)},
    {"mines": full_board(3, 2), "neigh": zeros(3, 2)},
    {"mines": full_board(1, 1), "neigh": zeros(1, 1)},
]


@pytest.mark.question("compute_neigh")
@pytest.mark.public
def test_compute_neigh(sub):
    """compute_neigh remplit chaque case de neigh, mines comprises"""
    board = strategies.neigh_board(drawn("compute_neigh, chaque case", 81))
    case = {"sizes": NEIGH_SIZES, "boards": [*EVERY_CELL_BOARDS, board]}
    answers = {
        "sweep": expected.compute_neigh_sweep(case),
        "boards": expected.compute_neigh_boards(case),
    }
    checks.compute_neigh_every_cell(sub, case, answers)


DIRTY_BOARDS = [
    {"mines": full_board(w, h, False), "neigh": dirty(w, h)}
    for w, h in [(3, 2), (1, 4), (5, 1), (7, 5)]
]


@pytest.mark.question("compute_neigh")
@pytest.mark.public
def test_compute_neigh_dirty_grid(sub):
    """compute_neigh récrit chaque case de neigh, quoi qu'elle contienne avant"""
    board = strategies.dirty_neigh_board(drawn("compute_neigh, grille sale", 82))
    case = {"boards": [*DIRTY_BOARDS, board]}
    checks.compute_neigh_boards(sub, case, expected.compute_neigh_boards(case))


IN_PLACE_BOARDS = [{"mines": staggered(w, h), "neigh": zeros(w, h)} for w, h in [(3, 2), (50, 20)]]


@pytest.mark.question("compute_neigh")
@pytest.mark.public
def test_compute_neigh_keeps_rows(sub):
    """compute_neigh change les cases de neigh sans remplacer ses lignes, ni toucher à mines"""
    board = strategies.neigh_board(drawn("compute_neigh, sur place", 83))
    case = {"boards": [*IN_PLACE_BOARDS, board]}
    checks.compute_neigh_in_place(sub, case, expected.compute_neigh_boards(case))


LARGE_BOARDS = [
    {"mines": staggered(w, h), "neigh": zeros(w, h)}
    for w, h in [(50, 20), (50, 1), (1, 20), (49, 19)]
]


@pytest.mark.question("compute_neigh")
@pytest.mark.public
def test_compute_neigh_large(sub):
    """compute_neigh sur de grands plateaux, jusqu'à 50×20"""
    board = strategies.staggered_board(drawn("compute_neigh, grands plateaux", 84))
    case = {"boards": [*LARGE_BOARDS, board]}
    checks.compute_neigh_boards(sub, case, expected.compute_neigh_boards(case))
