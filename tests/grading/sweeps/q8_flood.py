"""Q8 : les plateaux de chaque classe d'entrées de propagate_open_cells.

Chaque classe a ses plateaux, faits pour qu'une faute d'une autre classe n'y change rien
(``tests/project`` le vérifie, en faisant inonder chaque balayage par des inondations
fautives écrites comme l'écrirait un étudiant) :

- ``directions`` : une case vide ouverte au milieu de huit chiffres (des mines à deux
  cases d'elle), loin des bords, à chaque place de plusieurs plateaux, jusqu'à 50×20 ;
  deux cases vides qui ne se touchent que par un coin (l'inondation passe en diagonale) ;
- ``edges`` : une région vide le long de chaque bord, jusque dans chaque coin, qu'une
  seule passe de haut en bas inonde ; de l'autre côté d'un mur de mines, des cases qui
  restent fermées (un indice négatif qui fait le tour de la liste les ouvrirait) ;
  plateaux sans mine d'une case, d'une ligne, d'une colonne ;
- ``passes`` : des régions loin des bords qu'il faut parcourir plusieurs fois, dans chaque
  direction : vers le haut (une colonne, la dernière passe utile n'ouvrant que des lignes
  du haut), vers la gauche (une ligne), vers le haut et la gauche (un rectangle ouvert en
  bas à droite), un couloir en serpentin (43 passes, plus que largeur + hauteur), et la
  plus grande région d'un plateau 50×20 (864 cases) ;
- ``sources`` : plusieurs pièces, chacune avec sa case vide ouverte (l'une déjà toute
  ouverte, une autre sans case ouverte, qui reste fermée) ;
- ``numbers`` : des régions semées d'îlots de mines, bordées de chiffres de 1 à 5, qui
  s'ouvrent sans ouvrir au-delà ;
- ``open_cells`` : des chiffres et des mines déjà ouverts (une mine sans mine voisine
  comprise), sans case vide ouverte : rien ne s'ouvre, rien ne se ferme ;
- ``in_place`` : trois inondations ; opened changée sur place, ses lignes gardées, mines
  et neigh intactes.

Hors des bords (``edges``), aucune case vide n'est au bord d'un plateau ; hors des
directions, une case que seule une diagonale atteint est déjà ouverte (``reachable``), et
hors des passes, une passe de haut en bas suffit (la case ouverte est en haut à gauche de
sa région) ; hors de ``passes``, aucune inondation n'ouvre plus de 200 cases. Une seule
faute court sur plusieurs classes : une inondation qui part aussi des chiffres ouvre des
mines partout où l'inondation touche un chiffre, c'est-à-dire sur tout plateau qui a des
mines (sa faute est de tout ouvrir, mines comprises).
"""

from __future__ import annotations

from collections import deque

from ..checks.drawn import text_of
from ..expected import flood, neigh_grid


def board(rows: list[str], cells: list[tuple[int, int]], empty: bool = True) -> dict:
    """Un plateau écrit : des mines dessinées (« * »), seules ``cells`` ouvertes ; sans
    ``empty``, les cases vides de ``cells`` restent fermées."""
    mines = [[cell == "*" for cell in row] for row in rows]
    neigh = neigh_grid(mines)
    opened = [[False] * len(rows[0]) for _ in rows]
    for x, y in cells:
        opened[y][x] = empty or mines[y][x] or neigh[y][x] > 0
    return text_of(mines, neigh, opened)


def orthogonal_flood(mines: list, neigh: list, opened: list) -> list:
    """L'inondation par les seules voisines de gauche, de droite, du haut et du bas."""
    height, width = len(mines), len(mines[0])
    result = [list(row) for row in opened]
    queue = deque(
        (x, y)
        for y in range(height)
        for x in range(width)
        if result[y][x] and not mines[y][x] and neigh[y][x] == 0
    )
    while queue:
        x, y = queue.popleft()
        for i, j in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= i < width and 0 <= j < height and not result[j][i]:
                result[j][i] = True
                if not mines[j][i] and neigh[j][i] == 0:
                    queue.append((i, j))
    return result


def reachable(rows: list[str], cells: list[tuple[int, int]]) -> dict:
    """Le plateau ``board(rows, cells)`` où chaque case que l'inondation n'atteint que par
    une diagonale est déjà ouverte : une inondation à quatre voisines y fait comme une à
    huit (les directions ont leur propre classe)."""
    mines = [[cell == "*" for cell in row] for row in rows]
    neigh = neigh_grid(mines)
    opened = [[(x, y) in cells for x in range(len(rows[0]))] for y in range(len(rows))]
    while True:
        full, straight = flood(mines, neigh, opened), orthogonal_flood(mines, neigh, opened)
        missing = [
            (x, y)
            for y, row in enumerate(full)
            for x, cell in enumerate(row)
            if cell and not straight[y][x]
        ]
        if not missing:
            return text_of(mines, neigh, opened)
        for x, y in missing:
            opened[y][x] = True


def rooms(width: int, height: int, spaces: list[tuple[int, int, int, int]]) -> list[str]:
    """Un plateau tout en mines, sauf des pièces sans mine : (x0, y0, x1, y1), bornes
    comprises. Les cases du bord d'une pièce sont des chiffres, l'intérieur est vide."""
    cells = [["*"] * width for _ in range(height)]
    for x0, y0, x1, y1 in spaces:
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                cells[y][x] = "."
    return ["".join(row) for row in cells]


# -- Les directions -----------------------------------------------------------


def ring(width: int, height: int, x: int, y: int) -> dict:
    """La case vide (x, y) ouverte, des mines à deux cases d'elle : ses huit voisines sont
    des chiffres. (x, y) est à deux cases au moins de chaque bord."""
    rows = [
        "".join("*" if max(abs(i - x), abs(j - y)) == 2 else "." for i in range(width))
        for j in range(height)
    ]
    return board(rows, [(x, y)])


def corner_leak(width: int, height: int, x: int, y: int, dx: int) -> dict:
    """Deux cases vides, (x, y) ouverte et (x + dx, y + 1) fermée, qui ne se touchent que
    par un coin ; des mines à deux cases de l'une et l'autre : l'inondation ne passe de
    l'une à l'autre qu'en diagonale, vers le bas (une passe de haut en bas y suffit)."""
    pair = [(x, y), (x + dx, y + 1)]

    def distance(i: int, j: int) -> int:
        return min(max(abs(i - a), abs(j - b)) for a, b in pair)

    rows = [
        "".join("*" if distance(i, j) == 2 else "." for i in range(width)) for j in range(height)
    ]
    return board(rows, [(x, y)])


def interior(width: int, height: int) -> list[tuple[int, int]]:
    return [(x, y) for y in range(2, height - 2) for x in range(2, width - 2)]


def directions_sweep() -> dict:
    return {
        "flood": "directions",
        "boards": [
            ring(5, 5, 2, 2),
            *(ring(7, 6, x, y) for x, y in interior(7, 6)),
            *(ring(50, 20, x, y) for x, y in [(2, 2), (47, 17), (25, 9)]),
            ring(20, 20, 12, 7),
            corner_leak(7, 6, 2, 2, 1),
            corner_leak(7, 6, 4, 2, -1),
            corner_leak(50, 20, 46, 16, 1),
            corner_leak(50, 20, 3, 16, -1),
        ],
    }


# -- Les bords et les coins ---------------------------------------------------


def along(side: str, width: int, height: int, depth: int) -> dict:
    """Une région vide le long du bord ``side`` (« gauche », « droite », « haut », « bas »),
    sur ``depth`` colonnes ou lignes (les dernières sont des chiffres), puis un mur de mines
    et, derrière, des cases qui restent fermées. La case ouverte est en haut à gauche de
    la région : une passe de haut en bas l'inonde."""
    if side in ("gauche", "droite"):
        wall = depth if side == "gauche" else width - depth - 1
        rows = ["".join("*" if x == wall else "." for x in range(width))] * height
        start = (0, 0) if side == "gauche" else (wall + 2, 0)
    else:
        wall = depth if side == "haut" else height - depth - 1
        rows = [("*" if y == wall else ".") * width for y in range(height)]
        start = (0, 0) if side == "haut" else (0, wall + 2)
    return board(rows, [start])


def edges_sweep() -> dict:
    return {
        "flood": "edges",
        "boards": [
            # Sans mine : tout s'ouvre, la région touche chaque bord à la fois.
            board(["."], [(0, 0)]),
            board(["....."], [(0, 0)]),
            board(["."] * 5, [(0, 0)]),
            board(["......"] * 4, [(0, 0)]),
            *(
                along(side, width, height, depth)
                for side in ("gauche", "droite", "haut", "bas")
                for width, height, depth in (
                    [(5, 4, 2), (7, 1, 3), (50, 20, 3)]
                    if side in ("gauche", "droite")
                    else [(4, 5, 2), (1, 7, 3), (50, 20, 3)]
                )
            ),
        ],
    }


# -- Autant de passes qu'il faut -----------------------------------------------


def room(width: int, height: int, corner: str) -> dict:
    """Une seule pièce, à une case des bords, ouverte dans un coin de son intérieur
    (« bas droite », « haut droite », « bas gauche ») : l'inondation remonte, ou repart
    vers la gauche."""
    rows = rooms(width, height, [(1, 1, width - 2, height - 2)])
    x = width - 3 if "droite" in corner else 2
    y = height - 3 if "bas" in corner else 2
    return reachable(rows, [(x, y)])


def serpentine(width: int, height: int) -> dict:
    """Un couloir en serpentin dans une pièce à une case des bords : des murs de mines
    toutes les quatre lignes, percés de trois cases, à droite puis à gauche, tour à tour ;
    seule une case en bas à gauche est ouverte. L'inondation parcourt chaque couloir en
    entier, vers la droite puis vers la gauche, en remontant : un nombre de passes fixé
    d'avance (largeur + hauteur) n'y suffit pas."""
    rows = [["*"] * width] + [["*"] + ["."] * (width - 2) + ["*"] for _ in range(height - 2)]
    rows.append(["*"] * width)
    walls = list(range(height - 5, 1, -4))  # de bas en haut
    for index, y in enumerate(walls):
        gap = range(width - 4, width - 1) if index % 2 == 0 else range(1, 4)
        rows[y] = ["*" if x not in gap else "." for x in range(width)]
    return reachable(["".join(row) for row in rows], [(2, height - 3)])


def passes_sweep() -> dict:
    return {
        "flood": "passes",
        "boards": [
            room(7, 6, "bas droite"),
            # Une colonne : une ligne de plus à chaque passe, la dernière passe utile n'ouvre
            # que des lignes du haut.
            room(5, 20, "bas droite"),
            # Une ligne : l'inondation repart vers la gauche sur la même ligne.
            room(20, 5, "haut droite"),
            room(12, 8, "haut droite"),
            room(12, 8, "bas gauche"),
            # La plus grande région d'un plateau 50×20 (864 cases), ouverte en bas : une
            # passe de plus par ligne à remonter.
            room(50, 20, "bas gauche"),
            serpentine(20, 20),
        ],
    }


# -- Plusieurs cases vides ouvertes --------------------------------------------


def several(width: int, height: int, spaces: list, opened: list[int], full: list[int]) -> dict:
    """Des pièces ``spaces`` ; dans celles d'indice ``opened``, la case vide en haut à
    gauche est ouverte ; celles d'indice ``full`` sont déjà ouvertes en entier ; les
    autres restent fermées."""
    cells = [(x0 + 1, y0 + 1) for index, (x0, y0, _, _) in enumerate(spaces) if index in opened]
    for index in full:
        x0, y0, x1, y1 = spaces[index]
        cells += [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
    return reachable(rooms(width, height, spaces), cells)


def sources_sweep() -> dict:
    return {
        "flood": "sources",
        "boards": [
            several(13, 7, [(1, 1, 3, 5), (5, 1, 7, 5), (9, 1, 11, 5)], [1, 2], []),
            several(13, 7, [(1, 1, 3, 5), (5, 1, 7, 5), (9, 1, 11, 5)], [0, 2], [0]),
            several(
                50,
                20,
                [(1, 1, 6, 5), (43, 1, 48, 5), (1, 14, 6, 18), (43, 14, 48, 18), (12, 6, 37, 13)],
                [0, 1, 2, 3],
                [],
            ),
            several(9, 12, [(1, 1, 7, 4), (1, 6, 7, 10)], [0, 1], [0]),
        ],
    }


# -- Les chiffres arrêtent l'inondation -----------------------------------------


def islands(width: int, height: int, mines: list[tuple[int, int]]) -> dict:
    """Une pièce à une case des bords, semée des mines ``mines``, ouverte en haut à gauche
    de son intérieur."""
    rows = [list(row) for row in rooms(width, height, [(1, 1, width - 2, height - 2)])]
    for x, y in mines:
        rows[y][x] = "*"
    return reachable(["".join(row) for row in rows], [(2, 2)])


def numbers_sweep() -> dict:
    return {
        "flood": "numbers",
        "boards": [
            # Une mine seule (des 1 tout autour), deux mines (des 1 et des 2).
            islands(10, 8, [(5, 4)]),
            islands(11, 9, [(5, 4), (6, 4)]),
            # Un bloc de 2×2 (des 1, 2), une équerre (jusqu'à 3) et un L (un 4, au bord d'une
            # case vide par un coin).
            islands(
                16,
                11,
                [
                    *[(4, 5), (5, 5), (4, 6), (5, 6)],
                    *[(9, 5), (10, 5), (10, 6)],
                    *[(13, 6), (13, 7), (13, 8), (12, 8)],
                ],
            ),
            # Un bloc de 3×3 (des 1, 2, 3) et une croix de cinq mines (jusqu'à 4 et 5, au bord
            # d'une case vide par un coin).
            islands(
                18,
                12,
                [(x, y) for x in range(4, 7) for y in range(5, 8)]
                + [(12, 5), (11, 6), (12, 6), (13, 6), (12, 7)],
            ),
        ],
    }


# -- Les autres cases ouvertes ------------------------------------------------

SUJET = [".....", ".....", "....*", "..*.*"]


def open_cells_sweep() -> dict:
    return {
        "flood": "open_cells",
        "boards": [
            board(["*"], [(0, 0)]),
            board(["*."], [(0, 0), (1, 0)]),
            # Le plateau du sujet : la mine (2, 3), sans mine voisine, et le 3 en (3, 2).
            board(SUJET, [(3, 2), (2, 3)]),
            board(SUJET, [(4, 2), (4, 3), (3, 3)]),
            # Une mine sans mine voisine à chaque sorte de place : coin, bord, intérieur.
            board(["*....", ".....", "..*..", ".....", "....*"], [(0, 0), (2, 2), (4, 4)]),
            board([".....", "*...*", ".....", "..*.."], [(0, 1), (4, 1), (2, 3)]),
            # Un 8 et une mine entourée de mines, ouverts.
            board(["***", "*.*", "***"], [(1, 1)]),
            board(["***", "***", "***"], [(1, 1), (0, 0)]),
            # Sur le plus grand plateau, des chiffres et des mines ouverts çà et là.
            board(
                [
                    "".join("*" if (x * 7 + y * 3) % 11 == 0 else "." for x in range(50))
                    for y in range(20)
                ],
                [(x, y) for y in range(20) for x in range(50) if (x + 2 * y) % 9 == 0],
                empty=False,
            ),
        ],
    }


# -- Sur place ----------------------------------------------------------------


def in_place_sweep() -> dict:
    return {
        "flood": "in_place",
        "boards": [ring(7, 7, 3, 3), ring(50, 20, 25, 10), room(9, 6, "bas droite")],
    }


def build() -> dict[str, dict]:
    """Chaque balayage, par le nom de sa classe (``sweeps.stored`` les garde écrits)."""
    return {
        "directions": directions_sweep(),
        "edges": edges_sweep(),
        "passes": passes_sweep(),
        "sources": sources_sweep(),
        "numbers": numbers_sweep(),
        "open_cells": open_cells_sweep(),
        "in_place": in_place_sweep(),
    }
