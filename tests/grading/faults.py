"""Ce qu'une fonction du rendu a fait de travers, dit avec la construction de Python en cause.

Les vérifications (``checks/``) disent ce qui ne va pas ; ce module y ajoute, quand il
la reconnaît, la cause dans le code de l'étudiant, en français : des paramètres qui ne
sont pas ceux du sujet, une récursion qui ne s'arrête pas, une partie qui continue après
sa fin, un indice négatif qui fait le tour de la liste. Il ne calcule aucun résultat
attendu : il rapproche ce que la fonction a fait de ce que la vérification attendait.
"""

from __future__ import annotations

import re

from .contract import PARAMETERS
from .limits import Limits

SIGNATURE = re.compile(r"(?P<f>\w+)\(\) (?:takes|missing|got an unexpected keyword)")
ENDED = {1: "gagnée", 2: "perdue"}  # les codes de fin de is_finished


def cause(error: dict, func: str | None, outcome=None) -> str | None:
    """La cause d'une exception sortie de ``func``, si on la reconnaît (``outcome`` : l'appel,
    ses arguments et ses relais) ; None sinon."""
    kind, message = error.get("type"), error.get("message") or ""
    if kind == "TypeError":
        match = SIGNATURE.match(message)
        if match and match["f"] in PARAMETERS:
            name = match["f"]
            return f"gardez les paramètres du sujet : {name}({', '.join(PARAMETERS[name])})"
    if kind == "RecursionError":
        return endless_recursion(func, outcome)
    if kind == "EOFError" and func == "play_the_game" and outcome is not None:
        return turn_after_the_end(outcome.relayed)
    if kind == "IndexError":
        return index_error(error, func, outcome)
    return None


def endless_recursion(func: str | None, outcome) -> str:
    """Une récursion plus profonde que la limite : sur un plateau du sujet (1 000 cases au
    plus), elle ne s'arrête pas. Une inondation qui part de chaque case au plus une fois
    descend d'au plus autant d'appels que le plateau a de cases."""
    depth = f"quelque {Limits().recursion:,} appels imbriqués".replace(",", " ")
    grids = [a for a in (outcome.args if outcome else ()) if isinstance(a, list) and a]
    grid = grids[0] if grids and isinstance(grids[0][0], list) else None
    if func != "propagate_open_cells" or grid is None:
        return (
            f"la récursion ne s'arrête pas : {depth} ; chaque appel doit se rapprocher d'un "
            "cas où la fonction ne se rappelle plus"
        )
    cells = len(grid) * len(grid[0])
    return (
        f"la récursion ne s'arrête pas : {depth} sur un plateau de {cells} cases, quand une "
        f"inondation qui part de chaque case au plus une fois en fait au plus {cells}. Elle "
        "repart sans doute d'une case déjà ouverte : avant de continuer depuis une voisine, "
        "vérifiez qu'elle était fermée (not opened[ny][nx])"
    )


def turn_after_the_end(relayed: list) -> str | None:
    """play_the_game a manqué de lignes dans un tour : le tour n'aurait pas dû être joué,
    si is_finished ne valait plus 0 (ou n'a pas été redemandé) juste avant."""
    turns = [i for i, call in enumerate(relayed) if call.name == "play_turn"]
    if not turns or relayed[turns[-1]].raised != "EOFError":
        return None
    last = turns[-1]
    before = turns[-2] if len(turns) > 1 else -1
    asked = [call for call in relayed[before + 1 : last] if call.name == "is_finished"]
    loop = "le sujet : « tant que is_finished(mines, opened) vaut 0, elle joue un tour »"
    if not asked and before < 0:
        return (
            "play_the_game a joué play_turn sans demander d'abord is_finished : une partie "
            "déjà finie (gagnée ou perdue) ne se joue plus, il faut tester is_finished avant "
            f"chaque tour ({loop})"
        )
    if not asked:
        return (
            "play_the_game a rejoué play_turn sans redemander is_finished depuis le tour "
            "d'avant : la condition de la boucle doit être recalculée à chaque tour "
            f"({loop}), sinon la partie continue après sa fin"
        )
    if asked and asked[-1].ret in ENDED:
        return (
            f"play_the_game a rejoué play_turn alors que is_finished venait de renvoyer "
            f"{asked[-1].ret} (partie {ENDED[asked[-1].ret]}) : la boucle doit s'arrêter dès "
            f"que is_finished ne vaut plus 0 ({loop})"
        )
    return None


# -- Q6, Q8, Q10 : lire une case d'une grille --------------------------------------------

# Une liste indexée par le nombre de mines voisines : SYMBOLES[neigh[y][x]].
BY_NEIGH = re.compile(r"\w\s*\[\s*neigh\s*\[")
# Une case lue avant que ses coordonnées ne soient vérifiées, dans le même « and » :
# opened[j][i] == False and is_coord_ok(i, j, ...), ou ... and 0 <= i < largeur.
READ = r"(?P<read>\w+\s*\[[^\[\]]+\]\s*\[[^\[\]]+\])"
READ_THEN_CHECK = re.compile(READ + r"[^\n]*?\band\b[^\n]*?(?:\bis_coord_ok\s*\(|\b0\s*<=)")


def index_error(error: dict, func: str | None, outcome=None) -> str | None:
    """La cause d'une IndexError, reconnue à la ligne du rendu où elle est née ou à ce que
    la fonction venait de recevoir ; None sinon."""
    code = (error.get("line") or ["", 0, ""])[2]
    if BY_NEIGH.search(code):
        return (
            "une liste indexée par neigh[y][x] : neigh va de 0 à 8, la liste doit donc avoir "
            "9 éléments, un par nombre de mines voisines (⋄ pour 0, puis 1 à 8)"
        )
    read = READ_THEN_CHECK.search(code)
    if read:
        return (
            f"{read['read']} est lu avant que la case ne soit vérifiée, et and s'arrête au "
            "premier False : testez d'abord is_coord_ok, puis la case "
            "(is_coord_ok(x, y, largeur, hauteur) and not opened[y][x]) ; une case hors "
            "du plateau n'est alors jamais lue"
        )
    if func == "play_turn" and outcome is not None:
        return transposed_move(outcome)
    return None


def chosen_move(outcome) -> tuple[int, int] | None:
    """Le coup que ask_move a renvoyé pendant l'appel (le dernier), s'il y en a un."""
    moves = [c.ret for c in outcome.relayed if c.name == "ask_move" and c.raised is None]
    move = moves[-1] if moves else None
    if isinstance(move, (list, tuple)) and len(move) == 2:
        if all(type(value) is int for value in move):
            return move[0], move[1]
    return None


def transposed_move(outcome) -> str | None:
    """play_turn a levé IndexError juste après que ask_move a renvoyé (x, y), une case du
    plateau dont (y, x) est hors du plateau : opened[x][y] au lieu de opened[y][x]."""
    move = chosen_move(outcome)
    opened = outcome.args[2] if len(outcome.args) > 2 else None
    if move is None or not (isinstance(opened, list) and opened and isinstance(opened[0], list)):
        return None
    x, y = move
    height, width = len(opened), len(opened[0])
    if not (0 <= x < width and 0 <= y < height) or (x < height and y < width):
        return None
    return transposed_index(x, y, width, height)


def transposed_index(x: int, y: int, width: int, height: int) -> str:
    """La phrase qui nomme l'indice transposé opened[x][y], pour le coup (x, y)."""
    beyond = (
        f"x = {x} dépasse la dernière ligne (y va de 0 à {height - 1})"
        if x >= height
        else f"y = {y} dépasse la dernière colonne (x va de 0 à {width - 1})"
        if y >= width
        else f"c'est la case ({y}, {x}) qui s'ouvre"
    )
    return (
        f"opened[x][y] : l'indice est transposé. Une grille se lit ligne d'abord, "
        f"opened[y][x] ; ici, pour le coup ({x}, {y}), opened[{x}][{y}] : {beyond}"
    )


def python_index(x: int, y: int, width: int, height: int) -> tuple[int, int] | None:
    """La case que Python lit pour ``grid[y][x]`` quand (x, y) sort du plateau par un indice
    négatif (le tour de la liste) ; None si (x, y) est sur le plateau ou si Python lèverait
    IndexError (ou si ce ne sont pas des entiers)."""
    if not all(type(value) is int for value in (x, y)):
        return None
    if x >= 0 and y >= 0:
        return None
    if not (-width <= x < width and -height <= y < height):
        return None
    return x % width, y % height


def negative_index(name: str, grid: list, x: int, y: int) -> str:
    """La phrase qui explique qu'une case hors du plateau a été lue par le tour de la liste
    (« » si (x, y) n'en est pas une)."""
    seen = python_index(x, y, len(grid[0]), len(grid))
    if seen is None:
        return ""
    return (
        f" En Python, {name}[{y}][{x}] ne lève pas d'erreur : un indice négatif compte depuis "
        f"la fin de la liste, et la case ({x}, {y}), hors du plateau, est lue comme "
        f"({seen[0]}, {seen[1]}). Il faut vérifier qu'une case est sur le plateau "
        "(0 <= x < largeur et 0 <= y < hauteur, is_coord_ok) avant de la lire."
    )


def wrapped_neighbours(mines: list, x: int, y: int, expected, got) -> str:
    """nb_adjacent_mines au bord du plateau : la réponse compte en trop exactement les mines
    que les voisines d'indice négatif font lire de l'autre côté du plateau (« » sinon)."""
    if not isinstance(got, int) or isinstance(got, bool) or not isinstance(expected, int):
        return ""
    width, height = len(mines[0]), len(mines)
    wrapped = [
        (x + dx, y + dy)
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx, dy) != (0, 0) and python_index(x + dx, y + dy, width, height) is not None
    ]
    read = [cell for cell in wrapped if mines[cell[1] % height][cell[0] % width]]
    if not read or got != expected + len(read):
        return ""
    return negative_index("mines", mines, *read[0])
