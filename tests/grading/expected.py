"""Les résultats attendus, calculés par des oracles écrits ici, sans la référence.

Ces oracles sont volontairement écrits autrement que la solution de référence
(ensembles de voisines, parcours en largeur…) : si l'une des deux se trompait,
les tests du correcteur sur la référence le montreraient. Ce module reste chez
l'enseignant : le kit étudiant ne reçoit que des résultats déjà calculés.
"""

from __future__ import annotations

import re
from collections import deque

from .boards import CLOSED, EMPTY, MINE

INTEGER = re.compile(r"-?[0-9]+")


def neighbours(x: int, y: int, width: int, height: int) -> set[tuple[int, int]]:
    """Les cases du plateau qui touchent (x, y), (x, y) exclue."""
    columns = range(max(x - 1, 0), min(x + 2, width))
    rows = range(max(y - 1, 0), min(y + 2, height))
    return {(i, j) for j in rows for i in columns} - {(x, y)}


def count_adjacent(mines: list, x: int, y: int) -> int:
    """Les mines du carré 3×3 autour de (x, y), coupé aux bords, moins la case elle-même."""
    square = [row[max(x - 1, 0) : x + 2] for row in mines[max(y - 1, 0) : y + 2]]
    return sum(map(sum, square)) - mines[y][x]


def neigh_grid(mines: list) -> list[list[int]]:
    """Chaque case : la somme des mines de sa ligne et des deux lignes voisines, sur trois
    colonnes, moins la case elle-même (des sommes de bandes, pas un compte par case)."""
    width = len(mines[0])
    triples = [[sum(row[max(x - 1, 0) : x + 2]) for x in range(width)] for row in mines]
    grid = []
    for y, row in enumerate(mines):
        band = triples[max(y - 1, 0) : y + 2]
        grid.append([sum(sums[x] for sums in band) - row[x] for x in range(width)])
    return grid


def board_lines(mines: list, neigh: list, opened: list) -> list[str]:
    def symbol(x: int, y: int) -> str:
        if not opened[y][x]:
            return CLOSED
        if mines[y][x]:
            return MINE
        return EMPTY if neigh[y][x] == 0 else str(neigh[y][x])

    return [" ".join(symbol(x, y) for x in range(len(row))) for y, row in enumerate(mines)]


def display_board(case: dict) -> list[str]:
    return board_lines(case["mines"], case["neigh"], case["opened"])


# Les classes de cases de display_board : ce que chacune montre (checks.q6_display).
DISPLAY_CLASSES = ("closed", "mines", "empty", "digits")


def display_class(mine: bool, count: int, is_open: bool) -> str:
    """La classe d'une case pour display_board : fermée, mine ouverte, vide, chiffre."""
    if not is_open:
        return "closed"
    if mine:
        return "mines"
    return "empty" if count == 0 else "digits"


def drawn_boards(case: dict) -> list[tuple[list, list, list]]:
    """Les grilles des plateaux écrits d'un cas de balayage (``checks.drawn``)."""
    from .checks.drawn import grids

    return [grids(board) for board in case["boards"]]


def display_rows(case: dict) -> list[list[str]]:
    """L'affichage attendu de chaque plateau d'un cas de balayage."""
    return [board_lines(*grids) for grids in drawn_boards(case)]


def display_cells(case: dict) -> list[dict]:
    """Pour chaque plateau d'un cas d'une classe de cases (``case["cells"]``) : l'affichage
    attendu, et les cases de la classe, celles que l'on juge (« x »)."""
    result = []
    for mines, neigh, opened in drawn_boards(case):
        judged = [
            "".join(
                "x" if display_class(m, n, o) == case["cells"] else "."
                for m, n, o in zip(row_m, row_n, row_o)
            )
            for row_m, row_n, row_o in zip(mines, neigh, opened)
        ]
        result.append({"lines": board_lines(mines, neigh, opened), "judged": judged})
    return result


def is_move_ok(case: dict) -> bool:
    opened, x, y = case["opened"], case["x"], case["y"]
    on_board = y in range(len(opened)) and x in range(len(opened[0]))
    return on_board and not opened[y][x]


def parse_move(line: str, opened: list) -> tuple[int, int] | None:
    """Le coup d'une ligne, ou None si la ligne n'est pas un coup permis."""
    words = line.split()
    if len(words) != 2 or not all(INTEGER.fullmatch(w) for w in words):
        return None
    try:
        x, y = int(words[0]), int(words[1])
    except ValueError:  # plus de chiffres que int() n'en lit (4 300) : loin du plateau
        return None
    return (x, y) if is_move_ok({"opened": opened, "x": x, "y": y}) else None


def ask_move(case: dict) -> dict:
    """Le premier coup permis et le nombre de lignes lues pour l'obtenir."""
    for index, line in enumerate(case["lines"]):
        move = parse_move(line, case["opened"])
        if move is not None:
            return {"move": list(move), "consumed": index + 1}
    return {"move": None, "consumed": len(case["lines"])}


def valid_moves(case: dict) -> list[list[int]]:
    """Le coup de chaque ligne d'un cas de lignes valides (chacune donnée seule)."""
    moves = [parse_move(line, case["opened"]) for line in case["lines"]]
    if None in moves:
        raise ValueError("une ligne du cas n'est pas un coup valide")
    return [list(move) for move in moves]


def is_move_ok_points(case: dict) -> list[bool]:
    """Les réponses de is_move_ok pour chaque point ``[x, y]`` du cas."""
    opened = case["opened"]
    return [is_move_ok({"opened": opened, "x": x, "y": y}) for x, y in case["points"]]


def flood(mines: list, neigh: list, opened: list, starts=None) -> list[list[bool]]:
    """Le point fixe de l'inondation, par un parcours en largeur ; depuis les seules cases
    ``starts`` si elles sont données (``opened`` est alors le point fixe, ces cases en plus)."""
    height, width = len(mines), len(mines[0])
    result = [list(row) for row in opened]

    def spreads(x: int, y: int) -> bool:
        return result[y][x] and not mines[y][x] and neigh[y][x] == 0

    cells = starts if starts is not None else [(x, y) for y in range(height) for x in range(width)]
    queue = deque(cell for cell in cells if spreads(*cell))
    while queue:
        x, y = queue.popleft()
        for i, j in neighbours(x, y, width, height):
            if not result[j][i]:
                result[j][i] = True
                if spreads(i, j):
                    queue.append((i, j))
    return result


def propagate_open_cells(case: dict) -> list[list[bool]]:
    return flood(case["mines"], case["neigh"], case["opened"])


def flood_results(case: dict) -> list[list[str]]:
    """L'inondation de chaque plateau d'un cas de balayage, écrite (``checks.drawn``)."""
    from .checks.drawn import opened_rows

    return [opened_rows(flood(*grids)) for grids in drawn_boards(case)]


def game_state(mines: list, opened: list) -> int:
    cells = [(m, o) for row_m, row_o in zip(mines, opened) for m, o in zip(row_m, row_o)]
    if any(m and o for m, o in cells):
        return 2
    return 1 if all(m or o for m, o in cells) else 0


def play_turn(case: dict) -> dict:
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    move = ask_move({"opened": opened, "lines": case["lines"]})["move"]
    after = [list(row) for row in opened]
    x, y = move
    after[y][x] = True
    return {
        "move": move,
        "opened": flood(mines, neigh, after),
        "board": board_lines(mines, neigh, opened),
    }


def play_the_game(case: dict) -> dict:
    mines, neigh = case["mines"], case["neigh"]
    opened = [list(row) for row in case["opened"]]
    lines = list(case["lines"])
    turns = 0
    while game_state(mines, opened) == 0:
        result = ask_move({"opened": opened, "lines": lines})
        x, y = result["move"]
        lines = lines[result["consumed"] :]
        opened[y][x] = True
        # Après le premier tour, opened est un point fixe : l'inondation part de la case jouée.
        opened = flood(mines, neigh, opened, [(x, y)] if turns else None)
        turns += 1
    return {
        "code": game_state(mines, opened),
        "opened": opened,
        "turns": turns,
        "final_board": board_lines(mines, neigh, opened),
    }


def main(case: dict) -> dict:
    """Les tailles que main doit retenir, et les réponses qu'elle doit refuser."""
    answers = iter(enumerate(case["lines"]))
    bad: list[int] = []

    def ask(low: int, high: int) -> int:
        for index, line in answers:
            text = line.strip()
            if INTEGER.fullmatch(text) and low <= int(text) <= high:
                return int(text)
            bad.append(index)
        raise ValueError("le cas ne donne pas de réponse valide")

    width = ask(1, 50)
    height = ask(1, 20)
    nb_mines = ask(1, width * height)
    size_lines = next(answers, (len(case["lines"]), None))[0]
    return {
        "width": width,
        "height": height,
        "nb_mines": nb_mines,
        "bad": bad,
        "size_lines": size_lines,
    }


def main_calls(case: dict) -> dict:
    """Les tailles que chaque appel d'un cas de main doit retenir, vérifiées : dans chaque
    appel, la dernière réponse à chaque question est la seule permise, et tous les appels
    d'un cas retiennent les mêmes tailles (``publics.main_call``)."""
    found = []
    for call in case["calls"]:
        lines = [line for answers in call["answers"] for line in answers] + call["moves"]
        sizes = main({"lines": lines})
        refused = [i for answers in call["answers"] for i in [True] * (len(answers) - 1) + [False]]
        if sizes["bad"] != [i for i, bad in enumerate(refused) if bad]:
            raise ValueError("un appel du cas a une réponse permise avant la dernière")
        found.append((sizes["width"], sizes["height"], sizes["nb_mines"]))
    if len(set(found)) != 1:
        raise ValueError("les appels du cas ne retiennent pas les mêmes tailles")
    width, height, nb_mines = found[0]
    return {"width": width, "height": height, "nb_mines": nb_mines}


def every_cell(grid: list, ring: int = 0) -> list[list[int]]:
    """Chaque case ``[x, y]`` d'une grille, et ``ring`` cases de plus tout autour."""
    width, height = len(grid[0]), len(grid)
    return [[x, y] for y in range(-ring, height + ring) for x in range(-ring, width + ring)]


def is_move_ok_everywhere(case: dict) -> list[bool]:
    """Les réponses de is_move_ok pour chaque point ``[x, y]`` du cas."""
    opened = case["opened"]
    return [is_move_ok({"opened": opened, "x": x, "y": y}) for x, y in case["points"]]


# -- Les balayages fixes de Q5 (dépliés par les vérifications elles-mêmes) -----


def is_coord_ok_edges(case: dict) -> list[bool]:
    """Les réponses de is_coord_ok pour chaque point de ``q5_neighbours.edge_points(case)``."""
    from .checks.q5_neighbours import edge_points

    return [0 <= x < w and 0 <= y < h for x, y, w, h in edge_points(case)]


def nb_adjacent_mines_sweep(case: dict) -> list[int]:
    """Les réponses de nb_adjacent_mines pour chaque point de
    ``q5_neighbours.neighbour_points(case)``."""
    from .checks.q5_neighbours import neighbour_points

    return [count_adjacent(mines, x, y) for mines, x, y in neighbour_points(case)]


def compute_neigh_sweep(case: dict) -> list[list[list[int]]]:
    """Les grilles neigh attendues pour chaque grille de ``q5_neighbours.neigh_boards(case)``."""
    from .checks.q5_neighbours import neigh_boards

    return [neigh_grid(mines) for mines in neigh_boards(case)]


def compute_neigh_boards(case: dict) -> list[list[list[int]]]:
    """Les grilles neigh attendues pour chaque plateau ``case["boards"]``."""
    return [neigh_grid(board["mines"]) for board in case["boards"]]


def is_finished_sweep(case: dict) -> list[int]:
    """Les réponses de is_finished pour chaque partie de ``q9_end.game_points(case)``."""
    from .checks.q9_end import game_points

    return [game_state(mines, opened) for mines, opened in game_points(case)]
