"""Q7 : is_move_ok et ask_move.

Chaque classe d'entrées que le contrat distingue est un test noté, une ligne du barème
(``grading/mark_scheme.py``), vérifiée à chaque notation sur un balayage fixe, le même
quel que soit le secret (cas publics) ; les tirages de hypothesis n'ajoutent que des cas
de la même classe (deux par test : le premier que tire hypothesis est le cas le plus
simple, le même quel que soit le secret ; le second dépend du secret). Une faute ne coûte
que la ligne de sa classe.

is_move_ok, chaque point autour de plateaux de toutes les formes jusqu'à 50×20
(``publics.move_ok_points``) :

- sur le plateau : chaque case, ouverte ou fermée ;
- un indice négatif que Python lit de l'autre côté du plateau (opened[0][-1] existe) ;
- au-delà du plateau, là où opened[y][x] lèverait IndexError (au-delà de la dernière
  colonne ou ligne, ou plus négatif que le plateau n'est large ou haut), jusqu'à deux
  cases plus loin ;
- des entiers au-delà des flottants (10**400 : « 0 <= x / largeur » lève OverflowError).

ask_move :

- une ligne valide, chacune donnée seule : chaque sorte de blancs avant, entre et après
  (espaces, tabulations, longues suites ; ``publics.VALID_SPACINGS``), des coordonnées à
  deux chiffres, un plateau large (x jusqu'à 49) et un plateau haut (y au-delà de la
  largeur), renvoyée comme le tuple (x, y) ;
- chaque classe de lignes refusées (``publics.LINE_CLASSES`` et ``class_lines``), toutes
  ses lignes de suite puis un coup valide (x, y) = (k, k) : refusées sans erreur, la
  suivante lue ; la valeur renvoyée et les messages sont jugés ailleurs. Vide ou blanche ;
  des mots ; un, trois ou quatre nombres ; un coup décoré (d'autres séparateurs, des
  crochets, des parenthèses, des préfixes, des suffixes) ; ce qu'un évaluateur (eval,
  ast.literal_eval) accepte ; des décimaux, l'infini, « nan » ; des nombres négatifs ;
  hors du plateau (trois formes de plateau) ; une case déjà ouverte ; des chiffres que
  str.isdigit accepte et qu'int() refuse (« ² », une classe exotique) ;
- les messages : après chaque ligne refusée de chaque classe, un message en français,
  affiché (l'invite d'input() n'en est pas un), jugé sur les seules lignes qu'ask_move
  refuse ;
- l'obstination : plus de cent lignes refusées de suite (une ligne qu'ask_move refuse
  seule) ;
- la fin de l'entrée : EOFError remonte.

Les lignes que deux lectures justes du contrat comprennent différemment (« +1 0 »,
« ١ ٢ », « 1.0 0 », « 0. », une espace insécable) ne sont jamais tirées, ni un nombre de
plus de 4 300 chiffres (int() le refuse depuis Python 3.11).

Les points (2 pour ask_move) : la ligne valide, ce que le sujet demande d'abord, 0,4 ;
les messages 0,3 ; la fin de l'entrée 0,2 ; l'obstination 0,1 ; chaque classe de lignes
refusées 0,1 (0,15 pour un, trois ou quatre nombres, la faute la plus courante), et 0,05
pour les chiffres exotiques. is_move_ok (1 point) : chaque case 0,4, au-delà et négatifs
0,25 chacun, les entiers immenses 0,1.
"""

import pytest
from hypothesis import given, settings

from grading import expected, publics, strategies
from grading.checks import q7_move as checks
from grading.publics import MOVE_OK_BOARDS, public_example
from grading.strategies import DRAWN_EXAMPLES, NO_SHRINK

BOARDS = MOVE_OK_BOARDS


# -- is_move_ok ----------------------------------------------------------------


@pytest.mark.question("is_move_ok")
@settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
@given(case=strategies.move_ok_class_cases("on"))
@public_example(case=publics.move_ok_case(BOARDS["sujet"], "on"))
@public_example(case=publics.move_ok_case(BOARDS["colonne"], "on"))
@public_example(case=publics.move_ok_case(BOARDS["ligne"], "on"))
@public_example(case=publics.move_ok_case(BOARDS["haut"], "on"))
@public_example(case=publics.move_ok_case(BOARDS["large"], "on"))
@public_example(case=publics.move_ok_case(BOARDS["grand"], "on"))
def test_is_move_ok_every_cell(sub, case):
    """is_move_ok sur chaque case d'un plateau, ouverte ou fermée, jusqu'à 50×20"""
    checks.is_move_ok_everywhere(sub, case, expected.is_move_ok_points(case))


@pytest.mark.question("is_move_ok")
@settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
@given(case=strategies.move_ok_class_cases("beyond"))
@public_example(case=publics.move_ok_case(BOARDS["sujet"], "beyond"))
@public_example(case=publics.move_ok_case(BOARDS["haut"], "beyond"))
@public_example(case=publics.move_ok_case(BOARDS["large"], "beyond"))
@public_example(case=publics.move_ok_case(BOARDS["grand"], "beyond"))
def test_is_move_ok_beyond_the_board(sub, case):
    """is_move_ok au-delà du plateau, là où opened[y][x] lèverait IndexError : False"""
    checks.is_move_ok_everywhere(sub, case, expected.is_move_ok_points(case))


@pytest.mark.question("is_move_ok")
@settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
@given(case=strategies.move_ok_class_cases("negative"))
@public_example(case=publics.move_ok_case(BOARDS["petit"], "negative"))
@public_example(case=publics.move_ok_case(BOARDS["sujet"], "negative"))
@public_example(case=publics.move_ok_case(BOARDS["bords"], "negative"))
@public_example(case=publics.move_ok_case(BOARDS["haut"], "negative"))
@public_example(case=publics.move_ok_case(BOARDS["large"], "negative"))
def test_is_move_ok_negative(sub, case):
    """is_move_ok sur des indices négatifs : False (opened[0][-1] existe, la case non)"""
    checks.is_move_ok_everywhere(sub, case, expected.is_move_ok_points(case))


@pytest.mark.question("is_move_ok")
@settings(max_examples=DRAWN_EXAMPLES, phases=NO_SHRINK)
@given(case=strategies.move_ok_class_cases("huge"))
@public_example(case=publics.move_ok_case(BOARDS["sujet"], "huge"))
@public_example(case=publics.move_ok_case(BOARDS["grand"], "huge"))
def test_is_move_ok_huge_integers(sub, case):
    """is_move_ok sur des entiers immenses, au-delà des flottants : False, sans erreur"""
    checks.is_move_ok_huge(sub, case, expected.is_move_ok_points(case))


# -- ask_move : les lignes valides ----------------------------------------------

SPACINGS = publics.VALID_SPACINGS


@pytest.mark.question("ask_move")
@settings(max_examples=DRAWN_EXAMPLES)
@given(case=strategies.valid_line_cases())
# Chaque sorte de blancs, seule, autour d'un coup.
@public_example(case=publics.valid_case(publics.MOVE_BOARD, [(3, 4)], SPACINGS))
# Des coordonnées à deux chiffres, la dernière case, la première colonne.
@public_example(case=publics.valid_case(publics.MOVE_BOARD, [(11, 10), (10, 0), (0, 10)]))
# Une colonne au-delà de la 20e, sur un plateau large ; une case seule.
@public_example(case=publics.valid_case(publics.grid(False, 50, 3), [(49, 2), (25, 1)]))
@public_example(case=publics.valid_case([[False]], [(0, 0)]))
# Une ligne au-delà de la largeur, sur un plateau plus haut que large : y est borné par la
# hauteur (sur un plateau large, l'inverse est une ligne refusée).
@public_example(case=publics.valid_case(publics.grid(False, 2, 9), [(1, 8)]))
def test_ask_move_valid_line(sub, case):
    """ask_move renvoie le tuple (x, y) d'une ligne valide, blancs autour et entre compris"""
    checks.ask_move_returns_tuple(sub, case, expected.valid_moves(case))


# -- ask_move : chaque classe de lignes refusées ----------------------------------


def refused(kind: str):
    """Les décorateurs d'un test de classe : ses tirages, son cas public."""

    def decorate(test):
        test = public_example(case=publics.class_case(kind))(test)
        test = given(case=strategies.ask_class_cases(kind))(test)
        return settings(max_examples=DRAWN_EXAMPLES)(test)

    return decorate


@pytest.mark.question("ask_move")
@refused("empty")
def test_ask_move_empty_lines(sub, case):
    """ask_move refuse une ligne vide ou blanche, sans erreur, et redemande"""
    checks.ask_move_refuses(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@refused("words")
def test_ask_move_words(sub, case):
    """ask_move refuse des mots, même à côté de deux nombres (« case 1 0 »), et redemande"""
    checks.ask_move_refuses(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@refused("count")
def test_ask_move_number_count(sub, case):
    """ask_move refuse un seul nombre, trois ou quatre nombres, et redemande"""
    checks.ask_move_refuses(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@refused("separators")
def test_ask_move_decorated_move(sub, case):
    """ask_move refuse un coup décoré : virgule, crochets, parenthèses, « x=1 y=0 »…"""
    checks.ask_move_refuses(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@refused("expressions")
def test_ask_move_expressions(sub, case):
    """ask_move refuse ce qu'un évaluateur accepterait : « 1+1 0 », « 0x1 0 », « True 0 »…"""
    checks.ask_move_refuses(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@refused("decimals")
def test_ask_move_decimals(sub, case):
    """ask_move refuse des décimaux, l'infini et « nan », sans erreur, et redemande"""
    checks.ask_move_refuses(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@refused("negative")
def test_ask_move_negative(sub, case):
    """ask_move refuse des coordonnées négatives (opened[0][-1] existe, mais pas la case)"""
    checks.ask_move_refuses(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@refused("off_board")
# Sur un plateau large et sur un plateau haut : chaque coordonnée bornée par sa dimension.
@public_example(case=publics.class_case("off_board", publics.grid(False, 50, 3)))
@public_example(case=publics.class_case("off_board", publics.grid(False, 3, 9)))
def test_ask_move_off_board(sub, case):
    """ask_move refuse une case hors du plateau, juste au bord ou loin, sans erreur"""
    checks.ask_move_refuses(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@refused("open")
# Un plateau tout ouvert sauf une case : chaque case ouverte est refusée.
@public_example(
    case=publics.class_case("open", publics.opened_at(4, 3, publics.every_cell_but(4, 3, (2, 2))))
)
def test_ask_move_already_open(sub, case):
    """ask_move refuse une case déjà ouverte, et redemande"""
    checks.ask_move_refuses(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@refused("exotic")
def test_ask_move_exotic_digits(sub, case):
    """ask_move refuse « ² 1 » sans erreur : str.isdigit() l'accepte, int() non"""
    checks.ask_move_refuses(sub, case, expected.ask_move(case))


# -- ask_move : messages, obstination, fin de l'entrée ----------------------------


@pytest.mark.question("ask_move")
@settings(max_examples=DRAWN_EXAMPLES)
@given(case=strategies.ask_messages_cases())
@public_example(case=publics.every_bad_line())
def test_ask_move_messages(sub, case):
    """ask_move affiche un message en français après chaque ligne refusée"""
    checks.ask_move_explains(sub, case, expected.ask_move(case))


@pytest.mark.question("ask_move")
@settings(max_examples=DRAWN_EXAMPLES)
@given(case=strategies.keep_asking_cases())
@public_example(case=publics.keep_asking_case())
def test_ask_move_keeps_asking(sub, case):
    """ask_move redemande autant qu'il le faut : plus de cent lignes refusées de suite"""
    checks.ask_move_keeps_asking(sub, case)


@pytest.mark.question("ask_move")
@settings(max_examples=DRAWN_EXAMPLES)
@given(case=strategies.end_of_input_cases())
@public_example(case={"opened": [[True, False]], "lines": []})
@public_example(case={"opened": publics.MOVE_BOARD, "lines": []})
def test_ask_move_end_of_input(sub, case):
    """ask_move laisse remonter EOFError quand l'entrée se termine"""
    checks.ask_move_end_of_input(sub, case)
