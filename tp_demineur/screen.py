"""Ce que le jeu affiche : le plateau gradué, la ligne d'état et les messages.

Tout est rendu sous forme de texte, sans rien afficher : le déroulement de la
partie (``session.py``) décide quoi montrer et quand. Les symboles du TP
restent (``■`` fermée, ``★`` mine, ``⋄`` vide, les chiffres) ; le jeu y
ajoute ``⚑`` (drapeau), ``✗`` (drapeau faux, montré à la fin) et ``✸`` (la
mine qui a explosé).
"""

import re
import textwrap
from pathlib import Path

from .commands import COMMANDS, BadLine, LineProblem, number_text
from .game import Action, Cell, Game, Mark, MoveRefused, Outcome, Refusal
from .levels import board_title
from .scores import BestTime, Table, key_order, key_sizes
from .tp import CLOSED, EMPTY, MINE

FLAG = "⚑"
WRONG_FLAG = "✗"
EXPLODED = "✸"

GLYPHS = {
    Mark.CLOSED: CLOSED,
    Mark.FLAG: FLAG,
    Mark.MINE: MINE,
    Mark.EXPLODED: EXPLODED,
    Mark.WRONG_FLAG: WRONG_FLAG,
}

# Ce que veut dire chaque symbole : pendant la partie, puis sur le champ final.
SYMBOLS = f"{CLOSED} fermée, {EMPTY} sans mine autour, 1 à 8 : mines autour, {FLAG} drapeau"
FINAL_MEANINGS = {
    Mark.EXPLODED: "mine qui a explosé",
    Mark.MINE: "mine",
    Mark.FLAG: "drapeau juste",
    Mark.WRONG_FLAG: "drapeau faux",
}

# Codes de couleur ANSI (SGR) : les chiffres comme dans le démineur classique.
NUMBER_COLOURS = {1: "1;34", 2: "32", 3: "1;31", 4: "35", 5: "31", 6: "36", 7: "1", 8: "90"}
MARK_COLOURS = {
    Mark.FLAG: "1;33",
    Mark.MINE: "1",
    Mark.EXPLODED: "1;97;41",
    Mark.WRONG_FLAG: "1;35",
}
EMPTY_COLOUR = "2"

HELP_COLUMNS = 78  # l'aide tient dans un terminal de 80 colonnes
PROMPT = "Votre coup, x (colonne) y (ligne) : "
QUIT_PROMPT = "Quitter la partie ? (o/n) "
REPLAY_PROMPT = "Rejouer ? (o/n) "
REPLAY_OR_UNDO_PROMPT = "Rejouer ? (o/n, ou u pour annuler le coup perdant) "
YES_NO = "Répondez o (oui) ou n (non)."
YES_NO_UNDO = "Répondez o (oui), n (non) ou u (annuler le coup perdant)."


# ---------------------------------------------------------------------------
# Le plateau
# ---------------------------------------------------------------------------


def glyph(cell: Cell) -> str:
    """Le symbole d'une case.

    >>> glyph(0), glyph(3), glyph(Mark.FLAG)
    ('⋄', '3', '⚑')
    """
    if isinstance(cell, Mark):
        return GLYPHS[cell]
    return EMPTY if cell == 0 else str(cell)


def painted(cell: Cell, colour: bool) -> str:
    """Le symbole d'une case, en couleur si ``colour``."""
    text = glyph(cell)
    if not colour:
        return text
    if isinstance(cell, Mark):
        code = MARK_COLOURS.get(cell)
    else:
        code = NUMBER_COLOURS[cell] if cell else EMPTY_COLOUR
    return f"\x1b[{code}m{text}\x1b[0m" if code else text


def board_width(width: int, height: int, compact: bool) -> int:
    """La largeur en caractères du plateau gradué (sa plus longue ligne).

    >>> board_width(50, 20, compact=False), board_width(50, 20, compact=True)
    (107, 56)
    """
    margin, gap = (3, 1) if compact else (4, 2)
    cells = width if compact else 2 * width - 1
    return margin + cells + gap + len(str(height - 1))


def board_text(cells: list[list[Cell]], colour: bool = False, compact: bool = False) -> str:
    """Le plateau, entouré des numéros de colonnes (en haut) et de lignes (sur les côtés).

    Dans la disposition normale, les cases sont séparées par une espace et les
    colonnes à partir de 10 ont leurs dizaines sur une première ligne de règle.
    La disposition compacte colle les cases et ne marque les dizaines que
    toutes les dix colonnes.

    >>> print(board_text([[Mark.CLOSED, 1, 0]]))
        0 1 2
     0  ■ 1 ⋄  0
    >>> print(board_text([[Mark.CLOSED] * 12], compact=True))
                 1
       012345678901
     0 ■■■■■■■■■■■■ 0
    """
    width = len(cells[0])
    if compact:
        margin, separator, gap = "   ", "", " "
        tens = [str(x // 10) if x % 10 == 0 and x else " " for x in range(width)]
    else:
        margin, separator, gap = "    ", " ", "  "
        tens = [str(x // 10) if x >= 10 else " " for x in range(width)]
    lines = []
    if width > 10:
        lines.append(margin + separator.join(tens))
    lines.append(margin + separator.join(str(x % 10) for x in range(width)))
    for y, row in enumerate(cells):
        symbols = separator.join(painted(cell, colour) for cell in row)
        lines.append(f"{y:>2}{margin[2:]}{symbols}{gap}{y}")
    return "\n".join(line.rstrip() for line in lines)


def legend(cells: list[list[Cell]]) -> str:
    """Ce que veulent dire les symboles du champ final qui y figurent.

    >>> legend([[Mark.EXPLODED, Mark.WRONG_FLAG, 1]])
    '✸ mine qui a explosé · ✗ drapeau faux'
    """
    present = {cell for row in cells for cell in row if isinstance(cell, Mark)}
    return " · ".join(
        f"{GLYPHS[mark]} {meaning}" for mark, meaning in FINAL_MEANINGS.items() if mark in present
    )


# ---------------------------------------------------------------------------
# Les nombres
# ---------------------------------------------------------------------------


def format_duration(seconds: float, tenths: bool = True) -> str:
    """Une durée en minutes et secondes, arrondie au dixième (montré ou non).

    >>> format_duration(62.47), format_duration(62.47, tenths=False), format_duration(3725)
    ('1:02,5', '1:02', '1:02:05,0')
    """
    whole, tenth = divmod(round(seconds * 10), 10)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
    return f"{text},{tenth}" if tenths else text


def count(number: int, noun: str) -> str:
    """Un nombre et son nom, au pluriel s'il le faut (à partir de 2, en français).

    >>> count(0, "coup"), count(2, "drapeau"), count(3, "case ouverte")
    ('0 coup', '2 drapeaux', '3 cases ouvertes')
    """
    if abs(number) < 2:
        return f"{number} {noun}"
    return f"{number} " + " ".join(plural(word) for word in noun.split())


def plural(word: str) -> str:
    return word + ("x" if word.endswith("eau") else "s")


def cell_text(x: int | None, y: int | None) -> str:
    return f"({number_text(x or 0)}, {number_text(y or 0)})"


def status_line(game: Game, seconds: float) -> str:
    """La ligne d'état, affichée avant chaque invite."""
    return (
        f"Cases à ouvrir : {game.cells_left} · Mines − drapeaux : {game.mines_left}"
        f" · Coups : {game.moves} · Temps : {format_duration(seconds, tenths=False)}"
    )


def totals(game: Game, seconds: float) -> str:
    """Le temps, les coups et les annulations d'une partie finie (une ligne à part)."""
    return (
        f"Temps : {format_duration(seconds)} · {count(game.moves, 'coup')}"
        f" · {count(game.undos, 'annulation')}."
    )


# ---------------------------------------------------------------------------
# Les messages
# ---------------------------------------------------------------------------


def introduction(game: Game, title: str, seed: int) -> str:
    """Ce qui s'affiche au début d'une partie."""
    if game.placed and game.cells_left == 0:
        rules = "Toutes les cases sont minées : rien à ouvrir, la partie est gagnée d'avance."
    elif game.safe_first:
        rules = "Premier coup sans danger : les mines sont placées après lui, loin de lui."
    else:
        rules = "Règles du TP : les mines sont déjà placées, le premier coup peut perdre."
    return (
        f"\nDémineur {title}, partie n° {seed}.\n{rules}\n"
        "x = colonne (en haut), y = ligne (sur les côtés) ; « aide » : les commandes."
    )


CELL = re.compile(r"\(\d+, \d+\)")  # une case, telle que l'écrivent les messages
ITEM = " · "  # entre deux éléments d'une ligne d'état
NO_BREAK = "\N{NO-BREAK SPACE}"  # textwrap ne coupe pas là


def wrap_paragraph(text: str, columns: int) -> str:
    """Le texte coupé entre les mots pour tenir en ``columns`` colonnes (20 au moins),
    sans jamais couper une case ``(x, y)`` ni un élément d'une ligne d'état (« · »).

    >>> print(wrap_paragraph("Le 1 en (4, 2) a déjà sa mine en (3, 1).", 20))
    Le 1 en (4, 2) a
    déjà sa mine en
    (3, 1).
    >>> print(wrap_paragraph("Cases à ouvrir : 15 · Mines − drapeaux : 9 · Coups : 3", 40))
    Cases à ouvrir : 15 ·
    Mines − drapeaux : 9 · Coups : 3
    """
    if ITEM in text:
        kept = ITEM.join(item.replace(" ", NO_BREAK) for item in text.split(ITEM))
    else:
        kept = CELL.sub(lambda match: match[0].replace(" ", NO_BREAK), text)
    lines = textwrap.wrap(kept, max(columns, 20), break_on_hyphens=False)
    return "\n".join(line.replace(NO_BREAK, " ") for line in lines)


def help_text(columns: int = HELP_COLUMNS) -> str:
    """L'aide de la commande ``aide`` : la liste des commandes et les symboles."""
    forms = [command.kind.value for command in COMMANDS]
    width = max(map(len, forms))
    indent = " " * (width + 4)
    lines = ["Commandes (une par ligne) :"]
    for form, command in zip(forms, COMMANDS):
        first = f"  {form:<{width}}  "
        text = command.text
        if command.words[1:]:
            text += f" ; s'écrit aussi {', '.join(command.words[1:])}"
        lines += textwrap.wrap(text, columns, initial_indent=first, subsequent_indent=indent)
    lines += textwrap.wrap(symbols_text(), columns)
    lines.append("Ctrl-D (fin de l'entrée) ou Ctrl-C arrêtent le jeu.")
    return "\n".join(lines)


def symbols_text() -> str:
    """Ce que veut dire chaque symbole, pendant la partie et à la fin."""
    end = ", ".join(f"{GLYPHS[mark]} {meaning}" for mark, meaning in FINAL_MEANINGS.items())
    return f"Symboles : {SYMBOLS} ; à la fin : {end}."


def plain_symbols_notice(asked: bool) -> str:
    """Dit, une fois, que le plateau s'écrit en symboles simples (``terminal.PLAIN_SYMBOLS``) :
    le texte passe par la sortie, qui les remplace (``asked`` : demandé par --ascii)."""
    why = (
        "Symboles simples (--ascii)."
        if asked
        else "Cette console ne sait pas afficher les symboles du plateau : ils sont "
        "remplacés par des caractères simples."
    )
    return "\n".join(textwrap.wrap(why, HELP_COLUMNS) + textwrap.wrap(symbols_text(), HELP_COLUMNS))


def example(game: Game) -> str:
    """Un coup d'exemple sur une vraie case fermée du plateau (« 4 4 » au centre d'un 9×9)."""
    x, y = game.closed_cell_near_centre() or (0, 0)
    return f"{x} {y}"


def shown_line(line: str, limit: int = 20) -> str:
    """Une ligne tapée, telle qu'on la cite : abrégée, caractères de contrôle remplacés."""
    text = "".join(char if char.isprintable() else "�" for char in line.strip())
    return text if len(text) <= limit else text[:limit] + "…"


def bad_line_message(bad: BadLine, line: str, game: Game) -> str:
    """Ce qu'on répond à une ligne qui n'est pas une commande."""
    move = example(game)
    if bad.problem is LineProblem.EMPTY:
        return f"Ligne vide : tapez x y pour ouvrir une case, par exemple « {move} », ou aide."
    if bad.problem is LineProblem.OPEN_FORM:
        return f"Tapez deux nombres entiers, x (colonne) puis y (ligne), par exemple « {move} »."
    if bad.problem is LineProblem.NOT_INTEGERS:
        return f"x et y doivent être des nombres entiers, par exemple « {move} »."
    if bad.problem is LineProblem.FLAG_FORM:
        return f"Un drapeau se pose ou s'enlève avec d x y, par exemple « d {move} »."
    if bad.problem is LineProblem.EXTRA_WORDS and bad.kind is not None:
        return f"La commande « {bad.kind.value} » s'écrit seule, sans rien après."
    return (
        f"« {shown_line(line)} » n'est pas une commande.\n"
        f"Exemples : « {move} » (ouvrir), « d {move} » (drapeau), u, q, aide."
    )


def refusal_message(refused: MoveRefused, game: Game) -> str:
    """Ce qu'on répond à un coup que les règles refusent."""
    x, y, reason = refused.x, refused.y, refused.reason
    cell = cell_text(x, y)
    if reason is Refusal.OFF_BOARD:
        return (
            f"La case {cell} est hors du plateau : "
            f"x va de 0 à {game.width - 1} et y de 0 à {game.height - 1}."
        )
    if reason is Refusal.FLAGGED:
        return f"La case {cell} porte un drapeau {FLAG} : enlevez-le d'abord avec « d {x} {y} »."
    if reason is Refusal.ALREADY_OPEN:
        return f"La case {cell} est déjà ouverte, et il n'y a rien à ouvrir autour d'elle."
    if reason is Refusal.FLAGS_MISMATCH:
        needed = count(refused.number, "drapeau")
        return (
            f"La case {cell} est déjà ouverte ; pour ouvrir ses voisines, "
            f"il faut {needed} autour (il y en a {refused.flags})."
        )
    if reason is Refusal.FLAG_ON_OPEN:
        return f"La case {cell} est déjà ouverte : pas de drapeau sur une case ouverte."
    if reason is Refusal.NOTHING_TO_UNDO:
        return "Aucun coup à annuler."
    return "La partie est finie."


def outcome_message(outcome: Outcome) -> str | None:
    """Ce qu'on dit d'un coup accepté (rien pour une simple ouverture)."""
    cell = cell_text(outcome.x, outcome.y)
    if outcome.action is Action.CHORD:
        return f"{count(outcome.opened, 'case ouverte')} autour de {cell}."
    if outcome.action is Action.FLAG:
        return f"Drapeau {FLAG} posé en {cell}."
    if outcome.action is Action.UNFLAG:
        return f"Drapeau enlevé en {cell}."
    if outcome.action is Action.UNDO:
        return "Dernier coup annulé."
    return None


def loss_text(game: Game) -> str:
    """La phrase qui dit où la partie a été perdue."""
    cells = [cell_text(x, y) for x, y in game.exploded]
    if len(cells) == 1:
        return f"Perdu : la case {cells[0]} cachait une mine."
    listed = ", ".join(cells[:-1]) + " et " + cells[-1]
    return f"Perdu : les cases {listed} cachaient une mine."


# ---------------------------------------------------------------------------
# Les meilleurs temps
# ---------------------------------------------------------------------------


def french_date(iso: str) -> str:
    """Une date AAAA-MM-JJ écrite à la française.

    >>> french_date("2026-11-23")
    '23/11/2026'
    """
    parts = iso.split("-")
    return "/".join(reversed(parts)) if len(parts) == 3 else iso


def best_times_text(key: str, entries: list[BestTime], marked: int | None = None) -> str:
    """Le classement d'un plateau ; ``marked`` : le rang de la partie qui vient de finir.

    >>> print(best_times_text("9x9-10", [BestTime(42.31, "2026-11-23")], marked=1))
    Meilleurs temps, débutant (9×9, 10 mines) :
      1.   0:42,3  le 23/11/2026  ← cette partie
    """
    lines = [f"Meilleurs temps, {board_title(*key_sizes(key))} :"]
    for rank, entry in enumerate(entries, start=1):
        mark = "  ← cette partie" if rank == marked else ""
        time = format_duration(entry.seconds)
        lines.append(f"  {rank}. {time:>8}  le {french_date(entry.date)}{mark}")
    return "\n".join(lines)


def all_scores_text(
    table: Table, path: Path, sizes: tuple[int | None, int | None, int | None] = (None, None, None)
) -> str:
    """Les classements (``--scores``), les niveaux d'abord ; ``sizes`` (largeur, hauteur,
    mines, ``None`` pour « toutes ») ne garde que les plateaux demandés."""

    def wanted(key: str) -> bool:
        return all(size in (None, actual) for size, actual in zip(sizes, key_sizes(key)))

    keys = sorted((key for key in table if table[key] and wanted(key)), key=key_order)
    if not keys:
        if sizes != (None, None, None):
            return f"Aucun meilleur temps pour ce plateau (fichier : {path})."
        return f"Aucun meilleur temps pour l'instant (ils seront gardés dans {path})."
    parts = [best_times_text(key, table[key]) for key in keys]
    return "\n\n".join([*parts, f"(fichier : {path})"])
