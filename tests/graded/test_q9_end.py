"""Q9 : is_finished.

Une ligne du barème par verdict que le contrat distingue ; chacune est jugée par un
balayage fixe (public, le même pour toutes les classes), où la case qui décide est, à
son tour, à chaque place du plateau ; les cas tirés du secret ne font qu'en ajouter :

- en cours (0,35) : chaque case sans mine seule fermée, puis tout fermé ;
- gagnée (0,35) : toutes les cases sans mine ouvertes, les mines fermées (une seule mine,
  à chaque place ; aucune mine ; que des mines) ;
- perdue (0,35) : chaque mine seule ouverte, des cases sans mine fermées avant et après
  elle dans l'ordre de lecture (une réponse donnée à la première case fermée vient trop
  tôt) ;
- perdue, vérifié d'abord (0,3) : chaque mine ouverte alors que toutes les cases sans
  mine le sont aussi ;
- un int (0,15) : 0 et 1 renvoyés comme des entiers, pas False et True.

Les plateaux : une case, une ligne, une colonne, 2×2, 3×3, plus larges que hauts et plus
hauts que larges (une case sur trois minée, puis les deux autres : chaque case décide,
minée ou non) ; puis 50×20, 50×1 et 1×20, la case qui décide dans la première et la
dernière colonne, de part et d'autre de la 20e, sur la première et la dernière ligne.

Les points : les trois verdicts valent autant ; « perdue d'abord » un peu moins (une
seule sorte de faute : tester la victoire avant la défaite) ; le type int peu (une faute
sans conséquence pour le jeu, que le sujet demande). Une faute d'un verdict ne coûte que
sa ligne : inverser les tests perd « perdue d'abord » seulement ; renvoyer True pour 1
perd le type seulement. Une faute qui touche plusieurs verdicts en perd plusieurs :
inverser les codes 1 et 2 perd « gagnée » et les deux « perdue ».
"""

import pytest

from grading import expected, strategies
from grading.checks import q9_end as checks
from grading.strategies import drawn

SMALL = [[1, 1], [5, 1], [1, 5], [2, 2], [3, 3], [4, 3], [3, 4], [7, 4], [4, 7]]
LARGE = [[50, 20], [50, 1], [1, 20]]


def sweep(verdict: str) -> dict:
    """Le balayage d'un verdict, et deux plateaux tirés du secret."""
    boards = strategies.game_boards_of(drawn(f"is_finished, {verdict}", 90))
    return {"verdict": verdict, "small": SMALL, "large": LARGE, "boards": boards}


@pytest.mark.question("is_finished")
@pytest.mark.public
def test_is_finished_in_progress(sub):
    """is_finished renvoie 0 tant qu'une case sans mine est fermée et aucune mine ouverte"""
    case = sweep("in_progress")
    checks.is_finished_everywhere(sub, case, expected.is_finished_sweep(case))


@pytest.mark.question("is_finished")
@pytest.mark.public
def test_is_finished_won(sub):
    """is_finished renvoie 1 quand toutes les cases sans mine sont ouvertes"""
    case = sweep("won")
    checks.is_finished_everywhere(sub, case, expected.is_finished_sweep(case))


@pytest.mark.question("is_finished")
@pytest.mark.public
def test_is_finished_lost(sub):
    """is_finished renvoie 2 dès qu'une mine est ouverte, où qu'elle soit"""
    case = sweep("lost")
    checks.is_finished_everywhere(sub, case, expected.is_finished_sweep(case))


@pytest.mark.question("is_finished")
@pytest.mark.public
def test_is_finished_lost_first(sub):
    """is_finished renvoie 2 quand une mine est ouverte, même si tout le reste l'est"""
    case = sweep("lost_first")
    checks.is_finished_everywhere(sub, case, expected.is_finished_sweep(case))


@pytest.mark.question("is_finished")
@pytest.mark.public
def test_is_finished_returns_int(sub):
    """is_finished renvoie un int : 0, 1 ou 2, pas False ou True"""
    boards = strategies.game_boards_of(drawn("is_finished, le type", 95), count=1)
    case = {"verdict": "returns_int", "small": [[1, 1], [3, 2], [4, 3]], "boards": boards}
    checks.is_finished_returns_int(sub, case, expected.is_finished_sweep(case))
