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


def malformed_lines(width: int, height: int) -> list[str]:
    """Chaque sorte de ligne qui n'est pas un coup sur un plateau ``width``×``height`` :
    toutes les lectures justes du contrat la refusent (int(), une expression régulière,
    str.isdecimal), et chacune attrape une faute de débutant qui l'accepterait ou
    planterait dessus."""
    return [
        # vide, blanche
        "",
        "   ",
        "\t",
        # des mots, une lettre pour quitter, une colonne en lettre
        "coucou",
        "un deux",
        "a b",
        "q",
        "b 0",
        # deux nombres parmi des mots (une lecture qui ne garde que les nombres les accepte)
        "case 1 0",
        "1 0 ok",
        # un seul nombre, dont deux chiffres collés (lus (3, 2) par une faute)
        "1",
        "32",
        # trois nombres
        "0 0 0",
        "1 2 3",
        # d'autres séparateurs que des blancs
        "1,0",
        "1, 0",
        "(1, 0)",
        "1;0",
        "x=1 y=0",
        # des nombres décimaux (tronqués par int(float(...))), l'infini et « pas un nombre »
        # (float() les lit, int() d'un flottant plante : OverflowError, ValueError)
        "1.5 0",
        "0 0.5",
        "inf 0",
        "0 nan",
        # des chiffres hors ASCII qui ne sont pas des entiers pour Python (str.isdigit les
        # accepte, int() les refuse)
        "² 1",
        "1 ³",
        # des nombres négatifs (opened[0][-1] existe)
        "-1 0",
        "0 -1",
        # hors du plateau
        f"{width} 0",
        f"0 {height}",
        f"{width + 7} {height + 3}",
        "99999999999999999999 0",
    ]


# Un plateau de 12×11 où toute lecture fautive d'une ligne refusée (1, 0), (3, 2), (0, 0)…
# tombe sur une case jouable ; deux cases déjà ouvertes ; le coup valide a deux chiffres
# par coordonnée.
MOVE_BOARD = opened_at(12, 11, [(0, 1), (5, 5)])


def every_malformed_line(valid: str | None = "11 10", repeat: int = 1) -> dict:
    """Un cas de ask_move sur ``MOVE_BOARD`` : chaque sorte de ligne refusée (``repeat``
    fois), une case déjà ouverte, puis ``valid`` (ou rien : l'entrée se termine)."""
    lines = [*malformed_lines(12, 11) * repeat, "0 1"]
    return {"opened": MOVE_BOARD, "lines": lines if valid is None else [*lines, valid]}


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


def malformed_answers(high: int) -> list[str]:
    """Chaque sorte de réponse refusée à une question de main qui attend un entier de 1 à
    ``high`` : toutes les lectures justes du contrat la refusent."""
    return [
        # vide, blanche, des mots, une lettre pour quitter, des accolades (un message fait
        # par str.format avec la réponse dedans plante), un pourcentage
        "",
        "   ",
        "abc",
        "dix",
        "q",
        "{3}",
        "15%",
        # pas un seul entier : décimal, deux nombres, trois (les trois réponses d'un coup),
        # un exposant (str.isdigit l'accepte, int() le refuse)
        "2.5",
        "4 4",
        "3 2 1",
        "²",
        # l'infini et « pas un nombre » : float() les lit, int() d'un flottant plante
        "inf",
        "nan",
        # hors des bornes
        "0",
        "-3",
        str(high + 1),
        "99999999999999999999",
    ]


def refused_then(high: int, valid: int) -> list[str]:
    """Les réponses d'une question de main qui attend un entier de 1 à ``high`` : chaque
    sorte de réponse refusée, de suite, puis encore une qui n'est pas un entier, juste
    après une réponse hors des bornes (``malformed_answers`` finit par elles : une lecture
    qui ne protège par ``try`` que la première réponse plante là), puis ``valid``."""
    return [*malformed_answers(high), "abc", str(valid)]


def every_malformed_answer(width: int = 4, height: int = 2, nb_mines: int = 3) -> dict:
    """Un cas de main : chaque sorte de réponse refusée à chacune des trois questions
    (``refused_then``), puis un plateau ``width``×``height`` et ses ``nb_mines`` mines,
    joué case après case.

    (Les remplaçants du kit reconnaissent un appel à ses arguments : deux cas publics de
    main ne demandent jamais le même plateau avec le même nombre de mines.)"""
    lines = [*refused_then(50, width), *refused_then(20, height)]
    lines += refused_then(width * height, nb_mines)
    moves = [f"{x} {y}" for y in range(height) for x in range(width)]
    return {"lines": lines + moves, "seed": 4}
