"""Q6 : display_board, ce qu'elle affiche et comment on le montre.

Trois vérifications, une par famille de classes (``tests/graded/test_q6_display.py``) ;
chacune reçoit un balayage de plateaux écrits (``drawn``) et ne juge que sa classe :

- ``display_board_shows_cells`` : les symboles des cases d'une classe (fermées, mines
  ouvertes, vides, chiffres), lus dans l'affichage quelle que soit sa mise en page (des
  blancs ou rien entre les cases, des lignes vides, des numéros de lignes ou de colonnes
  autour, le plateau transposé) ;
- ``display_board_prints_rows`` : une ligne de texte par ligne du plateau, dans l'ordre,
  et rien d'autre, quels que soient les symboles choisis (pourvu que deux cases dans le
  même état aient le même) ;
- ``display_board_separates_cells`` : une espace entre deux cases, jugée sur chaque ligne
  qui montre une ligne du plateau, quels que soient les symboles et le nombre de lignes.

Les fonctions qui jugent ne font que lire un texte (``cell_mistakes``, ``rows_mistake``,
``spaces_mistake``) : ``tests/project`` les essaie sur des affichages fautifs écrits à la
main, sans processus de travail.
"""

from __future__ import annotations

from ..boards import CLOSED, EMPTY, MINE, first_difference, quote_window, show_grids, size, typed
from ..calls import Outcome
from ..wire import same
from .common import expect_no_error, expect_untouched, expect_written, fail
from .drawn import grids

# ---------------------------------------------------------------------------
# Lire un affichage
# ---------------------------------------------------------------------------


def tokens(line: str) -> list[str]:
    """Les caractères d'une ligne affichée qui ne sont pas des blancs : ses cases, chacune
    d'un caractère (■ ★ ⋄ et les chiffres)."""
    return [char for char in line if not char.isspace()]


def read_board(printed: str, width: int, height: int) -> list[list[str | None]]:
    """Les cases d'un affichage, lu avec indulgence : les ``height`` dernières lignes qui ne
    sont pas vides (des numéros de colonnes au-dessus n'y changent rien), dans chacune les
    ``width`` derniers caractères qui ne sont pas des blancs (des numéros de lignes à
    gauche non plus). Un affichage incomplet est lu depuis le début ; ce qui manque vaut
    None.

    >>> read_board("  0 1\\n0 ■ 1\\n1 ★ ⋄\\n", 2, 2)
    [['■', '1'], ['★', '⋄']]
    >>> read_board("■\\n", 2, 2)
    [['■', None], [None, None]]
    """
    lines = [found for found in map(tokens, printed.split("\n")) if found]
    lines = lines[-height:]
    board: list[list[str | None]] = []
    for y in range(height):
        found = lines[y] if y < len(lines) else []
        found = found[-width:] if len(found) > width else found
        board.append([found[x] if x < len(found) else None for x in range(width)])
    return board


def transposed(board: list[list]) -> list[list]:
    return [list(column) for column in zip(*board)]


def symbols_of(lines: list[str]) -> list[list[str]]:
    """Les symboles d'un affichage attendu (une espace entre deux cases)."""
    return [line.split(" ") for line in lines]


def cell_mistakes(printed: str, expected: list[str], judged: list[str]) -> list[tuple] | None:
    """Les cases jugées (« x » dans ``judged``) qu'un affichage montre mal : (x, y, attendu,
    montré) ; None si l'affichage n'en montre aucune (il ne montre rien, ou rien qui se lise
    comme ce plateau).

    Une case que l'affichage ne montre pas (il s'arrête trop tôt) n'est pas comptée : la
    mise en page a sa propre classe. L'affichage est lu tel quel, puis transposé (une
    ligne de texte par colonne) : la lecture sans faute l'emporte.
    """
    want = symbols_of(expected)
    height, width = len(want), len(want[0])
    cells = [(x, y) for y in range(height) for x in range(width) if judged[y][x] == "x"]
    readings = [read_board(printed, width, height)]
    readings.append(transposed(read_board(printed, height, width)))
    results = []
    for board in readings:
        shown = [(x, y, want[y][x], board[y][x]) for x, y in cells if board[y][x] is not None]
        if shown or not cells:
            results.append([cell for cell in shown if cell[2] != cell[3]])
    return min(results, key=len) if results else None


# ---------------------------------------------------------------------------
# Les symboles des cases d'une classe
# ---------------------------------------------------------------------------

WHAT = {
    "closed": "■ pour chaque case fermée, minée ou non, quel que soit son nombre de mines voisines",
    "mines": "★ pour chaque mine ouverte, quel que soit son nombre de mines voisines",
    "empty": "⋄ pour chaque case ouverte sans mine ni mine voisine",
    "digits": "le nombre de mines voisines (1 à 8) pour chaque case ouverte sans mine",
}


def describe_cell(mine: bool, count: int, is_open: bool) -> str:
    state = "ouverte" if is_open else "fermée"
    kind = "une mine" if mine else "sans mine"
    voisines = "aucune mine voisine" if count == 0 else f"{count} mine(s) voisine(s)"
    return f"{state}, {kind}, {voisines}"


def cell_cause(want: str, got: str, mine: bool, is_open: bool) -> str:
    """La construction en cause quand une case montre ``got`` au lieu de ``want``."""
    if not is_open and got == MINE:
        return (
            " Une mine fermée reste cachée : testez opened[y][x] avant mines[y][x] (sinon "
            "l'affichage dévoile les mines)."
        )
    if not is_open:
        return (
            " Une case fermée montre ■, quoi qu'elle cache : testez opened[y][x] avant "
            "mines[y][x] et neigh[y][x]."
        )
    if mine:
        return (
            " Une mine ouverte montre ★, même quand des mines la touchent : testez "
            "mines[y][x] avant neigh[y][x]."
        )
    if want == EMPTY and got == "0":
        return " Une case ouverte sans mine voisine montre ⋄, pas 0."
    if want == EMPTY:
        return " Une case ouverte sans mine voisine (neigh[y][x] == 0) montre ⋄."
    if got == CLOSED:
        return " Elle est ouverte : seule une case fermée montre ■."
    return f" Une case ouverte sans mine montre neigh[y][x], ici {want}."


def display_board_shows_cells(sub, case: dict, expected: list[dict]):
    """Chaque case de la classe ``case["cells"]`` montre son symbole, sur chaque plateau.
    Une case que l'affichage ne montre pas (il s'arrête trop tôt, il oublie une colonne)
    ne compte pas : la mise en page a sa classe ; mais un affichage qui ne montre rien,
    sur aucun plateau, rate."""
    what = WHAT[case["cells"]]
    blank = None
    for board, want in zip(case["boards"], expected):
        mines, neigh, opened = grids(board)
        outcome = sub.call("display_board", mines, neigh, opened)
        if outcome.error:
            expect_no_error(outcome, "display_board", _example(mines, neigh, opened))
        if not tokens(outcome.stdout):
            blank = blank or (outcome, want["lines"], _example(mines, neigh, opened))
            continue
        blank = False
        wrong = cell_mistakes(outcome.stdout, want["lines"], want["judged"])
        if not wrong:
            continue
        example = _example(mines, neigh, opened)
        x, y, symbol, got = wrong[0]
        cause = cell_cause(symbol, got, mines[y][x], opened[y][x])
        more = f" (et {len(wrong) - 1} autre(s) case(s) de cette sorte)" if len(wrong) > 1 else ""
        fail(
            f"display_board doit montrer {what}. La case (x={x}, y={y}), "
            f"{describe_cell(mines[y][x], neigh[y][x], opened[y][x])}, doit montrer "
            f"« {symbol} » ; elle montre « {got} »{more}.{cause}\n{example}\n"
            f"{display_comparison(want['lines'], outcome.stdout)}",
            example=example,
        )
    if blank:
        fail_blank(*blank)


def fail_blank(outcome: Outcome, lines: list[str], example: str):
    """display_board n'a rien montré (sur aucun plateau du balayage)."""
    fail(
        f"{nothing_shown(lines, outcome)}\n{example}\n{display_comparison(lines, outcome.stdout)}",
        example=example,
    )


# ---------------------------------------------------------------------------
# Une ligne de texte par ligne du plateau, et rien d'autre
# ---------------------------------------------------------------------------


def rows_mistake(printed: str, expected: list[str], states: list[list]) -> str | None:
    """Ce qui ne va pas dans la mise en page d'un affichage (None si rien) : exactement une
    ligne par ligne du plateau, chacune finie par un retour à la ligne, la ligne y montrant
    les cases de la ligne y, de x = 0 à la largeur - 1, et rien d'autre. Les symboles n'y
    comptent pas, les blancs entre les cases non plus : deux cases dans le même état
    (``states``) doivent seulement y avoir le même symbole."""
    height, width = len(states), len(states[0])
    lines = printed.split("\n")
    if lines[-1] != "":
        return (
            "display_board n'affiche pas ce qu'il faut : la dernière ligne doit se terminer "
            "par un retour à la ligne."
        )
    body = [tokens(line) for line in lines[:-1]]
    filled = [found for found in body if found]
    if len(filled) == height and len(body) > height and consistent(filled, states):
        extra = len(body) - height
        if body[:height] == filled:
            return (
                f"display_board affiche {extra} ligne(s) vide(s) de trop à la fin : print() "
                "ajoute déjà un retour à la ligne ; print(texte), quand texte finit par "
                '"\\n", en affiche deux.'
            )
        return (
            "display_board affiche des lignes vides entre les lignes du plateau : print() "
            'ajoute déjà un retour à la ligne (un "\\n" à la fin de chaque ligne en fait un '
            "de plus)."
        )
    if len(body) != height:
        if len(body) == width and consistent(body, transposed(states)):
            return TRANSPOSED
        return (
            f"display_board n'affiche pas ce qu'il faut : il faut exactement {height} "
            f"ligne(s), une par ligne du plateau, et rien d'autre ; elle en affiche "
            f"{len(body)}."
        )
    if consistent(body, states):
        return None
    if width == height and consistent(body, transposed(states)):
        return TRANSPOSED
    for y, found in enumerate(body):
        if len(found) != width:
            return (
                f"display_board n'affiche pas ce qu'il faut : la ligne {y + 1} doit montrer "
                f"les {width} case(s) de la ligne y={y} du plateau, et rien d'autre ; elle "
                f"montre {len(found)} caractère(s) hors des blancs."
            )
    return (
        "display_board n'affiche pas ce qu'il faut : la ligne y du plateau doit être la "
        "ligne y+1 affichée, ses cases de x = 0 à la largeur - 1, dans l'ordre."
    )


TRANSPOSED = (
    "display_board affiche le plateau transposé : une ligne de texte par colonne. La ligne "
    "affichée y montre la ligne y du plateau, mines[y][x] pour x de 0 à la largeur - 1 : la "
    "boucle sur y (range(len(mines))) à l'extérieur, celle sur x (range(len(mines[0]))) "
    "à l'intérieur."
)


def consistent(rows: list[list[str]], states: list[list]) -> bool:
    """Les caractères ``rows`` ont la forme de ``states``, et deux cases dans le même état
    y ont le même caractère."""
    if len(rows) != len(states) or any(len(r) != len(s) for r, s in zip(rows, states)):
        return False
    seen: dict = {}
    for row, row_states in zip(rows, states):
        for char, state in zip(row, row_states):
            if seen.setdefault(state, char) != char:
                return False
    return True


def display_board_prints_rows(sub, case: dict, expected: list[list[str]]):
    """Une ligne de texte par ligne du plateau, dans l'ordre, et rien d'autre ; les grilles
    reçues ne changent pas."""
    for board, lines in zip(case["boards"], expected):
        mines, neigh, opened = grids(board)
        outcome = sub.call("display_board", mines, neigh, opened)
        if outcome.error:
            expect_no_error(outcome, "display_board", _example(mines, neigh, opened))
        states = [list(zip(*row)) for row in zip(mines, neigh, opened)]
        mistake = (nothing_shown(lines, outcome) if not outcome.stdout else None) or rows_mistake(
            outcome.stdout, lines, states
        )
        kept = all(same(a, b) for a, b in zip(outcome.args, (mines, neigh, opened)))
        if not mistake and kept:
            continue
        example = _example(mines, neigh, opened)
        if mistake:
            fail(
                f"{mistake}\n{example}\n{display_comparison(lines, outcome.stdout)}",
                example=example,
            )
        expect_untouched(
            outcome, "display_board", ["mines", "neigh", "opened"], [mines, neigh, opened], example
        )


def nothing_shown(expected: list[str], outcome: Outcome) -> str:
    """Ce qu'il faut dire d'un affichage vide (ou fait de blancs seulement)."""
    returned = outcome.ret
    if isinstance(returned, str) and returned.strip():
        same_text = [line.rstrip() for line in returned.rstrip("\n").split("\n")] == expected
        verdict = " (et ce texte est le bon)" if same_text else ""
        return (
            "display_board renvoie le texte du plateau au lieu de l'afficher" + verdict + " : "
            "il faut l'afficher avec print() ; display_board ne renvoie rien."
        )
    if outcome.stdout:
        return "display_board n'affiche que des blancs : il faut afficher les cases du plateau."
    return "display_board n'affiche rien : il faut afficher le plateau avec print()."


# ---------------------------------------------------------------------------
# Une espace entre deux cases
# ---------------------------------------------------------------------------


SHAPES = frozenset(CLOSED + MINE + EMPTY)


def board_part(line: str, width: int) -> str:
    """La partie d'une ligne affichée qui montre des cases : la ligne entière, ou, si elle
    montre plus de ``width`` caractères hors des blancs (un numéro de ligne devant), ce qui
    part du premier de ses ``width`` derniers.

    >>> board_part("10 ■ ★", 2)
    '■ ★'
    """
    found = tokens(line)
    if len(found) <= width:
        return line.rstrip()
    start, seen = len(line), 0
    while seen < width:
        start -= 1
        seen += not line[start].isspace()
    return line[start:].rstrip()


def shown_lines(printed: str, stopped: bool) -> list[str]:
    """Les lignes affichées qui montrent quelque chose ; si l'affichage s'est arrêté sur
    une exception (``stopped``), seulement les lignes entières."""
    lines = printed.split("\n")
    return [line for line in (lines[:-1] if stopped else lines) if tokens(line)]


def spaces_mistake(printed: str, width: int, stopped: bool = False) -> tuple[str, str] | None:
    """(la ligne fautive, ce qui ne va pas) pour la première ligne affichée dont les cases
    ne sont pas séparées par une espace ; None si toutes le sont.

    Sont jugées les lignes affichées (entières si l'affichage s'est arrêté sur une
    exception) qui montrent ■, ★ ou ⋄ (toutes, s'il n'y en a aucune), et dans chacune la
    partie qui montre des cases (``board_part``) : des numéros de colonnes ou de lignes
    autour, une ligne de trop, sont l'affaire de la classe des lignes. Les espaces en fin
    de ligne sont permises."""
    shown = shown_lines(printed, stopped)
    judged = [line for line in shown if SHAPES & set(line)] or shown
    for line in judged:
        body = board_part(line, width)
        if body == " ".join(tokens(body)):
            continue
        if "\t" in body:
            cause = (
                "elle sépare les cases par des tabulations (→ ci-dessous) : à l'écran on "
                'dirait des espaces, mais il faut une espace " " entre deux cases'
            )
        elif body[:1].isspace():
            cause = "la ligne commence par un blanc : la première case vient en tête de ligne"
        elif "  " in body:
            cause = (
                "des cases sont séparées par plusieurs espaces : il en faut une seule, même "
                "sur un plateau de plus de 10 colonnes (pas d'alignement sur les numéros de "
                "colonnes)"
            )
        elif not any(char.isspace() for char in body):
            cause = 'les cases sont collées : il faut une espace " " entre deux cases'
        else:
            cause = 'il faut une espace " " entre deux cases, et une seule'
        return line, cause
    return None


def display_board_separates_cells(sub, case: dict, expected: list[list[str]]):
    """Les cases de chaque ligne affichée sont séparées par une espace. Jugé sur les lignes
    que display_board a affichées, même si elle s'est arrêtée ensuite sur une exception
    (ce qui l'arrête est l'affaire d'une autre classe) ; un affichage qui ne montre rien,
    sur aucun plateau, rate."""
    blank = None
    for board, lines in zip(case["boards"], expected):
        mines, neigh, opened = grids(board)
        outcome = sub.call("display_board", mines, neigh, opened)
        if outcome.error:
            expect_written(outcome, "display_board", _example(mines, neigh, opened))
        stopped = outcome.error is not None
        if not shown_lines(outcome.stdout, stopped):
            blank = blank or (outcome, lines, _example(mines, neigh, opened))
            continue
        blank = False
        mistake = spaces_mistake(outcome.stdout, len(mines[0]), stopped)
        if mistake:
            example = _example(mines, neigh, opened)
            line, cause = mistake
            fail(
                f"display_board doit séparer les cases d'une ligne par une espace (les "
                f"espaces en fin de ligne sont permises) ; ici, {cause}. Ligne affichée : "
                f"{typed(line)}\n{example}\n{display_comparison(lines, outcome.stdout)}",
                example=example,
            )
    if blank:
        outcome, lines, example = blank
        expect_no_error(outcome, "display_board", example)
        fail_blank(outcome, lines, example)


# ---------------------------------------------------------------------------
# Montrer un plateau et un affichage
# ---------------------------------------------------------------------------


def _example(mines: list, neigh: list, opened: list) -> str:
    return (
        f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, neigh=neigh, opened=opened)}"
    )


def display_comparison(expected: list[str], printed: str) -> str:
    """L'affichage attendu et l'obtenu, ligne à ligne, la première différence marquée,
    l'invisible rendu visible, dans 80 colonnes."""
    got = printed.split("\n")
    if got[-1] == "":
        got.pop()
    where = first_difference(expected, [line.rstrip() for line in got])
    row, column = where if where is not None else (None, 0)
    place = ""
    if row is not None:
        place = f" (première différence : ligne {row + 1}, colonne {column + 1}, marquée ✗)"
    limit = 30
    if row is not None and row >= limit:
        expected, got = expected[row - limit // 2 :], got[row - limit // 2 :]
        row = limit // 2
    return (
        f"  Affichage attendu :\n{quote_window(expected[:limit], column)}\n"
        f"  Affichage obtenu{place} :\n{quote_window(got[:limit], column, row)}"
    )
