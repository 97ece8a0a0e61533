"""Q9 : is_finished.

Les balayages arrivent en cas compacts (un verdict, des tailles de plateaux) : le kit les
garde tels quels, et chaque vérification les déplie (``game_points``) dans le même ordre
que l'oracle qui a calculé les réponses attendues."""

from __future__ import annotations

from ..boards import (
    short,
    show_grids,
    size,
)
from .common import expect_no_error, expect_untouched, fail, screen

# Les verdicts de is_finished, et le code que chacun attend.
VERDICTS = {"in_progress": 0, "won": 1, "lost": 2, "lost_first": 2}


def pattern(width: int, height: int, flip: bool) -> list[list[bool]]:
    """Une case sur trois minée (ou, avec ``flip``, les deux autres) : chaque case est minée
    dans l'un des deux, sans mine dans l'autre."""
    return [[((y * width + x) % 3 == 0) != flip for x in range(width)] for y in range(height)]


def opened_at(width: int, height: int, cells) -> list[list[bool]]:
    """Une grille où seules ``cells`` valent True."""
    grid = [[False] * width for _ in range(height)]
    for x, y in cells:
        grid[y][x] = True
    return grid


def deciding_points(mines: list, verdict: str, cells=None) -> list[list]:
    """Les parties ``[mines, opened]`` d'un verdict sur la grille ``mines``, où une case
    décide à son tour (parmi ``cells``, ou toutes) :

    - ``in_progress`` : chaque case sans mine seule fermée (toutes les autres ouvertes,
      les mines fermées), puis tout fermé ;
    - ``won`` : toutes les cases sans mine ouvertes, les mines fermées ;
    - ``lost`` : chaque mine seule ouverte (toutes les cases sans mine fermées, avant et
      après elle ; il en faut au moins une) ;
    - ``lost_first`` : chaque mine ouverte avec toutes les cases sans mine."""
    height, width = len(mines), len(mines[0])
    every = [(x, y) for y in range(height) for x in range(width)]
    mined = [c for c in every if mines[c[1]][c[0]]]
    safe = [c for c in every if not mines[c[1]][c[0]]]
    chosen = set(every if cells is None else cells)
    if verdict == "in_progress":
        points = [
            [mines, opened_at(width, height, [c for c in safe if c != s])]
            for s in safe
            if s in chosen
        ]
        return points + ([[mines, opened_at(width, height, [])]] if safe and cells is None else [])
    if verdict == "won":
        return [[mines, opened_at(width, height, safe)]]
    if verdict == "lost":  # des cases sans mine fermées : sinon, c'est « lost_first »
        return [[mines, opened_at(width, height, [m])] for m in mined if m in chosen and safe]
    return [[mines, opened_at(width, height, [*safe, m])] for m in mined if m in chosen]


# Sur un grand plateau, les cases qui décident : sur la dernière ligne, la première
# colonne, la 21e (au-delà de la 20e) et la dernière ; la dernière colonne de la première
# ligne.
def large_cells(width: int, height: int) -> list[tuple[int, int]]:
    cells = [(x, height - 1) for x in sorted({0, min(20, width - 1), width - 1})]
    return sorted(set(cells) | {(width - 1, 0)})


def game_points(case: dict) -> list[list]:
    """Les parties ``[mines, opened]`` d'un balayage de is_finished : le verdict
    ``case["verdict"]`` (``VERDICTS``), sur chaque petit plateau de ``case["small"]``
    (une case sur trois minée, puis les deux autres : chaque case décide à son tour, minée
    ou non) et les cases ``large_cells`` des grands plateaux de ``case["large"]``, puis sur
    chaque plateau tiré de ``case["boards"]`` (le premier point raté, que le retour
    montre, est le plus simple). Pour ``won``, aussi : une seule mine, à chaque case des
    petits plateaux, et des plateaux sans mine ou tout minés ; ``returns_int`` (le type) :
    des parties en cours et gagnées."""
    verdict = case["verdict"]
    if verdict == "returns_int":
        kinds = ["in_progress", "won"]
    else:
        kinds = [verdict]
    points = []
    for kind in kinds:
        for width, height in case.get("small", []):
            for flip in (False, True):
                points += deciding_points(pattern(width, height, flip), kind)
            if kind == "won":
                every = [(x, y) for y in range(height) for x in range(width)]
                for x, y in every:
                    mines = opened_at(width, height, [(x, y)])
                    points += deciding_points(mines, kind)
                for mined in (False, True):
                    points += deciding_points([[mined] * width for _ in range(height)], kind)
        for width, height in case.get("large", []):
            cells = large_cells(width, height)
            mines = pattern(width, height, False)
            if kind != "won":
                for x, y in cells:  # la case qui décide : minée (perdue) ou non (en cours)
                    mines[y][x] = kind != "in_progress"
            points += deciding_points(mines, kind, cells)
        for grid in case.get("boards", []):
            points += deciding_points(grid, kind)
    return points


def same_code(expected: int, got) -> bool:
    """Le bon code, renvoyé comme un entier (un bool passe ici : le type est jugé par
    ``is_finished_returns_int``)."""
    return type(got) in (int, bool) and got == expected


def is_int(expected: int, got) -> bool:
    """Un int, pas un bool (la valeur n'est pas jugée ici)."""
    return type(got) is int


def is_finished_answers(sub, case: dict, expected: int, agree=same_code):
    mines, opened = case["mines"], case["opened"]
    example = f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, opened=opened)}"
    outcome = sub.call("is_finished", mines, opened)
    expect_no_error(outcome, "is_finished", example)
    if not agree(expected, outcome.ret):
        if agree is is_int:
            fail(
                f"is_finished doit renvoyer un int (0, 1 ou 2), elle a renvoyé "
                f"{short(outcome.ret)}, de type {type(outcome.ret).__name__}.\n{example}",
                example=example,
            )
        fail(
            f"is_finished doit renvoyer {expected!r}, elle a renvoyé {short(outcome.ret)}."
            f"{verdict_hint(expected, outcome.ret)}\n{example}",
            example=example,
        )
    expect_untouched(outcome, "is_finished", ["mines", "opened"], [mines, opened], example)


# Ce que chaque code veut dire, pour le message.
MEANINGS = {0: "la partie continue", 1: "gagnée", 2: "perdue"}


def verdict_hint(expected: int, got) -> str:
    if type(got) not in (int, bool) or got not in MEANINGS:
        return ""
    return f" ({MEANINGS[expected]}, et non {MEANINGS[int(got)]})"


def is_finished_everywhere(sub, case: dict, expected: list[int], agree=same_code):
    """is_finished sur chaque partie de ``game_points(case)``."""

    def recheck(point, answer):
        mines, opened = point
        is_finished_answers(sub, {"mines": mines, "opened": opened}, answer, agree)

    points = {"points": game_points(case)}
    screen(sub, "is_finished", [None, None], [0, 1], points, expected, recheck, agree)


def is_finished_returns_int(sub, case: dict, expected: list[int]):
    """Chaque partie de ``game_points(case)`` : un int (0, 1 ou 2), pas un bool."""
    is_finished_everywhere(sub, case, expected, is_int)
