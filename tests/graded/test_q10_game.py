"""Q10 : play_turn et play_the_game, sur des parties écrites d'avance.

Ce que le contrat distingue, une ligne du barème par classe, chacune vérifiée à chaque
notation sur un balayage fixe de parties (``grading.sweeps.q10_game``), le même quel que
soit le secret ; les exemples tirés n'ajoutent que des parties de la même classe :

- play_turn, sur des plateaux de 1 à 50 colonnes : le plateau affiché par display_board,
  une fois, avant la question ; le coup demandé à ask_move, une fois (des lignes
  refusées d'abord : c'est ask_move qui les refuse) ; la case choisie ouverte,
  opened[y][x], et elle seule (des coups hors de la diagonale, où opened[x][y] serait une
  autre case ou hors du plateau) ; l'inondation par propagate_open_cells, une fois, après
  l'ouverture. Hors de l'ouverture, chaque coup est sur la diagonale (x == y) ;
- play_the_game : autant de tours qu'il faut, et pas plus (aucun quand la partie est
  déjà gagnée ou perdue, même avec toutes les cases sans mine ouvertes ; un, deux,
  sept, 104 ; perdue au premier coup, au dernier ; jusqu'à 50 colonnes) ; le plateau
  final affiché une fois de plus, après le dernier tour ; la dernière ligne qui dit
  « gagné » ou « perdu » (en minuscules, sans accents ; des lignes entre le plateau et
  le verdict sont permises) et le code 1 ou 2 renvoyé. Le plateau final et le résultat
  ne sont jugés que sur les parties que la fonction mène là où il faut : une partie
  arrêtée trop tôt ou jouée trop longtemps n'est la faute que de la classe des tours.

Les points : play_turn, 1 point, un quart par étape ; play_the_game, 1,5 point, dont 0,6
pour les tours (la boucle, où sont les fautes les plus variées), 0,4 pour le plateau
final et 0,5 pour le résultat (le verdict et le code, qu'une même faute rate ensemble).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grading import expected, strategies, sweeps
from grading.checks import q10_game as checks
from grading.publics import public_example
from grading.strategies import DRAWN_EXAMPLES, NO_SHRINK

SWEEPS = sweeps.stored("q10_game")
# Les balayages couvrent chaque classe ; les exemples tirés (une partie chacun) ne font
# que s'y ajouter (strategies.DRAWN_EXAMPLES par test).
DRAWS = settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
GAMES = st.one_of(strategies.game_cases(), strategies.finished_boards())


def public_examples(cases: list[dict]):
    """Chaque partie du balayage, un cas public (dans l'ordre du balayage)."""

    def decorate(test):
        for case in reversed(cases):
            test = public_example(case=case)(test)
        return test

    return decorate


@pytest.mark.question("play_turn")
@DRAWS
@given(case=strategies.turn_cases())
@public_examples(SWEEPS["turn_display"])
def test_play_turn_displays_the_board(sub, case):
    """play_turn affiche le plateau (display_board) avant de demander le coup"""
    checks.play_turn_displays_the_board(sub, case, expected.play_turn(case))


@pytest.mark.question("play_turn")
@DRAWS
@given(case=strategies.turn_cases(refused=True))
@public_examples(SWEEPS["turn_ask"])
def test_play_turn_asks_for_the_move(sub, case):
    """play_turn demande le coup à ask_move, une fois"""
    checks.play_turn_asks_for_the_move(sub, case, expected.play_turn(case))


@pytest.mark.question("play_turn")
@DRAWS
@given(case=strategies.turn_cases(diagonal=False))
@public_examples(SWEEPS["turn_open"])
def test_play_turn_opens_the_chosen_cell(sub, case):
    """play_turn ouvre la case choisie, opened[y][x], et elle seule"""
    checks.play_turn_opens_the_chosen_cell(sub, case, expected.play_turn(case))


@pytest.mark.question("play_turn")
@DRAWS
@given(case=strategies.turn_cases())
@public_examples(SWEEPS["turn_flood"])
def test_play_turn_floods_after_opening(sub, case):
    """play_turn inonde (propagate_open_cells) après avoir ouvert la case"""
    checks.play_turn_floods_after_opening(sub, case, expected.play_turn(case))


@pytest.mark.question("play_the_game")
@DRAWS
@given(case=GAMES)
@public_examples(SWEEPS["game_turns"])
def test_play_the_game_plays_until_the_end(sub, case):
    """play_the_game joue un tour tant que la partie n'est pas finie, et pas plus"""
    checks.play_the_game_plays_until_the_end(sub, case, expected.play_the_game(case))


@pytest.mark.question("play_the_game")
@DRAWS
@given(case=GAMES)
@public_examples(SWEEPS["game_board"])
def test_play_the_game_shows_the_final_board(sub, case):
    """play_the_game affiche le plateau une dernière fois, la partie finie"""
    checks.play_the_game_shows_the_final_board(sub, case, expected.play_the_game(case))


@pytest.mark.question("play_the_game")
@DRAWS
@given(case=GAMES)
@public_examples(SWEEPS["game_result"])
def test_play_the_game_announces_the_result(sub, case):
    """play_the_game finit par « gagné » ou « perdu », et renvoie 1 ou 2"""
    checks.play_the_game_announces_the_result(sub, case, expected.play_the_game(case))
