"""Q4 : initialise_mines et initialise_open.

Ce que le contrat distingue, et ce qui le vérifie à chaque notation, quel que soit le
secret (cas publics ; les graines de l'uniformité viennent du secret quand il y en a un) :

- initialise_mines, le nombre : une grille reçue propre, sale ou pleine, de 1 mine à
  toutes les cases (un plateau moyen, 6×5, tout miné, dans le test du nombre), jusqu'au
  plus grand plateau tout miné (50×20, 1 000 mines), les lignes de la grille gardées ;
- initialise_mines, le hasard : le module random, jamais re-semé (random.seed et
  random.setstate, guettés à chaque appel de la fonction depuis le lancement du processus
  de travail, même quand un autre test a fait le premier ; même graine, même tirage ;
  graines différentes, tirages différents), même sur une grille reçue qui a déjà
  nb_mines mines ;
- initialise_mines, l'uniformité : de petits plateaux (une colonne à une seule case
  libre, 3×2, 5×4 sur une grille reçue qui a déjà des mines, moins que nb_mines), un petit
  plateau dense (4×2, 6 mines), un grand plateau (49×19, 95 mines) et le plus grand
  presque plein (50×20, 950 mines), jugés case par case, ligne par ligne, colonne par
  colonne et, sur les petits plateaux, ensemble par ensemble (``grading/stats.py``) ;
- initialise_open : chaque case fermée, sur place, quelle que soit la grille reçue (une
  ligne déjà fermée avant une ligne ouverte comprise).
"""

import pytest
from hypothesis import given, settings

from grading import publics, secret, strategies
from grading.checks import q4_initialise as checks
from grading.publics import public_example
from grading.strategies import NO_SHRINK


@pytest.mark.question("initialise_mines")
@given(case=strategies.mines_cases())
@public_example(case={"grid": publics.grid(True, 3, 2), "nb_mines": 2, "seed": 1})
@public_example(case={"grid": [[False]], "nb_mines": 1, "seed": 2})
@public_example(case={"grid": publics.grid(True, 4, 3), "nb_mines": 12, "seed": 3})
# Une seule mine sur un large plateau plein : chaque case, jusqu'à la 50e colonne, est
# d'abord remise à False.
@public_example(case={"grid": publics.grid(True, 50, 2), "nb_mines": 1, "seed": 4})
# Toutes les cases d'un plateau moyen, comme en tirent les exemples de ce test : un tirage
# qui recommence tout à chaque doublon ne finit pas (le contrat : « promptement »).
@public_example(case={"grid": publics.grid(False, 6, 5), "nb_mines": 30, "seed": 5})
def test_initialise_mines_places_exact_count(sub, case):
    """initialise_mines place exactement nb_mines mines, même sur une grille sale ou pleine"""
    checks.initialise_mines_count(sub, case)


@pytest.mark.question("initialise_mines")
@settings(max_examples=3, phases=NO_SHRINK)
@given(case=strategies.full_board_cases())
@public_example(case={"grid": publics.grid(False, 50, 20), "nb_mines": 1000, "seed": 7})
def test_initialise_mines_full_board(sub, case):
    """initialise_mines remplit vite un plateau de mines, jusqu'à 50×20 et 1 000 mines"""
    checks.initialise_mines_count(sub, case)


@pytest.mark.question("initialise_mines")
@settings(max_examples=2)
@given(case=strategies.random_use_cases())
@public_example(
    case={"width": 5, "height": 4, "nb_mines": 5, "seeds": [11, 12, 13, 14, 15, 16, 17, 18]}
)
# Un plateau d'une seule ligne : le tirage doit pouvoir atteindre la dernière colonne.
@public_example(
    case={"width": 7, "height": 1, "nb_mines": 3, "seeds": [21, 22, 23, 24, 25, 26, 27, 28]}
)
def test_initialise_mines_uses_random(sub, case):
    """initialise_mines tire les mines avec le module random, sans random.seed"""
    checks.initialise_mines_uses_random(sub, case)


# Les plateaux de l'uniformité : (largeur, hauteur, nb_mines, tirages, mines déjà dans la
# grille reçue, aux premières cases). Chaque plateau fait au plus stats.COMPARISONS
# comparaisons, chacune au seuil stats.ALPHA : une fonction correcte échoue à l'un des six
# avec une probabilité inférieure à 6 × 5 × 1e-10 = 3e-9.
UNIFORMITY_BOARDS = [
    (3, 2, 2, 3000, 0),
    # Une colonne, une seule case libre : chacune doit pouvoir la rester (une fonction qui
    # tire la case libre parmi les nb_mines premières mine toujours la dernière).
    (1, 5, 4, 1000, 0),
    # La grille reçue a déjà trois mines, aux trois premières cases : une fonction qui les
    # garde et n'en tire que trois de plus les mine à chaque tirage.
    (5, 4, 6, 1000, 3),
    # Dense (6 cases minées sur 8) : un tirage peut changer de méthode au-delà de la moitié
    # des cases. 7 000 tirages : le mélange naïf (chaque case échangée avec une case tirée
    # parmi toutes) s'y voit, ensemble par ensemble, avec une probabilité supérieure à
    # 1 - 1e-9 (loi du khi-deux décentrée), quel que soit le secret ; avec 2 000, une fois
    # sur quatre.
    (4, 2, 6, 7000, 0),
    # Large et haut, 931 cases : un nombre tiré entre 0 et 999 puis réduit modulo le nombre
    # de cases favorise ici les 69 premières ; une colonne tirée entre 0 et 49 (la plus
    # grande largeur) puis réduite modulo 49 favorise la première colonne, une ligne tirée
    # entre 0 et 19 réduite modulo 19 la première ligne ; une colonne ou une ligne oubliée
    # au-delà d'une certaine taille s'y voit aussi.
    (49, 19, 95, 100, 0),
    # Le plus grand plateau, presque plein : les dernières mines tombent sur des cases déjà
    # minées et un tirage qui se rabat sur « la première case libre » se voit.
    (50, 20, 950, 40, 0),
]


# Un seul test pour les six plateaux, qui vaut les trois cinquièmes de la question (les
# trois autres tests pèsent ensemble 4) : un biais coûte la même chose qu'un plateau le
# voie ou plusieurs. Un biais qu'un plateau voit à coup sûr et un autre selon ses graines
# (celles du secret de la classe) coûterait sinon plus ou moins d'une classe à l'autre.
@pytest.mark.question("initialise_mines")
@pytest.mark.public
def test_initialise_mines_uniform(sub):
    """initialise_mines choisit chaque ensemble de cases avec la même probabilité"""
    for width, height, nb_mines, draws, received in UNIFORMITY_BOARDS:
        case = {
            "width": width,
            "height": height,
            "nb_mines": nb_mines,
            "draws": draws,
            "received": received,
            # Sans secret, les graines publiques du kit ; avec, celles de la classe.
            "first_seed": secret.seed(f"uniformité {width}x{height}", 1000 * width + height),
        }
        checks.initialise_mines_uniform(sub, case)


@pytest.mark.question("initialise_open")
@given(case=strategies.open_cases())
@public_example(case={"grid": [[True, False, True], [False, True, True]]})
# Une ligne déjà toute fermée avant une ligne ouverte : la suivante est fermée aussi.
@public_example(case={"grid": [[False], [True]]})
# Le plus grand plateau, tout ouvert : chaque case, jusqu'à la 50e colonne.
@public_example(case={"grid": publics.grid(True, 50, 20)})
def test_initialise_open_closes_every_cell(sub, case):
    """initialise_open ferme toutes les cases, sur place"""
    checks.initialise_open_closes_all(sub, case)
