"""Q6 : display_board.

Ce que le contrat distingue, une ligne du barème par classe, chacune vérifiée à chaque
notation sur un balayage fixe (``grading.sweeps.q6_display``), le même quel que soit le
secret ; les exemples tirés n'ajoutent que des plateaux de la même classe :

- quatre classes de cases, chacune jugée sur ses seules cases, lues dans l'affichage
  quelle que soit sa mise en page : ■ pour une case fermée (minée ou non, de 0 à 8 mines
  voisines), ★ pour une mine ouverte (de 0 à 8 mines voisines), ⋄ pour une case ouverte
  sans mine ni mine voisine, le chiffre de 1 à 8 pour une autre case ouverte sans mine ;
  chaque état à chaque sorte de place (coin, bord, intérieur, case seule), sur des
  plateaux carrés de 1×1 à 20×20 où seules les cases de la classe sont ouvertes ;
- les lignes : exactement une ligne de texte par ligne du plateau, dans l'ordre, de
  x = 0 à la largeur - 1, et rien d'autre (ni ligne vide, ni numéros), les grilles reçues
  intactes, sur chaque forme : 1×1, une ligne, une colonne, plus large que haut, plus
  haut que large, jusqu'à 50×20 ; les symboles n'y comptent pas ;
- les espaces : une espace entre deux cases d'une ligne, une seule (les espaces en fin de
  ligne sont permises), sur chaque largeur de 1 à 50 où une mise en page change souvent.

Le contrat permet des options nommées en plus des trois paramètres : display_board est
toujours appelée avec les trois seuls arguments du contrat.

Les points : les symboles font l'essentiel du plateau (1,3 point, un peu plus pour les
chiffres, qui sont huit), la mise en page le reste (0,45 pour les lignes, 0,25 pour
les espaces).
"""

import pytest
from hypothesis import given, settings

from grading import expected, strategies, sweeps
from grading.checks import q6_display as checks
from grading.publics import public_example
from grading.strategies import DRAWN_EXAMPLES, NO_SHRINK

SWEEPS = sweeps.stored("q6_display")
# Les balayages couvrent chaque classe ; les exemples tirés (un plateau chacun) ne
# font que s'y ajouter (strategies.DRAWN_EXAMPLES par test).
DRAWS = settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)


@pytest.mark.question("display_board")
@DRAWS
@given(case=strategies.display_class_cases("closed"))
@public_example(case=SWEEPS["closed"])
def test_display_board_closed_cells(sub, case):
    """display_board montre ■ pour chaque case fermée, minée ou non"""
    checks.display_board_shows_cells(sub, case, expected.display_cells(case))


@pytest.mark.question("display_board")
@DRAWS
@given(case=strategies.display_class_cases("mines"))
@public_example(case=SWEEPS["mines"])
def test_display_board_open_mines(sub, case):
    """display_board montre ★ pour chaque mine ouverte, même entourée de mines"""
    checks.display_board_shows_cells(sub, case, expected.display_cells(case))


@pytest.mark.question("display_board")
@DRAWS
@given(case=strategies.display_class_cases("empty"))
@public_example(case=SWEEPS["empty"])
def test_display_board_empty_cells(sub, case):
    """display_board montre ⋄ pour chaque case ouverte sans mine voisine"""
    checks.display_board_shows_cells(sub, case, expected.display_cells(case))


@pytest.mark.question("display_board")
@DRAWS
@given(case=strategies.display_class_cases("digits"))
@public_example(case=SWEEPS["digits"])
def test_display_board_digits(sub, case):
    """display_board montre le chiffre de 1 à 8 de chaque case ouverte sans mine"""
    checks.display_board_shows_cells(sub, case, expected.display_cells(case))


@pytest.mark.question("display_board")
@DRAWS
@given(case=strategies.layout_cases())
@public_example(case=SWEEPS["rows"])
def test_display_board_one_line_per_row(sub, case):
    """display_board affiche une ligne par ligne du plateau, et rien d'autre"""
    checks.display_board_prints_rows(sub, case, expected.display_rows(case))


@pytest.mark.question("display_board")
@DRAWS
@given(case=strategies.layout_cases(wide=True))
@public_example(case=SWEEPS["spaces"])
def test_display_board_one_space_between_cells(sub, case):
    """display_board sépare les cases d'une ligne par une espace"""
    checks.display_board_separates_cells(sub, case, expected.display_rows(case))
