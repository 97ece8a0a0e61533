"""Ce qu'un étudiant a vraiment remis, quand ce n'est pas un fichier ``.py``.

Un notebook Jupyter (``.ipynb``) est noté : ses cellules de code, dans l'ordre,
forment le fichier noté (``grading/cells.py`` dit sa forme, et comment chaque retour y
parle de « cellule 7, ligne 3 ») ; les commandes d'IPython (``%matplotlib``,
``%%time``) et du shell (``!pip install``) en sont retirées, et le retour les nomme. Un fichier
``.txt`` qui définit des fonctions du TP (un ``.py`` renommé) est noté comme s'il
s'appelait ``.py``, et le retour le dit. Les notebooks et les ``.txt`` ne servent
que si le rendu n'a aucun fichier ``.py`` ni paquet du TP.

Un rendu qui n'a rien de tout cela est « non noté » : sa raison nomme ce qui a été
reçu (une archive ``.rar``, un dossier vide, un PDF…), pour que l'enseignant n'ait
pas à ouvrir chaque dossier.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from classroom.archives import OPENED, archive_format
from grading.cells import cell_line, header
from grading.locate import MAX_DEPTH, MAX_READ, TP_DEFINITION, is_system_entry
from grading.safe_text import one_line

NOTEBOOK = ".ipynb"
TEXT = ".txt"

# Ce que le correcteur dit des fichiers qu'il ne note pas, par extension.
KINDS = {
    ".gz": "archive gzip",
    ".bz2": "archive bzip2",
    ".xz": "archive xz",
    ".pdf": "document PDF",
    ".doc": "document Word",
    ".docx": "document Word",
    ".odt": "document OpenDocument",
    ".html": "page web",
    ".png": "image",
    ".jpg": "image",
    ".jpeg": "image",
    ".pyc": "Python compilé, sans son code source",
    NOTEBOOK: "notebook Jupyter",
    TEXT: "fichier texte",
}
ARCHIVE_ADVICE = f"seules les archives {OPENED} sont ouvertes"
# Une archive d'un format que l'on ouvre, trouvée dans un rendu sans y être ouverte.
INNER_ARCHIVE = (
    "non ouverte : une archive n'est ouverte que si elle est seule, et pas dans une autre"
)

# Les cellules magiques dont le corps est du Python, exécuté tel quel.
PYTHON_CELL_MAGICS = {"time", "timeit", "capture", "prun"}
SHOWN_LIMIT = 6  # les fichiers reçus nommés dans une raison, au plus


@dataclass(frozen=True)
class Converted:
    """Le fichier ``.py`` écrit à partir de ce que l'étudiant a remis, et ce qu'en dit le retour."""

    path: Path
    remark: str


class NotANotebook(ValueError):
    """Le fichier ``.ipynb`` ne se lit pas comme un notebook ; le message dit pourquoi."""


def may_hold_code(path: Path) -> bool:
    """Un fichier qui peut contenir le code du TP sans être un ``.py`` : notebook ou texte."""
    return path.suffix.lower() in (NOTEBOOK, TEXT)


def is_code(path: Path) -> bool:
    """Un fichier à noter sans être un ``.py`` : un notebook, ou un ``.txt`` qui définit une
    fonction du TP."""
    suffix = path.suffix.lower()
    if suffix == TEXT:
        with contextlib.suppress(OSError), path.open("rb") as handle:
            return tp_functions(handle.read(MAX_READ)) > 0
        return False
    return suffix == NOTEBOOK


def kind(path: Path) -> str:
    """Ce qu'est une entrée reçue, en français.

    >>> kind(Path("tp.py.gz"))
    'archive gzip, non ouverte : seules les archives .zip, .tar (.gz, .bz2, .xz), .7z et .rar sont ouvertes'
    >>> kind(Path("tp.rar"))
    "archive RAR, non ouverte : une archive n'est ouverte que si elle est seule, et pas dans une autre"
    >>> kind(Path("rendu"))
    'fichier sans extension'
    """  # noqa: E501
    if path.is_dir():
        return "dossier vide" if not visible_children(path) else "dossier"
    fmt = archive_format(path)
    if fmt is not None:
        return f"{fmt.name}, {INNER_ARCHIVE}"
    suffix = path.suffix.lower()
    if not suffix:
        return "fichier sans extension"
    name = KINDS.get(suffix, "fichier")
    if name.startswith("archive "):
        return f"{name}, non ouverte : {ARCHIVE_ADVICE}"
    if suffix == TEXT:
        return "fichier texte, sans fonction du TP"
    if suffix == ".py":
        return "fichier Python, sans fonction du TP"
    if suffix == NOTEBOOK:
        return notebook_kind(path)
    return f"{name} ({suffix})" if name != "fichier" else f"fichier {suffix}"


def notebook_kind(path: Path) -> str:
    """Ce qu'est un notebook qui n'a pas été noté : illisible, ou sans fonction du TP."""
    try:
        python_text(path)
    except NotANotebook as error:
        return f"notebook Jupyter illisible : {error}"
    except OSError as error:
        return f"notebook Jupyter illisible : {error.strerror}"
    return "notebook Jupyter, sans fonction du TP"


def visible_children(folder: Path) -> list[Path]:
    with contextlib.suppress(OSError):
        return sorted(p for p in folder.iterdir() if not is_system_entry(p))
    return []


def received_files(folder: Path, depth: int = 0) -> list[Path]:
    """Les fichiers d'un dossier et de ses sous-dossiers (restes de système exclus), dans
    l'ordre alphabétique ; un dossier vide compte pour lui-même."""
    children = visible_children(folder)
    if not children:
        return [folder] if depth else []
    found: list[Path] = []
    for child in children:
        if child.is_dir() and not child.is_symlink() and depth + 1 < MAX_DEPTH:
            found += received_files(child, depth + 1)
        else:
            found.append(child)
    return found


def inventory(path: Path) -> str:
    """Ce qui a été reçu, pour la raison d'un rendu non noté.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     inventory(Path(folder))
    'reçu : un dossier vide'
    """
    if not path.is_dir():
        return f"reçu : {path.name} ({kind(path)})"
    files = received_files(path)
    if not files:
        return "reçu : un dossier vide"
    shown = [f"{file.relative_to(path)} ({kind(file)})" for file in files[:SHOWN_LIMIT]]
    more = len(files) - SHOWN_LIMIT
    if more > 0:
        shown.append(f"et {more} autre(s)")
    return one_line("reçu : " + ", ".join(shown))


# ---------------------------------------------------------------------------
# Les notebooks
# ---------------------------------------------------------------------------


def cell_lines(cell: dict, number: int) -> list[str]:
    """Les lignes d'une cellule : son texte (``source``) est une chaîne ou une liste de
    chaînes ; absent ou ``null``, la cellule est vide. Autre chose : :class:`NotANotebook`."""
    source = cell.get("source")
    if source is None:
        return []
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source).splitlines()
    if isinstance(source, str):
        return source.splitlines()
    raise NotANotebook(f"la cellule {number} n'a pas de texte lisible")


def notebook_json(data: bytes):
    """Le JSON d'un notebook ; :class:`NotANotebook` dit pourquoi il ne se lit pas."""
    if len(data) > MAX_READ:
        raise NotANotebook(f"il fait plus de {MAX_READ // 2**20} Mio")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise NotANotebook("il n'est pas en UTF-8") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise NotANotebook("son JSON est imbriqué trop profondément") from None
    except ValueError:
        raise NotANotebook("ce n'est pas du JSON") from None


def notebook_code(data: bytes, name: str) -> tuple[str, list[str]]:
    r"""Le code du notebook ``name``, cellule après cellule, et les lignes d'IPython retirées.

    La première ligne nomme le notebook ; chaque cellule de code commence par
    ``# %% cellule N``, N son rang parmi toutes les cellules (``grading/cells.py``) ;
    une ligne retirée devient une ligne vide.

    >>> cells = [{"cell_type": "markdown", "source": "# Mon TP"},
    ...          {"cell_type": "code", "source": ["%matplotlib inline\n", "x = 1"]}]
    >>> code, skipped = notebook_code(json.dumps({"cells": cells}).encode(), "tp.ipynb")
    >>> code
    '# %% notebook tp.ipynb\n# %% cellule 2\n\nx = 1\n'
    >>> skipped
    ['cellule 2 : %matplotlib inline']
    """
    notebook = notebook_json(data)
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise NotANotebook("il n'a pas de liste de cellules (format de notebook inconnu)")
    lines = [header(name)]
    skipped: list[str] = []
    for number, cell in enumerate(cells, 1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        lines.append(cell_line(number))
        lines += python_lines(cell_lines(cell, number), number, skipped)
    return "\n".join(lines) + "\n", skipped


def python_lines(lines: list[str], number: int, skipped: list[str]) -> list[str]:
    """Les lignes d'une cellule, sans ce qui n'est pas du Python (noté dans ``skipped``).

    Une cellule ``%%bash`` (ou toute autre cellule magique) est retirée en entier ;
    ``%%time`` et ses semblables ne perdent que leur première ligne.
    """
    first = lines[0].strip() if lines else ""
    if first.startswith("%%"):
        skipped.append(f"cellule {number} : {one_line(first)[:80]}")
        magic = re.match(r"%%(\w+)", first)
        if not (magic and magic.group(1) in PYTHON_CELL_MAGICS):
            return [""] * len(lines)
        lines = ["", *lines[1:]]
    kept = []
    for line in lines:
        if line.strip().startswith(("%", "!")):
            skipped.append(f"cellule {number} : {one_line(line.strip())[:80]}")
            kept.append("")
        else:
            kept.append(line)
    return kept


# ---------------------------------------------------------------------------
# Le code du TP hors d'un .py
# ---------------------------------------------------------------------------


def python_text(path: Path) -> tuple[bytes, str]:
    """Le code Python que contient un notebook ou un ``.txt``, et la phrase du retour."""
    with path.open("rb") as handle:
        data = handle.read(MAX_READ + 1)
    if path.suffix.lower() == TEXT:
        data = data[:MAX_READ]
        sentence = (
            f"{path.name} est un fichier texte qui contient du code Python : il est noté "
            "comme s'il s'appelait .py (rendez un fichier .py la prochaine fois)"
        )
        return data, sentence
    code, skipped = notebook_code(data, path.name)
    sentence = (
        f"{path.name} est un notebook Jupyter : ses cellules de code, dans l'ordre, sont "
        "notées (une cellule est nommée par son rang en partant du haut, celles de texte "
        "comprises)"
    )
    if skipped:
        sentence += " ; retiré (commandes d'IPython ou du shell) : " + ", ".join(skipped[:10])
        if len(skipped) > 10:
            sentence += f" et {len(skipped) - 10} autre(s)"
    return code.encode("utf-8"), sentence


def tp_functions(data: bytes) -> int:
    """Combien de fonctions du TP différentes un texte définit."""
    return len(set(TP_DEFINITION.findall(data)))


def candidates(path: Path) -> list[Path]:
    """Les notebooks puis les ``.txt`` d'un rendu (lui-même s'il est un fichier)."""
    files = [path] if path.is_file() else received_files(path)
    usable = [f for f in files if f.is_file() and not f.is_symlink() and may_hold_code(f)]
    return sorted(usable, key=lambda f: (f.suffix.lower() != NOTEBOOK, str(f)))


def fallback(path: Path, destination: Path) -> Converted | None:
    """Le code du TP d'un rendu qui n'a ni ``.py`` ni paquet du TP, écrit en ``.py`` dans
    ``destination`` : le notebook (sinon le ``.txt``) qui définit le plus de fonctions du
    TP, à égalité le premier par ordre alphabétique. None s'il n'y en a aucun."""
    found: list[tuple[int, Path, bytes, str]] = []
    for candidate in candidates(path):
        try:
            data, sentence = python_text(candidate)
        except (OSError, NotANotebook):
            continue
        count = tp_functions(data)
        if count:
            found.append((count, candidate, data, sentence))
    if not found:
        return None
    best = max(found, key=lambda item: (item[1].suffix.lower() == NOTEBOOK, item[0]))
    _, chosen, data, sentence = best
    destination.mkdir(parents=True, exist_ok=True)
    target = destination / (chosen.stem + ".py")
    target.write_bytes(data)
    with contextlib.suppress(OSError):
        stamp = chosen.stat().st_mtime
        os.utime(target, (stamp, stamp))
    others = [c.name for _, c, _, _ in found if c != chosen]
    if others:
        sentence += f" ; non noté(s) : {', '.join(others)}"
    return Converted(target, one_line(sentence))
