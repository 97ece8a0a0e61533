"""Q6 : display_board.

Ce que le contrat distingue, et ce qui le vérifie à chaque notation, quel que soit le
secret (cas publics) :

- chaque symbole : ■ pour une case fermée (minée ou non), ★ pour une mine ouverte (même
  sans mine voisine), ⋄ pour une case ouverte sans mine voisine, et chaque chiffre de 1 à
  8 (``DIGITS``) ;
- chaque forme de plateau : une case, une ligne, une colonne, plus large que haut, plus
  haut que large, le plus grand (50×20) ;
- exactement une ligne affichée par ligne du plateau, les cases séparées par une espace
  (les espaces en fin de ligne sont permises), rien d'autre.
"""

import pytest
from hypothesis import given, settings

from grading import expected, publics, strategies
from grading.checks import q6_display as checks
from grading.publics import public_example
from grading.strategies import NO_SHRINK

SMALL = {
    "mines": [[True, False, False], [False, False, False]],
    "neigh": [[0, 1, 0], [1, 1, 0]],
    "opened": [[True, True, True], [False, True, True]],
}


# Chaque chiffre de 1 à 8 et ⋄ sur des cases ouvertes, une mine ouverte (★), une case sans
# mine fermée et des mines fermées (■).
DIGITS = publics.board(
    publics.mines_from(["..*..", "*.*..", "*****", "*.*.*", "***.*"]),
    publics.opened_at(
        5, 5, [(0, 0), (1, 0), (3, 0), (4, 0), (0, 1), (1, 1), (3, 1), (1, 3), (3, 3), (3, 4)]
    ),
)


@pytest.mark.question("display_board")
@given(case=strategies.boards())
@public_example(case=SMALL)
@public_example(case=DIGITS)
# Une case, une ligne, une colonne.
@public_example(case=publics.board([[False]], [[True]]))
@public_example(case=publics.board([[False, True, False, False, False]], [[True] * 5]))
@public_example(case=publics.board([[True], [False], [False], [False]], [[False], [True]] * 2))
def test_display_board(sub, case):
    """display_board affiche une ligne par ligne du plateau, avec ■ ★ ⋄ et les chiffres"""
    checks.display_board_prints(sub, case, expected.display_board(case))


@pytest.mark.question("display_board")
@settings(max_examples=10, phases=NO_SHRINK)
@given(case=strategies.large_sizes().flatmap(strategies.boards))
@public_example(case=publics.sample_board(50, 20, 602))
# Un plateau à moitié miné : chaque chiffre de 0 à 8 y est ouvert quelque part.
@public_example(case=publics.sample_board(50, 20, 600, 0.5))
def test_display_board_largest(sub, case):
    """display_board sur de grands plateaux (jusqu'à 50×20)"""
    checks.display_board_prints(sub, case, expected.display_board(case))
