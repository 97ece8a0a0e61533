"""Q4 : initialise_mines et initialise_open.

Une ligne du barème par classe d'entrées que le contrat distingue ; chacune est jugée par
un balayage fixe, le même pour toutes les classes (des graines fixes), et les cas tirés
du secret ne font qu'en ajouter :

- initialise_mines, le nombre (0,5) : une grille reçue toute à False ; des plateaux
  d'une case, d'une ligne, d'une colonne, carrés (d'abord), plus larges que hauts et
  l'inverse, jusqu'à 50×20 ; de 1 mine à plus de la moitié des cases, et toutes les
  cases des plateaux de six cases au plus ; quatre graines chacun (un tirage avec
  remise y perd une mine à coup sûr). Un plateau dense où la fonction ne finit pas
  n'est pas jugé ici ;
- initialise_mines, la grille reçue (0,25) : une seule mine sur des grilles reçues
  pleines ou sales (chaque forme, jusqu'à 50×20 : il faut les vider d'abord, sur
  place) ; une grille qui a déjà trois mines quand il en faut six (elles ne doivent pas
  rester à chaque tirage), et une grille qui a déjà le bon nombre (son placement doit
  quand même être tiré) ;
- initialise_mines, la fin (0,25) : des plateaux pleins ou presque (de 6×5 à 50×20,
  1 000 et 999 mines) finissent en une seconde de calcul, sans exception (le nombre n'y
  est pas jugé : c'est la ligne du nombre) ;
- initialise_mines, le hasard (0,25) : le module random, jamais re-semé (random.seed et
  random.setstate, guettés à chaque appel de la fonction depuis le lancement du processus
  de travail) ; même graine, même tirage ; graines différentes, tirages différents ;
- initialise_mines, l'uniformité (0,75) : les six plateaux de ``UNIFORMITY_BOARDS``,
  jugés par huit comparaisons (``grading/stats.py``). Leurs graines viennent du secret,
  et de chaque rendu : ils sont choisis pour que chaque biais réaliste du corpus y soit
  vu quelles que soient les graines (tableau plus bas) ;
- initialise_open, chaque case fermée (0,35) : une case, une ligne, une colonne, une
  ligne déjà fermée avant une ligne ouverte, le plus grand plateau tout ouvert ;
- initialise_open, les lignes gardées (0,15) : chaque case change, pas la ligne.

Les points : l'uniformité est le cœur de la question (les trois cinquièmes de ce que
valent les tirages) ; chaque autre propriété du contrat vaut une ligne, le nombre un peu
plus que les autres. Une faute qui ne touche qu'une propriété ne coûte que sa ligne :
un tirage avec remise perd le nombre, pas l'uniformité (seuls les tirages du bon nombre
y comptent) ; une graine fixe perd le hasard, pas l'uniformité (un plateau toujours le
même chez une fonction qui re-sème n'y est pas jugé) ; un tirage qui recommence au
moindre doublon perd la fin, pas le nombre ni l'uniformité (un plateau dense qui ne
finit pas n'y est pas jugé). Une faute qui casse plusieurs propriétés perd plusieurs
lignes : random.randint(0, largeur) lève IndexError partout où elle tire.
"""

import pytest

from grading import secret, strategies
from grading.checks import q4_initialise as checks
from grading.strategies import drawn

# Le balayage du nombre : [largeur, hauteur, nb_mines], les plateaux carrés d'abord (un
# IndexError sur un plateau carré ne vient que d'un nombre tiré trop grand).
COUNT_BOARDS = [
    [1, 1, 1],
    [2, 2, 4],
    [3, 3, 2],
    [3, 3, 8],
    [1, 2, 2],
    [2, 1, 1],
    [3, 2, 3],
    [2, 3, 6],
    [1, 5, 2],
    [5, 1, 3],
    [7, 3, 10],
    [2, 9, 9],
    [1, 20, 10],
    [50, 1, 25],
    [49, 19, 95],
    [50, 20, 100],
    # Denses : plus de la moitié des cases minées.
    [4, 2, 6],
    [6, 5, 25],
    [50, 20, 950],
]
COUNT_SEEDS = [31, 32, 33, 34]


@pytest.mark.question("initialise_mines")
@pytest.mark.public
def test_initialise_mines_places_exact_count(sub):
    """initialise_mines place exactement nb_mines mines, de 1 case à 50×20"""
    rng = drawn("initialise_mines, le nombre", 31)
    boards = COUNT_BOARDS + strategies.mines_boards(rng)
    checks.initialise_mines_counts(sub, {"boards": boards, "seeds": COUNT_SEEDS})


# La grille reçue : [largeur, hauteur, cases à True (numérotées ligne après ligne)].
DIRTY_GRIDS = [
    [3, 2, list(range(6))],
    [1, 5, list(range(5))],
    [5, 1, list(range(5))],
    [4, 3, [0, 2, 5, 7, 8, 10]],  # en damier
    [3, 3, [0, 1, 2]],  # la première ligne
    [4, 2, [3, 7]],  # la dernière colonne
    [50, 20, list(range(1000))],
]
# Trois mines déjà posées quand il en faut six, et le bon nombre déjà posé.
KEPT_MINES = [[5, 4, 6, [0, 7, 19]]]
SAME_PLACEMENT = [[5, 4, [1, 6, 8, 13, 18]]]
DIRTY_SEEDS = [41, 42, 43, 44, 45, 46, 47, 48]


@pytest.mark.question("initialise_mines")
@pytest.mark.public
def test_initialise_mines_clears_received_grid(sub):
    """initialise_mines ne garde rien de la grille reçue, et la remplit sur place"""
    rng = drawn("initialise_mines, la grille reçue", 41)
    case = {
        "grids": DIRTY_GRIDS + strategies.dirty_grids(rng),
        "kept": KEPT_MINES,
        "same": SAME_PLACEMENT,
        "seeds": DIRTY_SEEDS,
    }
    checks.initialise_mines_clears(sub, case)


# Pleins ou presque : un tirage avec rejet y finit en quelques millisecondes.
FULL_BOARDS = [[6, 5, 30], [1, 20, 20], [50, 1, 50], [50, 20, 1000], [50, 20, 999]]


@pytest.mark.question("initialise_mines")
@pytest.mark.public
def test_initialise_mines_full_board(sub):
    """initialise_mines finit vite sur un plateau plein ou presque, jusqu'à 50×20"""
    rng = drawn("initialise_mines, la fin", 7)
    boards = FULL_BOARDS + strategies.full_boards(rng)
    checks.initialise_mines_ends(sub, {"boards": boards, "seed": rng.randrange(10**9)})


@pytest.mark.question("initialise_mines")
@pytest.mark.public
def test_initialise_mines_uses_random(sub):
    """initialise_mines tire les mines avec le module random, sans random.seed"""
    cases = [
        {"width": 5, "height": 4, "nb_mines": 5, "seeds": [11, 12, 13, 14, 15, 16]},
        # Un plateau d'une seule ligne : le tirage doit pouvoir atteindre la dernière colonne.
        {"width": 7, "height": 1, "nb_mines": 3, "seeds": [21, 22, 23, 24, 25, 26]},
        strategies.random_use_case(drawn("initialise_mines, le hasard", 17)),
    ]
    for case in cases:
        checks.initialise_mines_uses_random(sub, case)


# Les plateaux de l'uniformité : (largeur, hauteur, nb_mines, tirages). Chaque plateau
# fait au plus stats.COMPARISONS comparaisons, chacune au seuil stats.ALPHA : une
# fonction correcte échoue à l'un des six avec une probabilité d'au plus
# 6 × 8 × 1e-10 < 5e-9 par notation.
#
# Ce que chaque plateau voit (probabilité de le manquer, quelles que soient les graines,
# mesurée par python tests/benchmarks/bench_uniformity.py sur 200 secrets) :
UNIFORMITY_BOARDS = [
    # Chaque ensemble de deux cases, un à un : un balayage qui mine les premières cases.
    (3, 2, 2, 600),
    # Une colonne, une seule case libre : chacune doit pouvoir la rester (une fonction qui
    # tire la case libre parmi les nb_mines premières mine toujours la dernière).
    (1, 5, 4, 300),
    # Dense (6 cases minées sur 8) : un tirage peut changer de méthode au-delà de la moitié
    # des cases (la première case jamais vide), « la case libre suivante » (les paires et
    # les ensembles), le mélange naïf (chaque case échangée avec une case tirée parmi
    # toutes : les cases une à une).
    (4, 2, 6, 2000),
    # Large et haut, 931 cases : un nombre tiré entre 0 et 999 puis réduit modulo le nombre
    # de cases favorise ici les 69 premières ; une colonne tirée entre 0 et 49 (la plus
    # grande largeur) puis réduite modulo 49 favorise la première colonne, une ligne tirée
    # entre 0 et 19 réduite modulo 19 la première ligne ; une colonne ou une ligne oubliée
    # au-delà d'une certaine taille s'y voit aussi.
    (49, 19, 95, 200),
    # Le plus grand plateau, dense (65 %) : une méthode propre aux plateaux denses (tirer
    # les cases vides) qui oublie une case, une ligne ou une colonne ; le mélange naïf.
    (50, 20, 650, 80),
    # Le plus grand plateau, presque plein : les dernières mines tombent sur des cases déjà
    # minées, et un tirage qui se rabat sur « la première case libre » ou « la suivante »
    # se voit (les lignes, les paires).
    (50, 20, 950, 150),
]


# Un seul test pour les six plateaux : un biais coûte la même chose qu'un plateau le
# voie ou plusieurs.
@pytest.mark.question("initialise_mines")
@pytest.mark.public
def test_initialise_mines_uniform(sub):
    """initialise_mines choisit chaque ensemble de cases avec la même probabilité"""
    for width, height, nb_mines, draws in UNIFORMITY_BOARDS:
        case = {
            "width": width,
            "height": height,
            "nb_mines": nb_mines,
            "draws": draws,
            # Sans secret, les graines publiques du kit ; avec, celles de la classe.
            "first_seed": secret.seed(
                f"uniformité {width}x{height}x{nb_mines}", 10**6 * width + 10**4 * height + nb_mines
            ),
        }
        checks.initialise_mines_uniform(sub, case)


# [largeur, hauteur, cases ouvertes (numérotées ligne après ligne)].
OPEN_GRIDS = [
    [3, 2, [0, 2, 4, 5]],
    [1, 1, [0]],
    [1, 4, [1, 3]],
    [5, 1, [0, 4]],
    # Une ligne déjà toute fermée avant une ligne ouverte : la suivante est fermée aussi.
    [1, 2, [1]],
    [3, 3, [6, 7, 8]],
    # Le plus grand plateau, tout ouvert : chaque case, jusqu'à la 50e colonne.
    [50, 20, list(range(1000))],
]


@pytest.mark.question("initialise_open")
@pytest.mark.public
def test_initialise_open_closes_every_cell(sub):
    """initialise_open ferme toutes les cases"""
    grids = OPEN_GRIDS + strategies.open_grids(drawn("initialise_open, chaque case", 51))
    checks.initialise_open_closes_all(sub, {"grids": grids})


@pytest.mark.question("initialise_open")
@pytest.mark.public
def test_initialise_open_keeps_rows(sub):
    """initialise_open ferme les cases de chaque ligne, sans remplacer la ligne"""
    grids = [[3, 2, [0, 4]], [50, 20, [999]]]
    grids += strategies.open_grids(drawn("initialise_open, les lignes", 52), count=1)
    checks.initialise_open_keeps_rows(sub, {"grids": grids})
