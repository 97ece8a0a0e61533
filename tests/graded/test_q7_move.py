"""Q7 : is_move_ok et ask_move.

Ce que le contrat distingue, et ce qui le vérifie à chaque notation, quel que soit le
secret (cas publics et balayages) :

- is_move_ok : chaque case de plateaux de toutes les formes jusqu'à 50×20, ouverte ou
  fermée, et le tour du plateau (négatifs compris : opened[0][-1] existe), par
  ``test_is_move_ok_every_cell`` ; des entiers immenses, au-delà des flottants (10**400),
  par ``test_is_move_ok`` ;
- ask_move, une ligne valide : des blancs avant, entre (espaces, tabulations, plusieurs,
  jusqu'à une dizaine : une ligne valide de plus de vingt caractères) et après, des
  coordonnées à deux chiffres, x puis y, renvoyée comme un tuple ; un y au-delà de la
  largeur sur un plateau plus haut que large (chaque coordonnée bornée par sa dimension) ;
- ask_move, chaque sorte de ligne refusée (``publics.malformed_lines``) : vide, blanche,
  des mots (« q » pour quitter, une colonne en lettre, deux nombres parmi des mots), un
  nombre (deux chiffres collés compris), trois nombres, d'autres séparateurs que des
  blancs, des décimaux, l'infini et « nan », des chiffres hors ASCII, des négatifs, hors
  du plateau, puis une case déjà ouverte : un message (pas en anglais, et pas seulement
  la question reposée, même posée en deux temps : une ligne puis l'invite « > ») après chacune,
  sans exception, et la question reposée (``publics.every_malformed_line``, dans les
  deux tests de lignes refusées), autant de fois qu'il le faut (plus de cent lignes
  refusées de suite) ; une ligne d'un seul nombre suivie d'un coup valide ;
- ask_move, la fin de l'entrée : EOFError remonte, avant toute ligne ou après des lignes
  refusées.

Les lignes que deux lectures justes du contrat comprennent différemment (« +1 0 »,
« ١ ٢ », « 1.0 0 », une espace insécable) ne sont jamais tirées, ni un nombre de plus de
4 300 chiffres : depuis Python 3.11, int() le refuse (ValueError), si bien qu'une lecture
juste par une expression régulière puis int() lèverait une exception là où une lecture
sous try la refuse.
"""

import pytest
from hypothesis import given, settings

from grading import expected, publics, strategies
from grading.checks import q7_move as checks
from grading.publics import public_example
from grading.strategies import NO_SHRINK


@pytest.mark.question("is_move_ok")
# test_is_move_ok_every_cell vérifie chaque case et le tour du plateau.
@given(case=strategies.move_ok_cases())
@public_example(case={"opened": [[False, False, False]], "x": 0, "y": 1})
@public_example(case={"opened": [[False], [False], [False]], "x": 1, "y": 0})
# Des indices négatifs que Python accepterait (opened[0][-1]) : la case est hors du plateau.
@public_example(case={"opened": [[False, False, False], [False, False, False]], "x": -1, "y": 0})
@public_example(case={"opened": [[False, False], [False, False], [False, False]], "x": 1, "y": -2})
@public_example(case={"opened": [[True, False, False], [False, False, False]], "x": 0, "y": 0})
@public_example(case={"opened": [[True, False, False], [False, False, False]], "x": 1, "y": 0})
# Des entiers au-delà des flottants : « 0 <= x / largeur < 1 » lève OverflowError.
@public_example(
    case={"opened": [[False, True, False], [False, False, False]], "x": strategies.HUGE, "y": 0}
)
@public_example(
    case={"opened": [[False, True, False], [False, False, False]], "x": 0, "y": -strategies.HUGE}
)
def test_is_move_ok(sub, case):
    """is_move_ok : sur le plateau et pas encore ouverte, sans erreur hors du plateau"""
    checks.is_move_ok_answers(sub, case, expected.is_move_ok(case))


@pytest.mark.question("is_move_ok")
@settings(max_examples=4, phases=NO_SHRINK)
@given(case=strategies.every_cell_cases("opened", ring=1))
@public_example(
    case=publics.every_cell_case("opened", publics.opened_at(5, 4, [(0, 0), (4, 3)]), ring=1)
)
@public_example(
    case=publics.every_cell_case("opened", publics.sample_mines(50, 20, 3, 0.4), ring=1)
)
def test_is_move_ok_every_cell(sub, case):
    """is_move_ok sur chaque case d'un plateau et tout autour, jusqu'à 50×20"""
    checks.is_move_ok_everywhere(sub, case, expected.is_move_ok_everywhere(case))


@pytest.mark.question("ask_move")
@given(case=strategies.ask_cases(bad=False))
@public_example(case={"opened": [[False, False, False]], "lines": ["2 0"]})
@public_example(
    case={"opened": [[True, False, False], [False, False, False]], "lines": ["\t2 \t 1 "]}
)
# Des coordonnées à deux chiffres.
@public_example(case={"opened": publics.MOVE_BOARD, "lines": ["11 10"]})
# Une colonne au-delà de la 20e, sur un plateau large.
@public_example(case={"opened": publics.grid(False, 50, 3), "lines": ["49 2"]})
# Une ligne au-delà de la largeur, sur un plateau plus haut que large : y est borné par la
# hauteur (sur un plateau large, l'inverse est une ligne refusée, test_ask_move_bad_lines).
@public_example(case={"opened": publics.grid(False, 2, 5), "lines": ["1 4"]})
# De longues suites de blancs : une ligne valide de 26 caractères.
@public_example(case={"opened": [[False, False]], "lines": ["       1          0       "]})
def test_ask_move_valid_line(sub, case):
    """ask_move renvoie le tuple (x, y) d'une ligne valide, espaces autour compris"""
    checks.ask_move_returns_tuple(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@given(case=strategies.ask_cases())
@public_example(
    case={"opened": [[False, False, False], [False, False, False]], "lines": ["-1 0", "1 1"]}
)
@public_example(case={"opened": [[False, False], [False, False]], "lines": ["0 -2", "0 0"]})
# Un entier immense : le contrat de is_move_ok vaut pour tous les entiers.
@public_example(case={"opened": [[False, False]], "lines": ["99999999999999999999 0", "1 0"]})
# Trois nombres, dont les deux premiers font un coup permis : la ligne reste refusée.
@public_example(case={"opened": [[False, False]], "lines": ["0 0 0", "1 0"]})
@public_example(
    case={
        "opened": [[True, False, False], [False, False, False]],
        "lines": ["", "trois deux", "1 2 3", "3 0", "0 0", "       2          1       "],
    }
)
# Un seul nombre, puis un coup valide : la ligne d'un nombre est refusée, pas complétée
# par la suivante.
@public_example(case={"opened": [[False, False]], "lines": ["1", "0 0"]})
# Chaque sorte de ligne refusée, puis une case déjà ouverte, puis le coup (11, 10).
@public_example(case=publics.every_malformed_line())
# Plus de lignes refusées qu'un nombre d'essais fixé d'avance : ask_move redemande
# toujours.
@public_example(case=publics.every_malformed_line(repeat=4))
def test_ask_move_bad_lines(sub, case):
    """ask_move explique chaque ligne incorrecte, redemande, puis renvoie le bon coup"""
    checks.ask_move_rejects_bad_lines(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@given(case=strategies.ask_cases(valid=False))
@public_example(case={"opened": [[True, False]], "lines": []})
# Un indice négatif (opened[0][-1] existe) : la ligne est refusée, puis l'entrée se termine.
@public_example(case={"opened": [[False]], "lines": ["-1 0"]})
@public_example(
    case={
        "opened": [[True, False, False], [False, False, False]],
        "lines": ["coucou", "", "1", "a b", "1 2 3", "0 0", "3 0", "0 2"],
    }
)
# Chaque sorte de ligne refusée, une case déjà ouverte, puis la fin de l'entrée.
@public_example(case=publics.every_malformed_line(valid=None))
def test_ask_move_end_of_input(sub, case):
    """ask_move laisse remonter EOFError quand l'entrée se termine"""
    checks.ask_move_end_of_input(sub, case)
