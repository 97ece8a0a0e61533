"""Q8 : propagate_open_cells, comparée à un oracle du point fixe écrit dans les tests.

Ce que le contrat distingue, une ligne du barème par classe, chacune vérifiée à chaque
notation sur un balayage fixe (``grading.sweeps.q8_flood``), le même quel que soit le
secret ; les exemples tirés n'ajoutent que des plateaux de la même classe :

- les directions : une case vide ouverte ouvre chacune de ses 8 voisines (des chiffres),
  à chaque place loin des bords de plateaux jusqu'à 50×20, et l'inondation passe d'une
  case vide à une autre qui ne la touche que par un coin ;
- les bords et les coins : des régions le long de chaque bord, jusque dans chaque coin,
  sans rien ouvrir de l'autre côté du plateau (un indice négatif fait le tour de la
  liste, un indice trop grand lève IndexError) ; 1×1, une ligne, une colonne ;
- autant de passes qu'il faut : une colonne que l'inondation remonte (la dernière passe
  utile n'ouvre que des lignes du haut), une ligne qu'elle parcourt vers la gauche, un
  rectangle ouvert en bas à droite, des couloirs en serpentin (plus de passes que largeur
  + hauteur), la région de 864 cases d'un plateau 50×20 ;
- plusieurs sources : chaque case vide ouverte inonde sa région (l'une déjà ouverte,
  une autre sans case ouverte reste fermée) ;
- les chiffres : les chiffres de 1 à 5 au bord d'une région vide s'ouvrent, et rien
  au-delà (aucune mine) ;
- les autres cases ouvertes : un chiffre ou une mine déjà ouverts (même une mine sans
  mine voisine) n'ouvrent rien, et aucune case ne se referme ;
- sur place : opened changée elle-même (pas une grille neuve renvoyée), ses lignes
  gardées, mines et neigh intactes.

Chaque balayage est fait pour qu'une faute d'une autre classe n'y change rien
(``tests/project/test_class_sweeps.py`` le vérifie) ; seule une inondation qui part aussi
des chiffres, et ouvre donc des mines partout où l'inondation touche un chiffre, rate
toutes les classes dont les plateaux ont des mines.

Les points : 3 en tout, davantage aux classes dont les fautes sont les plus courantes
(les passes, 0,75 ; les directions et les bords, 0,5 chacune ; les chiffres, 0,4), le
reste aux classes plus rares (les autres cases ouvertes 0,35, plusieurs sources et sur
place 0,25 chacune).
"""

import pytest
from hypothesis import given, settings

from grading import expected, strategies, sweeps
from grading.checks import q8_flood as checks
from grading.publics import public_example
from grading.strategies import DRAWN_EXAMPLES, NO_SHRINK

SWEEPS = sweeps.stored("q8_flood")
# Les balayages couvrent chaque classe ; les exemples tirés (un plateau chacun) ne
# font que s'y ajouter (strategies.DRAWN_EXAMPLES par test).
DRAWS = settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)


@pytest.mark.question("propagate_open_cells")
@DRAWS
@given(case=strategies.flood_class_cases("directions"))
@public_example(case=SWEEPS["directions"])
def test_propagate_open_cells_every_direction(sub, case):
    """propagate_open_cells ouvre chacune des 8 voisines d'une case vide"""
    checks.propagate_open_cells_floods(sub, case, expected.flood_results(case))


@pytest.mark.question("propagate_open_cells")
@DRAWS
@given(case=strategies.flood_class_cases("edges"))
@public_example(case=SWEEPS["edges"])
def test_propagate_open_cells_edges_and_corners(sub, case):
    """propagate_open_cells inonde le long des bords et dans les coins"""
    checks.propagate_open_cells_floods(sub, case, expected.flood_results(case))


@pytest.mark.question("propagate_open_cells")
@DRAWS
@given(case=strategies.flood_class_cases("passes"))
@public_example(case=SWEEPS["passes"])
def test_propagate_open_cells_until_nothing_changes(sub, case):
    """propagate_open_cells recommence tant qu'une case s'ouvre"""
    checks.propagate_open_cells_floods(sub, case, expected.flood_results(case))


@pytest.mark.question("propagate_open_cells")
@DRAWS
@given(case=strategies.flood_class_cases("sources"))
@public_example(case=SWEEPS["sources"])
def test_propagate_open_cells_every_source(sub, case):
    """propagate_open_cells inonde depuis chaque case vide ouverte"""
    checks.propagate_open_cells_floods(sub, case, expected.flood_results(case))


@pytest.mark.question("propagate_open_cells")
@DRAWS
@given(case=strategies.flood_class_cases("numbers"))
@public_example(case=SWEEPS["numbers"])
def test_propagate_open_cells_stops_at_numbers(sub, case):
    """propagate_open_cells s'arrête aux chiffres qui bordent une région vide"""
    checks.propagate_open_cells_floods(sub, case, expected.flood_results(case))


@pytest.mark.question("propagate_open_cells")
@DRAWS
@given(case=strategies.flood_class_cases("open_cells"))
@public_example(case=SWEEPS["open_cells"])
def test_propagate_open_cells_other_open_cells(sub, case):
    """propagate_open_cells : rien ne s'ouvre autour d'un chiffre ou d'une mine"""
    checks.propagate_open_cells_floods(sub, case, expected.flood_results(case))


@pytest.mark.question("propagate_open_cells")
@DRAWS
@given(case=strategies.flood_class_cases("in_place"))
@public_example(case=SWEEPS["in_place"])
def test_propagate_open_cells_in_place(sub, case):
    """propagate_open_cells change opened sur place, sans toucher mines ni neigh"""
    checks.propagate_open_cells_in_place(sub, case, expected.flood_results(case))
