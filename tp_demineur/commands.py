"""Les commandes tapées au jeu : leur liste (pour l'aide) et la lecture d'une ligne.

La lecture ne connaît pas le plateau : elle dit quelle commande une ligne
demande, ou pourquoi elle n'en est pas une (``BadLine``, dont le champ
``problem`` est un ``LineProblem``). Le jeu vérifie ensuite le coup.

>>> parse("3 2")
Command(kind=<Kind.OPEN: 'x y'>, x=3, y=2)
>>> parse(" D 0 10 ")
Command(kind=<Kind.FLAG: 'd x y'>, x=0, y=10)
>>> parse("aide")
Command(kind=<Kind.HELP: 'aide'>, x=None, y=None)
>>> parse("Quit").kind, parse("help").kind
(<Kind.QUIT: 'q'>, <Kind.HELP: 'aide'>)
>>> parse("3").problem
<LineProblem.OPEN_FORM: 2>
"""

import re
from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """Une commande, par sa forme."""

    OPEN = "x y"
    FLAG = "d x y"
    UNDO = "u"
    QUIT = "q"
    HINT = "?"
    HELP = "aide"


@dataclass(frozen=True)
class CommandHelp:
    kind: Kind
    words: tuple[str, ...]  # ce qui, en début de ligne, désigne la commande (le premier
    # est celui de l'aide ; les autres, ce qu'un joueur tape par habitude)
    text: str  # ce qu'elle fait, pour l'aide


# L'ordre est celui de l'aide ; ``x y`` n'a pas de mot, ce sont deux nombres.
COMMANDS = (
    CommandHelp(
        Kind.OPEN,
        (),
        "ouvre la case de la colonne x et de la ligne y ; sur un chiffre ouvert "
        "dont tous les drapeaux sont posés, ouvre ses autres voisines",
    ),
    CommandHelp(
        Kind.FLAG,
        ("d",),
        "pose un drapeau sur la case, ou l'enlève (une case à drapeau ne s'ouvre pas)",
    ),
    CommandHelp(Kind.UNDO, ("u",), "annule le dernier coup, même celui qui a perdu"),
    CommandHelp(
        Kind.QUIT, ("q", "quitter", "quit", "exit"), "quitte la partie (après confirmation)"
    ),
    CommandHelp(
        Kind.HINT,
        ("?",),
        "un indice du joueur machine : une case et pourquoi (la partie n'est plus classée)",
    ),
    CommandHelp(Kind.HELP, ("aide", "help", "h"), "cette aide"),
)

WORDS = {word: command.kind for command in COMMANDS for word in command.words}


@dataclass(frozen=True)
class Command:
    """Une commande comprise ; ``x`` et ``y`` pour ``OPEN`` et ``FLAG`` seulement."""

    kind: Kind
    x: int | None = None
    y: int | None = None


class LineProblem(Enum):
    """Pourquoi une ligne n'est pas une commande."""

    EMPTY = 1  # rien (ou que des espaces)
    OPEN_FORM = 2  # des nombres, mais pas deux
    NOT_INTEGERS = 3  # deux mots qui commencent comme un coup, pas deux entiers
    FLAG_FORM = 4  # « d » sans deux entiers derrière
    EXTRA_WORDS = 5  # « u », « q », « ? » ou « aide » suivis d'autre chose
    UNKNOWN = 6  # rien de tout cela


@dataclass(frozen=True)
class BadLine:
    """Une ligne qui n'est pas une commande ; ``kind`` : la commande visée, s'il y en a une."""

    problem: LineProblem
    kind: Kind | None = None


INTEGER = re.compile(r"[+-]?[0-9]+")
NUMBER_LIKE = re.compile(r"[+-]?[0-9.,]+([eE][+-]?[0-9]+)?")
# Un nombre de plus de MAX_DIGITS chiffres est hors du plateau de toute façon :
# on n'en garde que les MAX_DIGITS + 1 premiers chiffres (int() refuse les
# nombres de plus de 4300 chiffres), et on l'affiche abrégé (``number_text``).
MAX_DIGITS = 12


def to_int(word: str) -> int:
    """Un entier écrit en chiffres ASCII (signe permis), abrégé s'il est très long.

    >>> to_int("+007"), to_int("-3"), to_int("9" * 5000) == int("9" * 13)
    (7, -3, True)
    """
    digits = word.lstrip("+-").lstrip("0")[: MAX_DIGITS + 1]
    sign = -1 if word.startswith("-") else 1
    return sign * int(digits or "0")


def number_text(number: int) -> str:
    """Un nombre tel qu'on le montre au joueur : abrégé par « … » s'il est très long.

    >>> number_text(-42), number_text(to_int("1234567890123456"))
    ('-42', '123456789012…')
    """
    text = str(number)
    if len(text.lstrip("-")) > MAX_DIGITS:
        return text[: MAX_DIGITS + text.startswith("-")] + "…"
    return text


def parse(line: str) -> Command | BadLine:
    """La commande que demande cette ligne, ou pourquoi ce n'en est pas une.

    Les mots sont séparés par des espaces ou des virgules ; les majuscules ne
    comptent pas dans les mots des commandes.
    """
    words = line.replace(",", " ").split()
    if not words:
        return BadLine(LineProblem.EMPTY)
    first = words[0].lower()
    kind = WORDS.get(first)
    if kind is Kind.FLAG:
        if len(words) == 3 and all(INTEGER.fullmatch(word) for word in words[1:]):
            return Command(Kind.FLAG, to_int(words[1]), to_int(words[2]))
        return BadLine(LineProblem.FLAG_FORM, Kind.FLAG)
    if kind is not None:
        return Command(kind) if len(words) == 1 else BadLine(LineProblem.EXTRA_WORDS, kind)
    if all(INTEGER.fullmatch(word) for word in words):
        if len(words) == 2:
            return Command(Kind.OPEN, to_int(words[0]), to_int(words[1]))
        return BadLine(LineProblem.OPEN_FORM, Kind.OPEN)
    if NUMBER_LIKE.fullmatch(words[0]):
        if len(words) == 2:
            return BadLine(LineProblem.NOT_INTEGERS, Kind.OPEN)
        return BadLine(LineProblem.OPEN_FORM, Kind.OPEN)
    return BadLine(LineProblem.UNKNOWN)
