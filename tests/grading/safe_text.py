"""Montrer à l'enseignant un texte venu d'un étudiant, sans danger.

Un texte affiché par le code d'un étudiant, un message d'exception ou un nom de
fichier peut contenir des caractères de contrôle : une séquence d'échappement
ANSI changerait le terminal de l'enseignant (couleurs, titre, curseur, et sur
certains terminaux bien pire), un retour chariot effacerait une ligne du
retour, un caractère de direction Unicode retournerait l'ordre d'un texte.
Tout texte venu d'un rendu passe par :func:`printable` avant d'être montré
(terminal, retours, synthèse, JSON) ; les cellules du CSV passent en plus par
:func:`spreadsheet_cell`.
"""

from __future__ import annotations

import re

# C0 sauf saut de ligne et tabulation, DEL, C1, et les contrôles de direction (bidi).
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
SURROGATE = re.compile("[\ud800-\udfff]")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    r"""Le texte, chaque caractère de contrôle remplacé par son code visible.

    >>> printable("ok\x1b[2J\n")
    'ok\\x1b[2J\n'
    """
    return SURROGATE.sub(escape, CONTROL.sub(escape, text))


def spreadsheet_cell(text: str) -> str:
    """Une cellule qu'un tableur ne prendra jamais pour une formule.

    >>> spreadsheet_cell("=HYPERLINK(1)")
    "'=HYPERLINK(1)"
    """
    text = printable(text)
    return "'" + text if text.startswith(FORMULA_START) else text
