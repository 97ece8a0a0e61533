"""Le terminal du jeu : ce qui sert aussi au kit étudiant (copié tel quel dans le kit).

Une console qui ne sait pas coder les symboles du plateau (une console Windows sur
une ancienne page de code, cp1252 ; une sortie en ASCII) les affiche par leur
remplaçant de :data:`PLAIN_SYMBOLS`, tous différents : une case fermée et une case
vide ne se confondent jamais. Le reste du texte perd ce que la console ne sait pas
montrer (« é » devient « e » en ASCII), jamais une lettre.

Ce module ne dépend de rien d'autre du paquet.
"""

import codecs
import io
import shutil
import sys
import unicodedata

# Les symboles du plateau (ceux du TP, puis ceux du jeu) et leur remplaçant en ASCII.
PLAIN_SYMBOLS = {
    "■": "#",  # case fermée
    "⋄": ".",  # case ouverte sans mine autour
    "★": "*",  # mine
    "⚑": "D",  # drapeau (la commande « d x y »)
    "✸": "@",  # la mine qui a explosé
    "✗": "x",  # drapeau faux
}
# Les autres caractères sans lettre de base, tels qu'on les écrit en ASCII.
PLAIN_TEXT = {
    "«": '"',
    "»": '"',
    "·": ".",
    "×": "x",
    "−": "-",
    "…": "...",
    "←": "<-",
    "→": "->",
    "≥": ">=",
    "°": "o",
    "œ": "oe",
    "’": "'",
    "\N{NO-BREAK SPACE}": " ",
}
PLAIN = {**PLAIN_SYMBOLS, **PLAIN_TEXT}
ERRORS = "tp_demineur"  # le nom du remplacement, pour ``errors=`` d'un flux


def plain(text: str) -> str:
    """Le texte en ASCII : chaque symbole par son remplaçant, chaque lettre accentuée par
    sa lettre de base, « ? » pour ce qui n'a ni l'un ni l'autre.

    >>> plain("■ ⋄ ★ ⚑ : « Démineur 9×9 »")
    '# . * D : " Demineur 9x9 "'
    """
    out = []
    for char in text:
        if char.isascii():
            out.append(char)
        elif char in PLAIN:
            out.append(PLAIN[char])
        else:
            base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            out.append(base or "?")
    return "".join(out)


def replace_unencodable(error: UnicodeError) -> tuple[str, int]:
    """Le remplacement d'un flux (``codecs.register_error``) : ce que la console ne sait
    pas coder devient :func:`plain`."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return plain(error.object[error.start : error.end]), error.end


codecs.register_error(ERRORS, replace_unencodable)


def shows_symbols(stream) -> bool:
    """La sortie ``stream`` sait-elle coder les symboles du plateau ?

    >>> shows_symbols(io.TextIOWrapper(io.BytesIO(), encoding="cp1252"))
    False
    """
    try:
        "".join(PLAIN_SYMBOLS).encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def tolerate_bad_characters() -> None:
    """Ne plus s'arrêter sur un caractère que l'entrée ou la sortie ne sait pas coder.

    Avec une locale UTF-8 stricte (fr_FR.UTF-8, en_US.UTF-8…), un octet
    invalide tapé ou envoyé au jeu ferait planter ``input()`` par une
    ``UnicodeDecodeError`` ; il devient « � » et reçoit un message d'erreur
    comme toute autre ligne incorrecte. Une sortie qui ne sait pas afficher
    « ■ » montre son remplaçant, « # », au lieu de planter.
    """
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")
    tolerate_bad_output(sys.stdout)


def tolerate_bad_output(stream) -> None:
    """Ce que la sortie ``stream`` ne sait pas coder y devient :func:`plain`."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors=ERRORS)


class PlainSymbols(io.TextIOBase):
    """Une sortie qui écrit les symboles du plateau par leurs remplaçants (le reste du
    texte tel quel) : pour une console qui sait coder « ■ » mais dont la police ne le
    dessine pas (l'option ``--ascii`` du jeu)."""

    TABLE = str.maketrans(PLAIN_SYMBOLS)

    def __init__(self, stream) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(text.translate(self.TABLE))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()

    @property
    def encoding(self) -> str:
        return self.stream.encoding

    @property
    def errors(self) -> str:
        return self.stream.errors


def too_narrow(needed: int, stream=None) -> str | None:
    """Ce qu'on dit avant d'afficher un plateau de ``needed`` caractères de large dans un
    terminal plus étroit (il couperait chaque ligne du plateau en deux) ; None dans un
    terminal assez large, ou hors d'un terminal (une sortie redirigée n'est pas coupée).

    >>> too_narrow(107, io.StringIO()) is None
    True
    """
    stream = stream or sys.stdout
    if not stream.isatty():
        return None
    columns = shutil.get_terminal_size().columns
    if needed <= columns:
        return None
    return (
        f"Ce terminal n'a que {columns} colonnes, et le plateau en demande {needed} : "
        "chaque ligne serait coupée en deux. Élargissez la fenêtre du terminal (ou "
        "réduisez la taille du texte), puis continuez."
    )
