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
    if kind == "IndexError" and func == "initialise_mines" and outcome is not None:
        return drawn_off_the_board(outcome.args)
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


# -- Q3, Q7 : lire un entier tapé au clavier -----------------------------------------


def exotic_digits(text: str) -> str:
    """Les caractères que str.isdigit() accepte et qu'int() refuse (« ² », « ① »)."""
    return "".join(c for c in text if c.isdigit() and not c.isdecimal())


def evaluated(error: dict) -> bool:
    """L'exception est-elle née sur une ligne du rendu qui évalue le texte tapé ?"""
    code = (error.get("line") or ["", 0, ""])[2]
    return "eval(" in code or "literal_eval(" in code


EVALUATOR = (
    " La réponse tapée est évaluée comme une expression Python (eval, ast.literal_eval) : "
    "« 1+1 », « 0x1 » ou « True » n'en sont pas moins des textes qui ne sont pas des entiers "
    "écrits en chiffres, et eval peut exécuter n'importe quoi. Convertissez chaque nombre avec "
    "int(), sous try/except ValueError."
)


def bad_line_error(line: str, error: dict) -> str:
    """La construction en cause quand une réponse refusée fait lever une exception (« » si
    on ne la reconnaît pas)."""
    kind, message = error.get("type"), error.get("message") or ""
    exotic = exotic_digits(line)
    if kind == "ValueError" and "invalid literal for int()" in message and exotic:
        return (
            f" str.isdigit() accepte « {exotic[0]} » (pour Unicode, un exposant ou un chiffre "
            "cerclé est un chiffre), mais int() le refuse : vérifiez avec str.isdecimal(), "
            "ou convertissez sous try/except ValueError."
        )
    if evaluated(error):
        return EVALUATOR
    if kind == "OverflowError" or (kind == "ValueError" and "float NaN" in message):
        return (
            " int(float(...)) : float() lit « inf » et « nan », mais int() d'un infini ou "
            "de « pas un nombre » lève une exception (et tronque « 1.5 » en 1) : convertissez "
            "avec int() seul, sous try/except ValueError."
        )
    if kind == "ValueError" and "values to unpack" in message:
        return (
            " x, y = ligne.split() lève ValueError quand la ligne n'a pas exactement deux "
            "mots : vérifiez len(mots) == 2 d'abord (ou rattrapez ValueError)."
        )
    if kind == "IndexError" and len(line.split()) < 2:
        return (
            " mots[1] (ou mots[0]) n'existe pas quand la ligne a moins de deux mots : "
            "vérifiez len(mots) == 2 avant de les lire."
        )
    if kind == "ValueError" and "invalid literal for int()" in message:
        return " int() d'un texte qui n'est pas un entier lève ValueError : rattrapez-la."
    return ""


def read_as(line: str) -> list[int] | None:
    """Les nombres qu'une lecture fautive courante tire de ``line`` : les entiers parmi des
    mots (re.findall), ou la troncature des décimaux (int(float(...)))."""
    import math

    words = line.replace(",", " ").split()
    try:
        values = [float(word) for word in words]
        if all(math.isfinite(v) for v in values):
            return [int(v) for v in values]
    except ValueError:
        pass
    return [int(n) for n in re.findall(r"[0-9]+", line)]


def misread_line(line: str, returned) -> str:
    """La lecture fautive qui a fait accepter la ligne refusée ``line`` (« » si on ne la
    reconnaît pas)."""
    if not isinstance(returned, (list, tuple)) or len(returned) != 2:
        return ""
    got = list(returned)
    numbers = read_as(line)
    if numbers == got and re.search(r"[0-9]\.[0-9]|e-", line):
        return (
            f" int(float(...)) tronque les décimaux : {line.strip()!r} devient {tuple(got)} ; "
            "un coup est fait de deux entiers, convertissez avec int() seul."
        )
    if numbers == got and re.search(r"[^\s0-9-]", line):
        return (
            " Ne garder que les nombres de la ligne (re.findall, filtrer les mots ou la "
            "ponctuation) accepte ce qui les entoure : la ligne entière doit être faite de "
            "deux entiers séparés par des blancs (ligne.split() puis len(mots) == 2)."
        )
    digits = line.strip()
    if len(digits) == 2 and digits.isdecimal() and got == [int(digits[0]), int(digits[1])]:
        return (
            " Les deux chiffres collés ont été lus comme deux nombres (ligne[0] et ligne[1]) : "
            "les nombres sont séparés par des blancs, et peuvent avoir plusieurs chiffres."
        )
    if re.search(r"[+*/()xobTF]", line):
        return EVALUATOR
    return ""


def swapped_move(expected, got) -> str:
    """« » sauf si ``got`` est le coup attendu lu à l'envers, (y, x)."""
    if not isinstance(got, (list, tuple)) or len(got) != 2 or expected[0] == expected[1]:
        return ""
    if list(got) != [expected[1], expected[0]]:
        return ""
    return " Elle a renvoyé (y, x) : le sujet demande (x, y), la colonne d'abord."


def bound_answer(question: str, high: int, found) -> str:
    """main a retenu ``found`` hors des bornes de ``question`` (de 1 à ``high``) : la
    construction en cause (« » si ``found`` n'est pas hors des bornes)."""
    if type(found) is not int or 1 <= found <= high:
        return ""
    if found == high + 1:
        return (
            f" La borne haute est comprise, mais pas au-delà : {found} n'est pas permis pour "
            f"{question} (de 1 à {high}) ; un test « <= {found} », ou range(1, {found + 1}), "
            "l'accepte : écrivez 1 <= n <= " + str(high) + "."
        )
    if found <= 0:
        return (
            f" {found} n'est pas permis pour {question} : la borne basse est 1 (1 <= n), pas "
            "0 ; testez aussi la borne basse."
        )
    return f" {found} est hors des bornes de {question} (de 1 à {high}) : testez les deux bornes."


def bounds_excluded(answers: list[list[str]]) -> str:
    """main a redemandé après des réponses permises : si l'une d'elles est une borne (1,
    50, 20, largeur * hauteur), la borne exclue en est sans doute la cause (« » sinon)."""
    try:
        width, height, nb_mines = (int(given[-1]) for given in answers)
    except ValueError:
        return ""
    bounds = [(width, 50, "largeur"), (height, 20, "hauteur"), (nb_mines, width * height, "mines")]
    for value, high, name in bounds:
        if value == high:
            return (
                f" {value} est permis : les bornes sont comprises (1 <= {name} <= {high}) ; "
                f"un test « < {high} », ou range(1, {high}), exclut {high}."
            )
    for value, _, name in bounds:
        if value == 1:
            return (
                f" 1 est permis : les bornes sont comprises (1 <= {name}) ; un test « > 1 », ou "
                "range(2, …), exclut 1."
            )
    return ""


def misread_answer(answer: str, retained: list) -> str:
    """La lecture fautive qui a fait retenir à main la réponse refusée ``answer`` (une des
    valeurs ``retained`` : dimensions, nombre de mines), « » si on ne la reconnaît pas (ou
    si c'est un entier : une borne, ``bound_answer``)."""
    if re.fullmatch(r"\s*-?[0-9]+\s*", answer):
        return ""
    try:
        value = float(answer)
        if value == value and abs(value) != float("inf") and int(value) in retained:
            return (
                f" int(float(...)) tronque les décimaux : {answer.strip()!r} devient "
                f"{int(value)} ; une réponse est un entier, convertissez avec int() seul."
            )
    except ValueError:
        pass
    if re.search(r"[+*/()]|0[xob]|True|abs", answer):
        return EVALUATOR
    return ""


# -- Q4 : initialise_mines ----------------------------------------------------


def drawn_off_the_board(args: list) -> str | None:
    """initialise_mines a levé IndexError : une case tirée au hasard sort du plateau. Sur un
    plateau carré, ni une largeur prise pour la hauteur ni mines[x][y] n'y mènent : c'est
    un nombre tiré trop grand, le plus souvent la borne de random.randint, comprise."""
    grid = args[0] if args else None
    if not (isinstance(grid, list) and grid and isinstance(grid[0], list)):
        return None
    width, height = len(grid[0]), len(grid)
    text = (
        "une case tirée au hasard sort du plateau. random.randint(a, b) tire un entier "
        "entre a et b, b compris : randint(0, largeur) peut donner largeur, une colonne de "
        f"trop (ici, les colonnes vont de 0 à {width - 1}, les lignes de 0 à {height - 1}) ; "
        "écrivez randint(0, largeur - 1), ou random.randrange(largeur)"
    )
    if width != height:
        text += " ; vérifiez aussi que x va avec la largeur, y avec la hauteur, et mines[y][x]"
    return text


def fewer_mines(nb_mines: int, counts: list[int]) -> str:
    """Moins de mines que demandé, sans exception : ``counts``, les nombres de mines de
    tirages du même plateau. S'ils changent d'un tirage à l'autre, des cases ont été tirées
    deux fois ; sinon il en manque toujours autant."""
    if len(set(counts)) > 1:
        return (
            f"\n  Selon la graine, il y en a eu {' ou '.join(map(str, sorted(set(counts))))} "
            "au lieu de {nb_mines} : la même case a été tirée deux fois. Tirer nb_mines fois "
            "une case au hasard (random.randint, random.randrange, random.choice) ne suffit "
            "pas : avant de poser une mine, vérifiez que la case est encore libre (et tirez-en "
            "une autre sinon), ou tirez des cases distinctes avec random.sample(range(largeur "
            "* hauteur), nb_mines)."
        ).replace("{nb_mines}", str(nb_mines))
    missing = nb_mines - counts[0]
    if len(counts) == 1:
        return (
            f"\n  Il en manque {missing} : la même case a-t-elle été tirée deux fois ? Avant "
            "de poser une mine, vérifiez que la case est encore libre, ou tirez des cases "
            "distinctes avec random.sample(range(largeur * hauteur), nb_mines)."
        )
    return (
        f"\n  Il en manque {missing} à chaque tirage : la boucle qui pose les mines fait-elle "
        "bien nb_mines tours, et chaque tour pose-t-il une mine sur une case libre ?"
    )


# -- Q5 : is_coord_ok, nb_adjacent_mines, compute_neigh ----------------------


def coordinate_at_size(x, y, width: int, height: int, expected: bool, got) -> str:
    """is_coord_ok a dit True pour x = largeur (ou y = hauteur) : la comparaison avec la
    taille est faite avec <=, quand les indices vont de 0 à la taille moins un."""
    if expected or not got or type(x) is not int or type(y) is not int:
        return ""
    if x == width and 0 <= y < height:
        text = (
            f"\n  x = {x} = largeur : les colonnes vont de 0 à {width - 1}, il n'y a pas de "
            f"colonne {x}. Il faut 0 <= x < largeur (avec <, pas <=)."
        )
        if x < height and y < width:  # x comparé à la hauteur donnerait la même réponse
            text += " Ou bien x est-il comparé à la hauteur, et y à la largeur ?"
        return text
    if y == height and 0 <= x < width:
        text = (
            f"\n  y = {y} = hauteur : les lignes vont de 0 à {height - 1}, il n'y a pas de "
            f"ligne {y}. Il faut 0 <= y < hauteur (avec <, pas <=)."
        )
        if y < width and x < height:
            text += " Ou bien y est-il comparé à la largeur, et x à la hauteur ?"
        return text
    return ""


# Le nom de chaque direction, vue de la case (y croît vers le bas).
DIRECTION_NAMES = {
    (-1, -1): "en haut à gauche",
    (0, -1): "au-dessus",
    (1, -1): "en haut à droite",
    (-1, 0): "à gauche",
    (1, 0): "à droite",
    (-1, 1): "en bas à gauche",
    (0, 1): "au-dessous",
    (1, 1): "en bas à droite",
}


def place(x: int, y: int, width: int, height: int) -> str:
    """Où est la case : un coin, un bord, ou l'intérieur du plateau."""
    side_x = "gauche" if x == 0 else "droite" if x == width - 1 else ""
    side_y = "haut" if y == 0 else "bas" if y == height - 1 else ""
    if width > 1 and height > 1 and side_x and side_y:
        return f"le coin en {side_y} à {side_x}"
    if width == 1 or height == 1:
        return "une case d'un plateau d'une seule ligne ou colonne"
    if side_x or side_y:
        return "une case du bord " + (f"de {side_x}" if side_x else f"du {side_y}")
    return "une case de l'intérieur"


def neighbour_count(mines: list, x: int, y: int, expected, got) -> str:
    """nb_adjacent_mines a mal compté autour de (x, y) : la case elle-même comptée, une
    voisine oubliée ou une case qui n'est pas voisine comptée (sur une grille d'une seule
    mine), une voisine lue de l'autre côté du plateau par un indice négatif (« » sinon)."""
    if not isinstance(got, int) or isinstance(got, bool) or not isinstance(expected, int):
        return ""
    wrapped = wrapped_neighbours(mines, x, y, expected, got)
    if wrapped:
        return wrapped
    width, height = len(mines[0]), len(mines)
    if mines[y][x] is True and got == expected + 1:
        return (
            f" La case ({x}, {y}) elle-même est minée, et elle a été comptée : la case "
            "elle-même ne compte jamais. Dans la double boucle sur dx et dy, sautez "
            "(dx, dy) == (0, 0)."
        )
    mined = [(i, j) for j, row in enumerate(mines) for i, cell in enumerate(row) if cell is True]
    if len(mined) != 1 or mined[0] == (x, y):
        return ""
    (i, j), where = mined[0], place(x, y, width, height)
    direction = DIRECTION_NAMES.get((i - x, j - y))
    if direction and got == expected - 1:
        return (
            f" La seule mine est en ({i}, {j}), la voisine {direction} de ({x}, {y}) ({where}) : "
            "elle n'a pas été comptée. Chacune des huit directions compte, dans chaque coin "
            "et sur chaque bord, dès que la voisine est sur le plateau."
        )
    if direction is None and got == expected + 1:
        return (
            f" La seule mine est en ({i}, {j}), qui ne touche pas ({x}, {y}) ({where}) : elle a "
            "été comptée quand même. Seules les huit cases qui touchent la case comptent."
        )
    return ""


def neigh_cells(mines: list, received: list, expected: list, got) -> str:
    """compute_neigh a mal rempli neigh : les cases minées laissées telles qu'elles étaient,
    ou, à la première case fausse, ce que ``neighbour_count`` y reconnaît (« » sinon)."""
    if not (isinstance(got, list) and len(got) == len(expected)):
        return ""
    wrong = [
        (x, y)
        for y, (row_e, row_g) in enumerate(zip(expected, got))
        if isinstance(row_g, list) and len(row_g) == len(row_e)
        for x, (e, g) in enumerate(zip(row_e, row_g))
        if type(g) is not type(e) or g != e
    ]
    if not wrong:
        return ""
    written = any(
        not mines[y][x] and got[y][x] != received[y][x]
        for y in range(len(mines))
        for x in range(len(mines[0]))
        if isinstance(got[y], list) and len(got[y]) == len(mines[0])
    )
    if written and all(mines[y][x] and got[y][x] == received[y][x] for x, y in wrong):
        return (
            "\n  Les cases minées ont gardé la valeur qu'elles avaient avant l'appel : elles "
            "doivent aussi recevoir leur nombre de mines voisines (le sujet : « y compris "
            "celles qui contiennent une mine »)."
        )
    x, y = wrong[0]
    cause = neighbour_count(mines, x, y, expected[y][x], got[y][x])
    return f"\n  Case ({x}, {y}) :{cause}" if cause else ""
