"""Q3 : main, sur des parties écrites d'avance.

Chaque classe d'entrées que le contrat distingue est un test noté, une ligne du barème
(``grading/mark_scheme.py``), vérifiée à chaque notation sur un balayage fixe, le même
quel que soit le secret (cas publics) ; les tirages de hypothesis n'ajoutent que des cas
de la même classe (deux par test : le premier que tire hypothesis est le cas le plus
simple, le même quel que soit le secret ; le second dépend du secret). Une faute ne coûte
que la ligne de sa classe.

- chaque classe de réponses refusées (``publics.ANSWER_CLASSES``, ``above_answers``), à
  chacune des trois questions (largeur, hauteur, mines), une réponse refusée par
  question et par appel, jusqu'à ce que chaque réponse de la classe soit passée à
  chaque question : vide ou blanche ; des mots (accolades et pourcentages compris) ;
  plusieurs nombres (les trois réponses sur une ligne) ; un entier décoré ; ce qu'un
  évaluateur accepte (« 2+1 », « 0x3 », « True ») ; des décimaux, l'infini, « nan » ;
  sous la borne basse ; au-delà de la borne haute ; des chiffres que str.isdigit accepte
  et qu'int() refuse (« ² », une classe exotique). Les réponses permises sont loin des
  bornes (6, 5, 29), la partie se joue case après case. La classe est jugée sur le refus
  (ni erreur, ni réponse refusée retenue), pas sur les messages ;
- une réponse refusée juste après une autre, de chaque classe (une lecture qui ne
  protège que la première réponse) ;
- les messages : après chaque réponse refusée de chaque classe, à chaque question, un
  message en français, affiché (l'invite d'input() n'en est pas un), jugé sur les seules
  réponses que main refuse ;
- les bornes comprises, avec des réponses permises seulement : la borne basse (1 à
  chaque question) et la borne haute (50, 20, largeur × hauteur : le plus grand plateau,
  50×20 et ses 1 000 mines, et d'autres plateaux tout minés), chacune sans l'autre ;
- les grilles : hauteur lignes de largeur cases, aucune ligne partagée, et ce sont elles
  qui sont initialisées puis jouées ;
- les appels : initialise_mines(mines, nb_mines), initialise_open, compute_neigh, puis
  play_the_game, dans cet ordre.

Les points (2) : les messages 0,25, les grilles et les appels 0,2 chacun (ce que main
construit) ; chaque classe de réponses refusées 0,1, 0,15 pour les mots et pour chaque
borne dépassée (les fautes les plus courantes), 0,05 pour les chiffres exotiques ; une
réponse refusée après une autre 0,1 ; la borne basse 0,1 et la borne haute 0,15.
"""

import pytest
from hypothesis import given, settings

from grading import expected, publics, strategies
from grading.checks import q3_main as checks
from grading.publics import public_example
from grading.strategies import DRAWN_EXAMPLES, NO_SHRINK

# La graine de tous les cas publics du plateau 6×5 et ses 29 mines : le kit reconnaît un
# appel de la référence à ses arguments, et un même plateau doit y donner les mêmes mines.
SEED = 11


def played(*sizes: tuple[int, int, int]):
    """Un cas public par plateau (largeur, hauteur, mines), chacun un seul appel de main :
    le kit fait jouer à la référence les lignes de chaque cas public."""

    def decorate(test):
        for index, size in enumerate(reversed(sizes)):
            test = public_example(case=publics.played_case([size], 30 + index))(test)
        return test

    return decorate


def refused(kind: str):
    """Les décorateurs d'un test de classe de réponses refusées : ses tirages, son cas
    public."""

    def decorate(test):
        test = public_example(case=publics.refused_case(kind, SEED))(test)
        test = given(case=strategies.refused_main_cases(kind))(test)
        return settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)(test)

    return decorate


@pytest.mark.question("main")
@refused("empty")
def test_main_empty_answers(sub, case):
    """main refuse une réponse vide ou blanche, sans erreur, et repose la question"""
    checks.main_refuses(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@refused("words")
def test_main_words(sub, case):
    """main refuse des mots (« abc », « q », « {3} », « 15% »), sans erreur"""
    checks.main_refuses(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@refused("several")
def test_main_several_numbers(sub, case):
    """main refuse plusieurs nombres sur une ligne (les trois réponses d'un coup)"""
    checks.main_refuses(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@refused("decorated")
def test_main_decorated_answers(sub, case):
    """main refuse un entier décoré : « [3] », « 3, », « n=3 », « 3 cases »…"""
    checks.main_refuses(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@refused("expressions")
def test_main_expressions(sub, case):
    """main refuse ce qu'un évaluateur accepterait : « 2+1 », « 0x3 », « True »…"""
    checks.main_refuses(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@refused("decimals")
def test_main_decimals(sub, case):
    """main refuse des décimaux, l'infini et « nan », sans erreur"""
    checks.main_refuses(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@refused("exotic")
def test_main_exotic_digits(sub, case):
    """main refuse « ² » sans erreur : str.isdigit() l'accepte, int() non"""
    checks.main_refuses(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@refused("below")
def test_main_below_bounds(sub, case):
    """main refuse une réponse sous la borne basse (0, négative)"""
    checks.main_refuses(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@refused("above")
def test_main_above_bounds(sub, case):
    """main refuse une réponse au-delà de la borne haute (51, 21, largeur × hauteur + 1…)"""
    checks.main_refuses(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
@given(case=strategies.refused_twice_main_cases())
@public_example(case=publics.refused_twice_case(SEED))
def test_main_refused_twice(sub, case):
    """main refuse une réponse incorrecte juste après une autre, à chaque question"""
    checks.main_refuses_again(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
@given(case=strategies.main_messages_cases())
@public_example(case=publics.every_refused_answer(SEED))
def test_main_messages(sub, case):
    """main affiche un message en français après chaque réponse refusée"""
    checks.main_explains(sub, case, expected.main_calls(case))


@pytest.mark.question("main")
@settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
@given(case=strategies.played_main_cases("smallest"))
# Une ligne, une colonne, une seule mine (jamais une borne haute : 1×1 et sa mine en est
# une, la faute d'un autre test).
@played((1, 3, 2), (5, 1, 3), (4, 3, 1))
def test_main_smallest_answers(sub, case):
    """main accepte la borne basse, 1, à chaque question"""
    checks.main_accepts(sub, case)


@pytest.mark.question("main")
@settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
@given(case=strategies.played_main_cases("largest"))
# Le plus grand plateau, tout miné : une partie gagnée d'avance ; puis 999 mines, chaque
# borne haute seule (jamais 1 : une borne basse exclue est la faute d'un autre test).
@played((50, 20, 1000), (50, 20, 999), (50, 2, 7), (3, 20, 5), (4, 3, 12))
def test_main_largest_board(sub, case):
    """main accepte le plus grand plateau, 50×20, et ses 1 000 mines"""
    checks.main_accepts(sub, case)


@pytest.mark.question("main")
@settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
@given(case=strategies.played_main_cases())
# Plus large que haut, plus haut que large (aucune réponse n'est une borne).
@played((3, 2, 2), (2, 3, 5), (7, 2, 3), (2, 6, 4))
def test_main_grids(sub, case):
    """main crée des grilles de hauteur lignes de largeur cases, sans ligne partagée"""
    checks.main_builds_grids(sub, case)


@pytest.mark.question("main")
@settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
@given(case=strategies.played_main_cases())
@played((4, 2, 3), (2, 5, 3))
def test_main_calls(sub, case):
    """main appelle initialise_mines, initialise_open, compute_neigh puis play_the_game"""
    checks.main_calls_in_order(sub, case)
