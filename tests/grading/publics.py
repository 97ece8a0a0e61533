"""Les cas publics : ce qu'un test noté montre à l'étudiant, dans le kit.

Un test noté dit lui-même, à côté de ses exemples, lesquels sont publics :

- ``@public_example(case=...)`` à la place de ``@example(case=...)`` : un exemple
  explicite de hypothesis, que le correcteur de l'enseignant vérifie à chaque
  notation, et que le kit donne aussi ;
- ``@pytest.mark.public`` sans argument : un test sans hypothesis est public tel quel
  (sur un paramètre de ``pytest.mark.parametrize`` : ce paramètre-là).

Un cas public est donc toujours vérifié aussi par le correcteur de l'enseignant : un
cas raté dans le kit l'est aussi chez lui, et coûte autant (le générateur refuse un
cas public qui ne serait pas un exemple du test noté).

Le générateur du kit (``tests/tools/build_kit.py``) trouve ces marques par la
collecte de pytest, lance chaque test sur ses cas publics en notant la
vérification appelée (``checks.*``), le cas et le résultat attendu que l'oracle a
calculé, et écrit le tout dans le kit. Ce module reste chez l'enseignant.
"""

from __future__ import annotations

import random

import pytest

from .expected import every_cell, neigh_grid

MARKER = "public"

F, T = False, True
# Le plateau des exemples du sujet : largeur 5, hauteur 4, mines en (4, 2), (2, 3), (4, 3).
SUJET_MINES = [[F] * 5, [F] * 5, [F, F, F, F, T], [F, F, T, F, T]]


class PublicCase(dict):
    """Un cas public tel que hypothesis le passe au test : un dict, qu'il n'imprime pas en
    entier. hypothesis met en forme chaque exemple explicite avant de le jouer (pour le
    citer s'il échoue) ; sur les grandes grilles, cela coûtait près d'une demi-seconde
    par notation, alors que le retour du correcteur cite lui-même son contre-exemple."""

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(f"<cas public : {', '.join(self)}>")


def public_example(**kwargs):
    """``@example(**kwargs)`` de hypothesis, marqué public pour le kit."""
    from hypothesis import example

    quiet = {
        name: PublicCase(value) if type(value) is dict else value for name, value in kwargs.items()
    }

    def decorate(test):
        return getattr(pytest.mark, MARKER)(**kwargs)(example(**quiet)(test))

    return decorate


def every_cell_case(key: str, grid: list, ring: int = 0) -> dict:
    """Un cas « chaque case » : la grille ``key`` et chaque case (et ``ring`` tout autour)."""
    return {key: grid, "points": every_cell(grid, ring)}


def grid(value, width: int, height: int) -> list:
    return [[value] * width for _ in range(height)]


def sample_mines(width: int, height: int, seed: int, density: float) -> list:
    """Une grille de mines tirée d'une graine : la même à chaque construction du kit."""
    rng = random.Random(seed)
    return [[rng.random() < density for _ in range(width)] for _ in range(height)]


def mines_from(rows: list[str]) -> list:
    """Une grille de mines dessinée : « * » pour une mine, « . » sinon, une chaîne par ligne."""
    return [[cell == "*" for cell in row] for row in rows]


def board(mines: list, opened: list) -> dict:
    """Un plateau : les mines, les nombres de voisines qui vont avec, les cases ouvertes."""
    return {"mines": mines, "neigh": neigh_grid(mines), "opened": opened}


def sample_board(width: int, height: int, seed: int, density: float = 0.15) -> dict:
    """Un plateau tiré d'une graine, quelques cases ouvertes au hasard."""
    return board(
        sample_mines(width, height, seed, density), sample_mines(width, height, seed + 1, 0.6)
    )


def opened_at(width: int, height: int, cells: list[tuple[int, int]]) -> list:
    """Une grille ``opened`` où seules ``cells`` sont ouvertes."""
    opened = grid(F, width, height)
    for x, y in cells:
        opened[y][x] = True
    return opened


def every_cell_but(width: int, height: int, cell: tuple[int, int]) -> list[tuple[int, int]]:
    """Chaque case d'un plateau, sauf ``cell``."""
    return [(x, y) for y in range(height) for x in range(width) if (x, y) != cell]


def flood_start(width: int, height: int, seed: int, density: float = 0.1) -> dict:
    """Un plateau tiré d'une graine, tout fermé sauf trois cases : la première sans mine
    ni voisine minée, la première mine sans voisine minée et la dernière case chiffrée."""
    mines = sample_mines(width, height, seed, density)
    neigh = neigh_grid(mines)
    cells = [(x, y) for y in range(height) for x in range(width)]
    start = next((x, y) for x, y in cells if not mines[y][x] and neigh[y][x] == 0)
    mine = next((x, y) for x, y in cells if mines[y][x] and neigh[y][x] == 0)
    number = [(x, y) for x, y in cells if not mines[y][x] and neigh[y][x] > 0][-1]
    return board(mines, opened_at(width, height, [start, mine, number]))


def serpentine(width: int, height: int) -> dict:
    """Un couloir en serpentin : des murs de mines toutes les quatre lignes, chacun percé
    de trois cases, à droite puis à gauche, tour à tour ; seule la case en bas à gauche
    est ouverte. L'inondation parcourt chaque couloir en entier, vers la droite puis vers
    la gauche, en remontant : un nombre de passes fixé d'avance n'y suffit pas."""
    rows = []
    for y in range(height):
        if y % 4 != 3:
            rows.append("." * width)
        elif y % 8 == 3:  # percé à droite
            rows.append("*" * (width - 3) + "...")
        else:  # percé à gauche
            rows.append("..." + "*" * (width - 3))
    rows.reverse()  # la case ouverte en bas à gauche, le couloir monte
    return board(mines_from(rows), opened_at(width, height, [(0, height - 1)]))


# -- Q7 : is_move_ok et ask_move ----------------------------------------------

# Les sortes de points autour d'un plateau que is_move_ok distingue : une classe chacune,
# un test noté chacune (tests/graded/test_q7_move.py).
HUGE = 10**400  # au-delà des flottants : « x / largeur » lève OverflowError


def move_ok_points(opened: list, kind: str) -> list[list[int]]:
    """Chaque point ``[x, y]`` de la classe ``kind`` sur ce plateau, selon ce que Python
    ferait de ``opened[y][x]`` : ``on`` (chaque case du plateau), ``negative`` (hors du
    plateau par un indice négatif que Python lit de l'autre côté : opened[0][-1] existe),
    ``beyond`` (hors du plateau là où opened[y][x] lèverait IndexError : au-delà de la
    dernière colonne ou ligne, ou plus négatif que le plateau n'est large ou haut, jusqu'à
    deux cases plus loin), ``huge`` (des entiers au-delà des flottants)."""
    width, height = len(opened[0]), len(opened)
    if kind == "huge":
        return [[HUGE, 0], [0, HUGE], [-HUGE, 0], [0, -HUGE], [HUGE, HUGE], [-HUGE, HUGE]]
    xs, ys = range(-width - 2, width + 2), range(-height - 2, height + 2)
    points = {"on": [], "negative": [], "beyond": []}
    for y in ys:
        for x in xs:
            if 0 <= x < width and 0 <= y < height:
                points["on"].append([x, y])
            elif -width <= x < width and -height <= y < height:
                points["negative"].append([x, y])
            else:
                points["beyond"].append([x, y])
    # Les points les plus simples d'abord (-1 en x, puis en y) : le premier point raté est
    # celui que le retour montre.
    points["negative"].sort(key=lambda p: (max(-p[0], -p[1]), p[1] != 0, abs(p[1]), abs(p[0])))
    return points[kind]


def move_ok_case(opened: list, kind: str) -> dict:
    return {"opened": opened, "points": move_ok_points(opened, kind)}


# Les plateaux des balayages de is_move_ok : le plateau du sujet, des formes étroites
# (une ligne, une colonne), plus haut que large, plus large que haut, le plus grand.
MOVE_OK_BOARDS = {
    "petit": grid(F, 3, 2),
    "sujet": opened_at(5, 4, [(0, 0), (4, 3)]),
    # des cases ouvertes de l'autre côté : un indice négatif y lit une case ouverte
    "bords": opened_at(6, 4, [(5, 0), (0, 3), (5, 3)]),
    "colonne": sample_mines(1, 20, 5, 0.3),
    "ligne": sample_mines(50, 1, 6, 0.3),
    "haut": sample_mines(3, 7, 7, 0.4),
    "large": sample_mines(7, 3, 8, 0.4),
    "grand": sample_mines(50, 20, 3, 0.4),
}

# Un plateau de 12×11 où toute lecture fautive d'une ligne refusée ((1, 0), (3, 2), (0,
# 0)…) tombe sur une case jouable ; deux cases déjà ouvertes.
MOVE_BOARD = opened_at(12, 11, [(0, 1), (5, 5)])

# Chaque sorte de ligne refusée qui ne dépend pas du plateau : une classe du contrat
# chacune, un test noté chacune (tests/graded/test_q7_move.py). Aucune n'est lue de deux
# façons (ni « +1 », ni « 1_0 », ni un nombre à virgule entier comme « 1.0 » ou « 0. »,
# ni des chiffres d'autres écritures qu'int() lit, ni une espace insécable) : toute
# lecture juste du contrat les refuse.
LINE_CLASSES: dict[str, list[str]] = {
    # vide, blanche
    "empty": ["", " ", "   ", "\t", " \t "],
    # des mots, une lettre pour quitter, une colonne en lettre, deux nombres parmi des mots
    "words": [
        "coucou",
        "un deux",
        "a b",
        "q",
        "Q",
        "quitter",
        "b 0",
        "0 b",
        "case 1 0",
        "1 0 ok",
        "x 1 0",
        "1 x 0",
    ],
    # un seul nombre (deux chiffres collés compris : « 10 » lu (1, 0)), trois, quatre
    "count": ["1", "3", "32", "10", "0 0 0", "1 2 3", "1 0 0", "3 2 1 0"],
    # un coup valide décoré : d'autres séparateurs que des blancs, des crochets, des
    # parenthèses, des préfixes et des suffixes
    "separators": [
        "1,0",
        "1, 0",
        "1 ,0",
        "1;0",
        "1:0",
        "1-0",
        "1|0",
        "(1, 0)",
        "(1 0)",
        "[1 0]",
        "[1, 0]",
        "{1 0}",
        "<1 0>",
        "x=1 y=0",
        "x:1 y:0",
        "x1 y0",
        "1 0!",
        "1 0?",
        "#1 0",
        "1 0;",
        "'1' '0'",
        '"1 0"',
    ],
    # ce qu'un évaluateur (eval, ast.literal_eval) accepte et qui n'est pas un entier
    # écrit en chiffres : des opérations, d'autres bases, des booléens, des parenthèses,
    # des appels, un complexe
    "expressions": [
        "1+1 0",
        "2-1 1",
        "2*1 0",
        "4//2 1",
        "0x1 0",
        "0b1 1",
        "0o2 0",
        "True 0",
        "0 False",
        "(1) 0",
        "1 (0)",
        "abs(-2) 0",
        "int('1') 0",
        "1+0j 0",
    ],
    # des nombres décimaux qui ne sont pas entiers (tronqués par int(float(...))),
    # l'infini et « pas un nombre » (float() les lit, int() d'un flottant plante)
    "decimals": [
        "1.5 0",
        "0 0.5",
        "2.7 1",
        "0.5 0.5",
        "1e-1 0",
        "inf 0",
        "0 inf",
        "-inf 0",
        "nan 1",
        "0 NaN",
        "infinity 0",
    ],
    # des chiffres que str.isdigit accepte et qu'int() refuse (exposants, chiffres
    # cerclés) : ce ne sont pas des entiers (le contrat), une ligne refusée sans erreur
    "exotic": ["² 1", "1 ³", "¹ ⁰", "⁴ 2", "① 1", "2 ⑵"],
}


def negative_lines(width: int, height: int) -> list[str]:
    """Des coups à indice négatif (opened[0][-1] existe : lu de l'autre côté du plateau)."""
    return ["-1 0", "0 -1", "-1 -1", f"-{width} 0", f"0 -{height}", f"-{width} -{height}", "-2 1"]


def off_board_lines(width: int, height: int) -> list[str]:
    """Des coups au-delà de la dernière colonne ou ligne : juste au bord, loin, l'autre
    dimension (une colonne bornée par la hauteur), des entiers immenses."""
    side = max(width, height)
    return [
        f"{width} 0",
        f"0 {height}",
        f"{width} {height}",
        f"{width - 1} {height}",
        f"{width} {height - 1}",
        f"{side} 0",
        f"0 {side}",
        f"{width + 7} {height + 3}",
        "99999999999999999999 0",
        "0 99999999999999999999",
    ]


def open_lines(opened: list) -> list[str]:
    """Chaque case déjà ouverte du plateau, en coup."""
    return [f"{x} {y}" for y, row in enumerate(opened) for x, cell in enumerate(row) if cell]


def class_lines(kind: str, opened: list) -> list[str]:
    """Les lignes refusées de la classe ``kind`` sur ce plateau."""
    width, height = len(opened[0]), len(opened)
    if kind == "negative":
        return negative_lines(width, height)
    if kind == "off_board":
        return off_board_lines(width, height)
    if kind == "open":
        return open_lines(opened)
    return LINE_CLASSES[kind]


BAD_LINE_KINDS = [*LINE_CLASSES, "negative", "off_board", "open"]


def closing_line(opened: list) -> str:
    """Le coup valide qui finit un cas de lignes refusées : une case fermée (k, k), la même
    lue dans les deux sens (un coup renvoyé (y, x) n'est une faute que d'un seul test, celui
    des lignes valides), à un chiffre si possible (une lecture qui ne prend qu'un chiffre par
    coordonnée, de même)."""
    closed = [k for k in range(min(len(opened), len(opened[0]))) if not opened[k][k]]
    k = max((k for k in closed if k <= 9), default=min(closed))
    return f"{k} {k}"


def class_case(kind: str, opened: list = MOVE_BOARD) -> dict:
    """Un cas de ask_move : chaque ligne refusée de la classe ``kind``, puis un coup valide."""
    return {"opened": opened, "lines": [*class_lines(kind, opened), closing_line(opened)]}


def every_bad_line(opened: list = MOVE_BOARD) -> dict:
    """Un cas de ask_move : chaque ligne refusée de chaque classe, puis un coup valide (les
    messages ; chaque ligne est jugée seule si la suite ne va pas jusqu'au bout)."""
    lines = [line for kind in BAD_LINE_KINDS for line in class_lines(kind, opened)]
    return {"opened": opened, "lines": [*lines, closing_line(opened)]}


# Les blancs d'une ligne valide, chacun seul autour d'un coup à un chiffre : aucun, un,
# plusieurs, des tabulations, de longues suites (une ligne valide de plus de vingt
# caractères) avant, entre, après.
VALID_SPACINGS = [
    "{x} {y}",
    "   {x} {y}",
    " \t {x} {y}",
    "{x}  {y}",
    "{x}\t{y}",
    "{x} \t {y}",
    "{x} {y}\t",
    "{x} {y} \t \t ",
    "       {x}          {y}       ",
]


def valid_case(opened: list, moves: list[tuple[int, int]], spacings=("{x} {y}",)) -> dict:
    """Un cas de ask_move : des lignes valides, chacune donnée seule à un appel."""
    lines = [spacing.format(x=x, y=y) for x, y in moves for spacing in spacings]
    return {"opened": opened, "lines": lines}


def keep_asking_case(repeat: int = 120) -> dict:
    """Un cas de ask_move : une ligne refusée ``repeat`` fois de suite, puis un coup valide.
    La ligne est la première de ces lignes que ask_move refuse seule (une case déjà
    ouverte, hors du plateau, un mot, une ligne vide, un seul nombre) : ce test ne juge
    que l'obstination, pas une classe de lignes."""
    candidates = ["0 1", "12 0", "coucou", "", "1"]
    return {
        "opened": MOVE_BOARD,
        "lines": [*candidates, closing_line(MOVE_BOARD)],
        "repeat": repeat,
    }


def long_game(width: int, lost: bool = False) -> dict:
    """Une partie de play_the_game sur un plateau de ``width`` colonnes et 3 lignes, une
    mine toutes les trois cases sur la ligne du milieu : aucune case n'est vide, chaque
    case sans mine demande son tour (8 cases sur 9) ; elles sont jouées dans l'ordre de
    lecture, la partie est gagnée au dernier tour. Avec ``lost``, la dernière case sans
    mine est remplacée par la première mine : perdue quand tout le reste est ouvert."""
    mines = mines_from(["." * width, ".*." * (width // 3) + "." * (width % 3), "." * width])
    cells = [(f"{x} {y}", mine) for y, row in enumerate(mines) for x, mine in enumerate(row)]
    safe = [cell for cell, mine in cells if not mine]
    first_mine = next(cell for cell, mine in cells if mine)
    return {**board(mines, grid(F, width, 3)), "lines": [*safe[:-1], first_mine] if lost else safe}


# -- Q3 : main ------------------------------------------------------------------

# Les sortes de réponses refusées à une question de main (un entier de 1 à ``high``) qui
# ne dépendent pas des bornes : une classe chacune, un test noté chacune
# (tests/graded/test_q3_main.py). Aucune n'est lue de deux façons par le contrat (ni
# « +3 », ni « 1_0 », ni « 3.0 » ou « 3. », ni chiffres d'autres écritures qu'int() lit).
# Chaque lecture fautive tombe sur une valeur permise (1, 2, 3, 4) : elle se voit.
ANSWER_CLASSES: dict[str, list[str]] = {
    # vide, blanche
    "empty": ["", "   ", "\t"],
    # des mots, une lettre pour quitter, des accolades et des pourcentages (un message fait
    # par str.format ou % avec la réponse dedans plante)
    "words": ["abc", "dix", "q", "{3}", "{}", "15%"],
    # plusieurs nombres (les trois réponses d'un coup)
    "several": ["4 4", "3 2 1", "2 3", "1 1"],
    # un entier décoré : crochets, guillemets, ponctuation, préfixes, suffixes
    "decorated": ["[3]", "'3'", "3,", "3)", "#3", "n=3", "3 cases"],
    # ce qu'un évaluateur (eval, ast.literal_eval) accepte et qui n'est pas un entier
    # écrit en chiffres : des opérations, des parenthèses, d'autres bases, un booléen
    "expressions": ["2+1", "3*1", "(3)", "0x3", "0b11", "True", "abs(-3)"],
    # des décimaux qui ne sont pas entiers (tronqués par int(float(...))), l'infini et
    # « pas un nombre » (float() les lit, int() d'un flottant plante)
    "decimals": ["2.5", "0.5", "1e-1", "inf", "-inf", "nan"],
    # des chiffres que str.isdigit accepte et qu'int() refuse : pas des entiers (le contrat)
    "exotic": ["²", "³", "①", "2²"],
    # sous la borne basse
    "below": ["0", "00", "-1", "-3", "-50"],
}

# Les réponses permises des cas de réponses refusées : un plateau 6×5 et 29 mines, loin
# des bornes (une borne exclue par erreur est la faute d'un autre test), et aucune lecture
# fautive n'y tombe ; la partie, jouée case après case, se perd au premier coup ou presque.
MAIN_VALID = ["6", "5", "29"]
MAIN_MOVES = [f"{x} {y}" for y in range(5) for x in range(6)]
# Les bornes hautes des trois questions : largeur, hauteur, mines (largeur * hauteur).
HIGHS = (50, 20)


def above_answers(high: int) -> list[str]:
    """Au-delà de la borne haute ``high`` : juste au-dessus, loin, immense."""
    return [str(high + 1), str(high + 2), str(10 * high), "99999999999999999999"]


def answer_class(kind: str, high: int) -> list[str]:
    return above_answers(high) if kind == "above" else ANSWER_CLASSES[kind]


ANSWER_KINDS = [*ANSWER_CLASSES, "above"]


def main_call(answers: list[list[str]], moves: list[str] = ()) -> dict:
    """Un appel de main : les réponses tapées à chaque question (la dernière de chacune
    est la réponse permise), puis les coups de la partie."""
    return {"answers": [list(a) for a in answers], "moves": list(moves)}


def call_lines(call: dict) -> list[str]:
    return [line for answers in call["answers"] for line in answers] + call["moves"]


def main_case(calls: list[dict], seed: int) -> dict:
    """Un cas de main : ses appels (``lines`` : les lignes du premier, que le kit fait jouer
    à la référence pour ses remplaçants)."""
    return {"calls": calls, "seed": seed, "lines": call_lines(calls[0])}


def refused_case(kind: str, seed: int) -> dict:
    """Chaque réponse refusée de la classe ``kind`` à chacune des trois questions, une seule
    par question et par appel (une réponse refusée après une autre est une autre classe,
    ``refused_twice_case``) : autant d'appels que la classe a de réponses."""
    highs = [*HIGHS, int(MAIN_VALID[0]) * int(MAIN_VALID[1])]
    members = [answer_class(kind, high) for high in highs]
    count = len(members[0])
    calls = [
        main_call([[members[q][(i + q) % count], MAIN_VALID[q]] for q in range(3)], MAIN_MOVES)
        for i in range(count)
    ]
    return main_case(calls, seed)


def refused_twice_case(seed: int) -> dict:
    """À chaque question, une réponse refusée de chaque classe, de suite, puis encore une
    qui n'est pas un entier juste après une réponse hors des bornes, puis la réponse
    permise : une lecture qui ne protège que la première réponse (par try, ou par un seul
    test des bornes) plante ou accepte la suivante. (Une réponse que main refuse mal même
    seule est la faute de sa propre classe : la vérification la laisse de côté.)"""
    highs = [*HIGHS, int(MAIN_VALID[0]) * int(MAIN_VALID[1])]
    answers = [
        [*(answer_class(kind, high)[0] for kind in ANSWER_KINDS), "abc", valid]
        for high, valid in zip(highs, MAIN_VALID)
    ]
    return main_case([main_call(answers, MAIN_MOVES)], seed)


def every_refused_answer(seed: int) -> dict:
    """Chaque réponse refusée de chaque classe, à chacune des trois questions, en un appel
    (les messages ; chaque réponse est jugée seule si la suite ne va pas jusqu'au bout)."""
    highs = [*HIGHS, int(MAIN_VALID[0]) * int(MAIN_VALID[1])]
    answers = [
        [*(a for kind in ANSWER_KINDS for a in answer_class(kind, high)), valid]
        for high, valid in zip(highs, MAIN_VALID)
    ]
    return main_case([main_call(answers, MAIN_MOVES)], seed)


def cells_in_order(width: int, height: int) -> list[str]:
    """Chaque case d'un plateau, en coups, dans l'ordre de lecture."""
    return [f"{x} {y}" for y in range(height) for x in range(width)]


def played_case(sizes: list[tuple[int, int, int]], seed: int) -> dict:
    """Des appels de main qui ne tapent que des réponses permises (largeur, hauteur,
    mines), chacun suivi de chaque case du plateau en coups (la partie, jouée par la
    référence, s'arrête à la première mine ou à la victoire)."""
    calls = [
        main_call([[str(w)], [str(h)], [str(m)]], [] if m == w * h else cells_in_order(w, h))
        for w, h, m in sizes
    ]
    return main_case(calls, seed)
