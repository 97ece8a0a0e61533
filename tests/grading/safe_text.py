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


def one_line(text: str) -> str:
    r"""Un nom venu d'un étudiant, sur une seule ligne : :func:`printable`, et le saut de
    ligne et la tabulation montrés eux aussi par leur code.

    >>> one_line("alice\n  bob 20 / 20\t")
    'alice\\x0a  bob 20 / 20\\x09'
    """
    return printable(text).replace("\n", "\\x0a").replace("\t", "\\x09")


def markdown_code(text: str) -> str:
    """Un nom venu d'un étudiant, sur une ligne, en code Markdown : ni balise HTML, ni
    lien, ni titre, ni mise en forme n'y agit, et ses accents graves ne le referment pas.

    >>> markdown_code("a` <img src=x>")
    '`` a` <img src=x> ``'
    """
    text = one_line(text)
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or longest else ""
    return f"{fence}{pad}{text}{pad}{fence}"


# Ce qui agit dans un texte Markdown au milieu d'une ligne (liens, images, HTML,
# entités, mise en forme, code, tableaux).
MARKDOWN_ACTIVE = re.compile(r"([\\`*_\[\]<>&|~!])")


def markdown_text(text: str) -> str:
    r"""Un texte venu d'un étudiant (une raison, une remarque), sur une ligne, dont rien
    n'agit en Markdown (chaque caractère actif est précédé d'une barre oblique inverse).

    >>> print(markdown_text("<img src=x> [lien](y)"))
    \<img src=x\> \[lien\](y)
    """
    return MARKDOWN_ACTIVE.sub(r"\\\1", one_line(text))


def encodable(value):
    """Une donnée JSON dont chaque texte peut s'écrire en UTF-8 : un demi-caractère
    (« surrogate » isolé, qu'un message d'exception peut contenir) est montré par son code.

    >>> encodable({"message": ["\\ud800 fin"]})
    {'message': ['\\\\ud800 fin']}
    """
    if isinstance(value, str):
        return SURROGATE.sub(escape, value)
    if isinstance(value, dict):
        return {encodable(key): encodable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [encodable(item) for item in value]
    return value


def spreadsheet_cell(text: str) -> str:
    """Une cellule qu'un tableur ne prendra jamais pour une formule.

    >>> spreadsheet_cell("=HYPERLINK(1)")
    "'=HYPERLINK(1)"
    """
    text = printable(text)
    return "'" + text if text.startswith(FORMULA_START) else text
