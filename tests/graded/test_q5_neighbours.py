"""Q5 : is_coord_ok, nb_adjacent_mines et compute_neigh.

Ce que le contrat distingue, et ce qui le vérifie à chaque notation, quel que soit le
secret (cas publics et balayages) :

- is_coord_ok : chaque bord (x de -1 à largeur, y de -1 à hauteur) de chaque taille de
  plateau, de 1×1 à 50×20, deux cases au-delà d'un bord, des entiers immenses (au-delà
  des flottants : 10**400), un bool renvoyé ;
- nb_adjacent_mines : chaque case d'un petit plateau et d'un plateau 50×20 (coins, bords,
  intérieur), chaque compte de 0 à 8 (une case entourée de 8 mines), la case elle-même
  jamais comptée, aucun indice négatif qui fasse le tour ;
- compute_neigh : une grille neigh sale, les cases minées remplies aussi, une case seule,
  le plus grand plateau, les lignes de neigh gardées et mines intacte.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grading import expected, publics, strategies
from grading.checks import q5_neighbours as checks
from grading.publics import public_example
from grading.strategies import NO_SHRINK


@pytest.mark.question("is_coord_ok")
# test_is_coord_ok_every_edge vérifie chaque bord de chaque plateau, plus bas.
@given(case=strategies.coord_cases())
@public_example(case={"x": 3, "y": 0, "width": 3, "height": 5})
@public_example(case={"x": 0, "y": 3, "width": 5, "height": 3})
@public_example(case={"x": -1, "y": 0, "width": 3, "height": 2})
@public_example(case={"x": 0, "y": -1, "width": 3, "height": 2})
# Une case au-delà du bord d'une case de plus (y = hauteur + 1) : « 0 <= y != height »
# accepte ces cases-là.
@public_example(case={"x": 0, "y": 4, "width": 3, "height": 3})
@public_example(case={"x": 4, "y": 0, "width": 3, "height": 3})
# Le coin du plus grand plateau.
@public_example(case={"x": 49, "y": 19, "width": 50, "height": 20})
def test_is_coord_ok(sub, case):
    """is_coord_ok dit si (x, y) est sur le plateau, pour tous les entiers"""
    checks.is_coord_ok_answers(sub, case, expected.is_coord_ok(case))


@pytest.mark.question("is_coord_ok")
@settings(max_examples=2, phases=NO_SHRINK)
@given(case=strategies.edge_sweep_cases())
@public_example(
    case={
        "points": [
            *strategies.every_edge(),
            [7, 2, 8, 3],
            [-5, 30, 50, 20],
            *strategies.BEYOND_FLOATS,
        ]
    }
)
def test_is_coord_ok_every_edge(sub, case):
    """is_coord_ok sur chaque bord des plateaux de 1×1 à 50×20, et au hasard"""
    checks.is_coord_ok_everywhere(sub, case, expected.is_coord_ok_everywhere(case))


@pytest.mark.question("nb_adjacent_mines")
# test_nb_adjacent_mines_every_cell vérifie chaque case d'un plateau, plus bas.
@given(case=strategies.adjacent_cases())
@public_example(case={"mines": publics.SUJET_MINES, "x": 0, "y": 0})
@public_example(case={"mines": publics.SUJET_MINES, "x": 3, "y": 2})
@public_example(case={"mines": publics.SUJET_MINES, "x": 4, "y": 3})
# Une case entourée de 8 mines : le plus grand compte possible.
@public_example(case={"mines": publics.grid(True, 3, 3), "x": 1, "y": 1})
def test_nb_adjacent_mines(sub, case):
    """nb_adjacent_mines compte les mines des 8 voisines sur le plateau, sans la case elle-même"""
    checks.nb_adjacent_mines_counts(sub, case, expected.nb_adjacent_mines(case))


@pytest.mark.question("nb_adjacent_mines")
@given(case=strategies.adjacent_cases(), right=st.booleans(), bottom=st.booleans())
@public_example(case={"mines": [[False, False, True]], "x": 0, "y": 0}, right=False, bottom=False)
@public_example(
    case={"mines": [[False], [False], [True]], "x": 0, "y": 0}, right=False, bottom=False
)
@public_example(case={"mines": publics.grid(True, 3, 2), "x": 0, "y": 0}, right=True, bottom=True)
def test_nb_adjacent_mines_corners(sub, case, right, bottom):
    """nb_adjacent_mines dans les quatre coins du plateau"""
    mines = case["mines"]
    x = len(mines[0]) - 1 if right else 0
    y = len(mines) - 1 if bottom else 0
    case = {"mines": mines, "x": x, "y": y}
    checks.nb_adjacent_mines_counts(sub, case, expected.nb_adjacent_mines(case))


@pytest.mark.question("nb_adjacent_mines")
@settings(max_examples=4, phases=NO_SHRINK)
@given(case=strategies.every_cell_cases("mines"))
@public_example(case=publics.every_cell_case("mines", publics.SUJET_MINES))
@public_example(case=publics.every_cell_case("mines", publics.sample_mines(50, 20, 7, 0.3)))
def test_nb_adjacent_mines_every_cell(sub, case):
    """nb_adjacent_mines sur chaque case d'un plateau, jusqu'à 50×20"""
    checks.nb_adjacent_mines_everywhere(sub, case, expected.nb_adjacent_mines_everywhere(case))


@pytest.mark.question("compute_neigh")
@given(case=strategies.neigh_cases())
@public_example(case={"mines": publics.SUJET_MINES, "neigh": publics.grid(7, 5, 4)})
@public_example(case={"mines": [[True]], "neigh": [[7]]})
def test_compute_neigh(sub, case):
    """compute_neigh remplit chaque case de neigh, mines comprises, sur une grille sale"""
    checks.compute_neigh_fills(sub, case, expected.compute_neigh(case))


@pytest.mark.question("compute_neigh")
@settings(max_examples=2, phases=NO_SHRINK)
@given(case=strategies.large_sizes().flatmap(strategies.neigh_cases))
@public_example(
    case={"mines": publics.sample_mines(50, 20, 504, 0.2), "neigh": publics.grid(-1, 50, 20)}
)
def test_compute_neigh_large(sub, case):
    """compute_neigh sur de grands plateaux (jusqu'à 50×20)"""
    checks.compute_neigh_fills(sub, case, expected.compute_neigh(case))
