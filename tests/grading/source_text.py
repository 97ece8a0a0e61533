"""Le code d'un rendu tel qu'on le compare : lu en quantité bornée, sans ses commentaires.

Deux usages, du côté de l'enseignant seulement (jamais dans le processus de travail) :
la ressemblance entre rendus (``classroom/similarity.py``) et l'empreinte du code
d'un rendu, mêlée au secret pour tirer ses cas (``grading/secret.py``).

- :func:`python_files` : les modules d'un paquet, à toute profondeur, sans suivre de
  lien symbolique ni entrer dans les dossiers de système ;
- :func:`read_bounded` : au plus un nombre d'octets donné, d'un fichier ordinaire
  seulement (ni lien, ni ``/dev/zero``, ni tube nommé) ;
- :func:`code_only` : le texte sans ses commentaires ni ses lignes vides, et chaque
  texte littéral démesuré réduit à ``"…"`` (un rendu précédé de 200 000 caractères
  de commentaires ou d'une documentation géante est le même code) ;
- :func:`decoded` : le texte d'un fichier source dans son vrai encodage (celui qu'il
  déclare, sinon UTF-8, sinon Windows-1252), et lequel quand ce n'est pas UTF-8.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import stat
import tokenize
from pathlib import Path

from .locate import is_system_entry

LONG_STRING = 300  # un texte littéral plus long est réduit à "…"
MAX_FILES = 200  # les modules d'un paquet lus au plus
FALLBACK = "lu en cp1252 (pas en UTF-8)"  # un fichier ni déclaré, ni en UTF-8


def python_files(root: Path) -> tuple[list[Path], list[str]]:
    """Les fichiers ``.py`` de ``root`` et de ses sous-dossiers (par chemin, dans l'ordre
    alphabétique), et ce qui a été laissé de côté (liens symboliques, modules en trop)."""
    found: list[Path] = []
    skipped: list[str] = []
    for folder, folders, files in os.walk(root, followlinks=False):
        here = Path(folder)
        kept = []
        for name in sorted(folders):
            if os.path.islink(here / name):
                skipped.append(f"{(here / name).relative_to(root)}/ (lien symbolique)")
            elif not is_system_entry(here / name):
                kept.append(name)
        folders[:] = kept
        for name in sorted(files):
            path = here / name
            if not name.lower().endswith(".py") or is_system_entry(path):
                continue
            if os.path.islink(path):
                skipped.append(f"{path.relative_to(root)} (lien symbolique)")
            else:
                found.append(path)
    found.sort(key=lambda path: path.relative_to(root).parts)
    if len(found) > MAX_FILES:
        skipped.append(f"{len(found) - MAX_FILES} module(s) au-delà de {MAX_FILES}")
        found = found[:MAX_FILES]
    return found, skipped


def read_bounded(path: Path, limit: int) -> tuple[bytes | None, str | None]:
    """Au plus ``limit`` octets du fichier ordinaire ``path`` ; (None, pourquoi) sinon.

    Le fichier est ouvert sans suivre de lien et sans attendre (un tube nommé), puis
    vérifié : seul un fichier ordinaire est lu.
    """
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        if os.path.islink(path):
            return None, "lien symbolique"
        return None, error.strerror or "illisible"
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return None, "pas un fichier ordinaire"
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(descriptor, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks), None
    except OSError as error:
        return None, error.strerror or "illisible"
    finally:
        with contextlib.suppress(OSError):
            os.close(descriptor)


def code_only(text: str) -> str:
    """Le code sans commentaires ni lignes vides, chaque texte littéral démesuré réduit.

    >>> code_only("# tête\\n\\nx = 1  # un\\n\\n\\ny = '#'\\n")
    "x = 1\\ny = '#'"
    >>> code_only("d = '" + "a" * 400 + "'\\n")
    'd = "…"'
    """
    lines = io.StringIO(text).readlines()
    cuts = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                cuts.append((token.start, token.end, ""))
            elif token.type == tokenize.STRING and len(token.string) > LONG_STRING:
                cuts.append((token.start, token.end, '"…"'))
    except (tokenize.TokenError, SyntaxError):
        # Un code que Python ne lit pas : ses lignes de commentaire seules sont retirées.
        lines = [line for line in lines if not line.lstrip().startswith("#")]
        cuts = []
    for (start_row, start_column), (end_row, end_column), replacement in reversed(cuts):
        first, last = lines[start_row - 1], lines[end_row - 1]
        lines[start_row - 1 : end_row] = [first[:start_column] + replacement + last[end_column:]]
    return "\n".join(line.rstrip() for line in lines if line.strip())


def decoded(data: bytes, truncated: bool = False) -> tuple[str, str | None]:
    """Le texte d'un fichier source et, s'il n'est pas en UTF-8, comment il a été lu.

    L'encodage déclaré (une ligne ``# -*- coding: latin-1 -*-``, PEP 263) d'abord, puis
    UTF-8, puis Windows-1252 (les accents d'un vieil éditeur sous Windows). ``truncated`` :
    ``data`` est le début d'un fichier plus long, qui peut couper un caractère en deux.

    >>> decoded("é = 1".encode())
    ('é = 1', None)
    >>> decoded("é = 1".encode("cp1252"))
    ('é = 1', 'lu en cp1252 (pas en UTF-8)')
    >>> decoded("# coding: latin-1\\né = 1".encode("latin-1"))
    ('# coding: latin-1\\né = 1', 'encodage déclaré : iso-8859-1')
    >>> decoded("x = 'é".encode()[:-1], truncated=True)  # le « é » coupé par la limite
    ("x = '", None)
    """
    declared = declared_encoding(data)
    if declared is not None:
        try:
            return data.decode(declared), f"encodage déclaré : {declared}"
        except (UnicodeDecodeError, LookupError):  # faux, ou pas un encodage de texte
            pass
    body = data.removeprefix(codecs.BOM_UTF8)
    try:
        return body.decode("utf-8"), None
    except UnicodeDecodeError as error:
        if truncated and error.reason == "unexpected end of data":
            return body[: error.start].decode("utf-8"), None
    return data.decode("cp1252", errors="replace"), FALLBACK


def declared_encoding(data: bytes) -> str | None:
    """L'encodage qu'un fichier source déclare (PEP 263), s'il en déclare un autre qu'UTF-8
    et que Python le connaît ; None sinon."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except (SyntaxError, LookupError):
        return None
    return None if encoding in ("utf-8", "utf-8-sig") else encoding
