"""Q8 : propagate_open_cells, comparée à un oracle du point fixe écrit dans les tests.

Ce que le contrat distingue, et ce qui le vérifie à chaque notation, quel que soit le
secret (cas publics) :

- chacune des 8 directions depuis une case vide (``RING``, ``DIAGONAL``) ;
- des murs de chiffres, ouverts sans aller au-delà (``RING``, ``WALL``, ``REACH``,
  ``REACH_ROW``) ;
- plusieurs sources : chaque case vide déjà ouverte inonde sa région (``WALL``, et un
  grand plateau aux cases ouvertes éparses) ;
- une inondation qui doit remonter vers le haut et la gauche (``CORNER``, le coin du
  grand plateau vide), remonter une colonne, la dernière passe utile n'ouvrant que des
  lignes du haut (``UPWARD``), repartir vers la gauche sur une seule ligne (``LEFTWARD``), et
  suivre un couloir en serpentin plus long que tout nombre de passes fixé d'avance
  (``publics.serpentine``) ;
- une mine ouverte sans mine voisine et un chiffre ouverts : rien ne s'ouvre, rien ne se
  ferme ; les grilles mines et neigh intactes, les lignes de opened gardées ;
- des plateaux de toutes les formes, jusqu'à 50×20.
"""

import pytest
from hypothesis import given, settings

from grading import expected, publics, strategies
from grading.checks import q8_flood as checks
from grading.publics import public_example
from grading.strategies import NO_SHRINK

# Une seule passe de gauche à droite et de haut en bas ne suffit pas ici : la
# case ouverte est en bas à droite, l'inondation doit remonter.
CORNER = {
    "mines": [[False] * 4 for _ in range(3)],
    "neigh": [[0] * 4 for _ in range(3)],
    "opened": [[False] * 3 + [False], [False] * 4, [False] * 3 + [True]],
}


# Une case vide (0, 0) dont la voisine en diagonale (1, 1) n'est touchée par
# aucune autre case vide : une inondation à 4 voisines ne l'ouvre pas.
DIAGONAL = {
    "mines": [[False, False, True], [False, False, False], [True, False, False]],
    "neigh": [[0, 1, 0], [1, 2, 1], [0, 1, 0]],
    "opened": [[True, False, False], [False, False, False], [False, False, False]],
}

# Une colonne de 4 cases : le 0 ouvert en bas ne doit ouvrir que le 1 au-dessus de
# lui ; une inondation qui va plus loin que les voisines ouvre la mine en y = 1.
REACH = {
    "mines": [[False], [True], [False], [False]],
    "neigh": [[1], [0], [1], [0]],
    "opened": [[False], [False], [False], [True]],
}

# La même, couchée : une ligne de 4 cases dont le 0 ouvert à droite ne doit ouvrir que
# le 1 à sa gauche ; une inondation qui commence deux colonnes à gauche ouvre la mine en
# x = 1 (range(x >> 1, x + 2) ne se distingue de range(x - 1, x + 2) qu'à partir de x = 3).
REACH_ROW = {
    "mines": [[False, True, False, False]],
    "neigh": [[1, 0, 1, 0]],
    "opened": [[False, False, False, True]],
}


# Une ligne : le 0 ouvert à droite, l'inondation doit repartir vers la gauche sur la même
# ligne (une inondation qui ne recommence que pour les lignes du dessus s'arrête).
LEFTWARD = publics.board(publics.mines_from(["*......"]), publics.opened_at(7, 1, [(6, 0)]))


# Une colonne vide : le 0 ouvert en bas, l'inondation remonte d'une ligne à chaque passe ;
# à la dernière passe utile, seules des lignes du haut s'ouvrent (une boucle qui ne
# regarde que la dernière ligne pour savoir si quelque chose a changé s'arrête avant).
UPWARD = publics.board(publics.mines_from([".", ".", ".", "."]), publics.opened_at(1, 4, [(0, 3)]))


# Une case vide au centre, entourée de 8 chiffres, eux-mêmes entourés de mines : les 8
# voisines s'ouvrent, chacune par sa seule direction, et rien au-delà.
RING = publics.board(
    publics.mines_from(["*****", "*...*", "*...*", "*...*", "*****"]),
    publics.opened_at(5, 5, [(2, 2)]),
)

# Deux régions vides séparées par un mur de mines bordé de chiffres, chacune avec une case
# ouverte : les deux s'inondent jusqu'aux chiffres, le mur reste fermé.
WALL = publics.board(
    publics.mines_from(["...*...", "...*...", "...*..."]), publics.opened_at(7, 3, [(0, 0), (6, 2)])
)


@pytest.mark.question("propagate_open_cells")
# 20 exemples, deux fois le réglage commun : la marge va à la question qui vaut le plus
# de points et dont les fautes sont les plus variées (la mutation en tue autant avec 12).
@settings(max_examples=20)
@given(case=strategies.flood_cases())
@public_example(case=CORNER)
@public_example(case=RING)
@public_example(case=WALL)
@public_example(case=DIAGONAL)
@public_example(case=REACH)
@public_example(case=REACH_ROW)
@public_example(case=LEFTWARD)
@public_example(case=UPWARD)
# Le plateau du sujet : une mine (2, 3) sans voisine minée et un 3 (3, 2) ouverts ;
# rien ne s'ouvre, rien ne se ferme.
@public_example(case=publics.board(publics.SUJET_MINES, publics.opened_at(5, 4, [(3, 2), (2, 3)])))
@public_example(case=publics.board(publics.SUJET_MINES, publics.opened_at(5, 4, [(0, 0)])))
def test_propagate_open_cells(sub, case):
    """propagate_open_cells ouvre tout ce que l'inondation atteint, et rien d'autre"""
    checks.propagate_open_cells_floods(sub, case, expected.propagate_open_cells(case))


@pytest.mark.question("propagate_open_cells")
@settings(max_examples=10, phases=NO_SHRINK)
@given(case=strategies.large_sizes().flatmap(strategies.flood_cases))
@public_example(
    case=publics.board(publics.grid(False, 50, 20), publics.opened_at(50, 20, [(49, 19)]))
)
@public_example(case=publics.flood_start(50, 20, 802))
# Un serpentin : plus de passes que largeur + hauteur.
@public_example(case=publics.serpentine(50, 20))
# Des cases ouvertes éparses : plusieurs régions à inonder, chacune depuis ses cases.
@public_example(
    case=publics.board(
        publics.sample_mines(50, 20, 803, 0.15), publics.sample_mines(50, 20, 804, 0.03)
    )
)
def test_propagate_open_cells_large(sub, case):
    """propagate_open_cells sur de grands plateaux (jusqu'à 50×20)"""
    checks.propagate_open_cells_floods(sub, case, expected.propagate_open_cells(case))
