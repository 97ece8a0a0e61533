"""Où est le code d'un rendu : un fichier ``.py``, un paquet, ou un dossier qui le contient."""

from __future__ import annotations

import ast
import contextlib
import os
import re
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from .contract import NAMES

# Ce que les systèmes et les archives glissent à côté d'un rendu : jamais un rendu.
SYSTEM_NAMES = {"__MACOSX", "__pycache__", ".DS_Store", "Thumbs.db", "desktop.ini"}


class SubmissionError(Exception):
    """La soumission désignée est introuvable ou inutilisable."""


MAX_READ = 5 * 2**20  # on ne lit pas plus d'un fichier pour savoir s'il contient le TP


# « def » suivi du nom d'une fonction du TP, en début de ligne.
TP_DEFINITION = re.compile(
    rb"^[ \t]*def[ \t]+(%s)[ \t]*\(" % b"|".join(name.encode() for name in NAMES), re.M
)


def defines_the_tp(file: Path) -> bool:
    """Le fichier (ordinaire, pas un lien) définit-il au moins une fonction du TP ?

    Un TP à moitié écrit (``is_coord_ok`` seule) est un rendu : il sera noté.
    Les octets sont lus tels quels : un fichier écrit en Windows-1252 compte aussi.
    """
    if file.is_symlink() or not file.is_file():
        return False
    with contextlib.suppress(OSError), file.open("rb") as handle:
        return TP_DEFINITION.search(handle.read(MAX_READ)) is not None
    return False


def is_python_file(path: Path) -> bool:
    """Un fichier ``.py``, quelle que soit la casse de l'extension (``TP.PY`` compte).

    >>> is_python_file(Path("dupont.PY"))
    True
    """
    return path.suffix.lower() == ".py"


def is_system_entry(path: Path) -> bool:
    """Un fichier caché ou un reste de système (``.DS_Store``, ``__MACOSX/``…)."""
    return path.name.startswith(".") or path.name in SYSTEM_NAMES


MAX_DEPTH = 6  # la profondeur où l'on cherche encore le code d'un rendu


@dataclass(frozen=True)
class Version:
    """Un code du TP trouvé dans un rendu : un fichier ``.py`` ou un paquet."""

    kind: str  # ``file`` ou ``package``
    path: Path
    written: int  # les fonctions du TP qu'il écrit vraiment (pas seulement ``pass``…)
    modified: float  # sa date de modification (la plus récente de ses fichiers)

    def rank(self, root: Path) -> tuple:
        """L'ordre de la règle : le plus de fonctions écrites, puis le plus récent, puis
        le premier chemin par ordre alphabétique."""
        return (-self.written, -self.modified, str(self.path.relative_to(root)))


@dataclass(frozen=True)
class Located:
    """Le code noté d'un rendu, et les autres versions trouvées (non notées)."""

    kind: str
    path: Path
    others: tuple[Path, ...] = ()
    root: Path | None = None

    def note(self) -> str | None:
        """La phrase qui dit quelle version est notée et pourquoi (None s'il n'y en a qu'une)."""
        if not self.others or self.root is None:
            return None
        shown = ", ".join(shown_path(path, self.root) for path in self.others)
        return (
            f"Plusieurs versions du TP dans ce rendu : {shown_path(self.path, self.root)} est "
            f"notée (la règle : celle qui écrit le plus de fonctions du TP, à égalité la plus "
            f"récente, puis la première par ordre alphabétique) ; non notée(s) : {shown}."
        )


def shown_path(path: Path, root: Path) -> str:
    return str(path.relative_to(root)) + ("/" if path.is_dir() else "")


def resolve_submission(path: Path) -> tuple[str, Path]:
    """Le genre (``file`` ou ``package``) et le chemin du code d'une soumission (voir
    :func:`locate`)."""
    located = locate(path)
    return located.kind, located.path


def locate(path: Path) -> Located:
    """Le code à noter d'une soumission, quelle que soit sa profondeur.

    Une soumission est un fichier ``.py``, un paquet (un dossier avec
    ``__init__.py``), ou un dossier où l'on cherche, jusqu'à :data:`MAX_DEPTH`
    niveaux, les paquets et les fichiers ``.py`` qui définissent des fonctions du TP
    (``martin/rendu/TP/tp_demineur/`` est trouvé). S'il y en a plusieurs (``tp.py``
    et ``tp_final.py``), la règle choisit, et la même à chaque fois : celui qui écrit
    le plus de fonctions du TP (une fonction réduite à ``pass`` ou à ``raise
    NotImplementedError`` ne compte pas), à égalité le plus récent, puis le premier
    chemin par ordre alphabétique ; les autres sont listés (:meth:`Located.note`).
    """
    path = Path(path)
    if path.is_file() and is_python_file(path):
        return Located("file", path)
    if path.is_dir():
        if (path / "__init__.py").is_file():
            return Located("package", path)
        versions = list(find_versions(path, 0))
        if versions:
            chosen, *others = sorted(versions, key=lambda version: version.rank(path))
            return Located(chosen.kind, chosen.path, tuple(v.path for v in others), path)
    if not path.exists():
        raise SubmissionError(f"{path} n'existe pas")
    if path.is_dir():
        raise SubmissionError(
            f"aucun fichier .py de {path.name}, ni aucun paquet, ne définit une fonction du "
            f"TP (cherché jusqu'à {MAX_DEPTH} dossiers de profondeur)"
        )
    raise SubmissionError(f"{path.name} n'est ni un fichier .py, ni un dossier")


def find_versions(folder: Path, depth: int):
    """Les paquets et les fichiers du TP de ce dossier et de ses sous-dossiers ; un
    paquet est une version entière (on ne cherche pas d'autre version dedans)."""
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return
    for child in children:
        with contextlib.suppress(OSError):
            yield from versions_in(child, depth)


def versions_in(child: Path, depth: int):
    """Les versions que donne une entrée d'un dossier (voir :func:`find_versions`)."""
    if child.is_symlink() or is_system_entry(child):
        return
    if child.is_file() and is_python_file(child) and defines_the_tp(child):
        yield Version("file", child, written_functions([child]), modified([child]))
    elif child.is_dir() and (child / "__init__.py").is_file():
        files = [f for f in child.rglob("*.py") if f.is_file() and not f.is_symlink()]
        if any(defines_the_tp(f) for f in files):
            yield Version("package", child, written_functions(files), modified(files))
    elif child.is_dir() and depth + 1 < MAX_DEPTH:
        yield from find_versions(child, depth + 1)


def written_functions(files: list[Path]) -> int:
    """Combien de fonctions du TP ces fichiers écrivent vraiment (un fichier qui ne se
    compile pas compte chaque fonction qu'il définit)."""
    written: set[str] = set()
    for file in files:
        try:
            with file.open("rb") as handle:
                data = handle.read(MAX_READ)  # jamais plus : un rendu peut être énorme
        except OSError:
            continue
        try:
            tree = ast.parse(data)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            written.update(match.decode() for match in TP_DEFINITION.findall(data))
            continue
        written.update(
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name in NAMES and not is_stub(node)
        )
    return len(written)


def is_stub(function: ast.FunctionDef) -> bool:
    r"""Une fonction pas encore écrite : docstring, ``pass``, ``...`` ou ``raise`` seulement.

    >>> is_stub(ast.parse("def f():\n    'Doc.'\n    raise NotImplementedError").body[0])
    True
    """
    body = [
        statement
        for statement in function.body
        if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant))
    ]
    return all(isinstance(statement, (ast.Pass, ast.Raise)) for statement in body)


def keep_date(target: Path, info: zipfile.ZipInfo) -> None:
    """Un fichier extrait d'une archive garde la date qu'elle lui donne : la règle qui
    choisit entre deux versions la compare."""
    with contextlib.suppress(OverflowError, ValueError, OSError):
        stamp = time.mktime((*info.date_time, 0, 0, -1))
        os.utime(target, (stamp, stamp))


def modified(files: list[Path]) -> float:
    dates = []
    for file in files:
        with contextlib.suppress(OSError):
            dates.append(file.stat().st_mtime)
    return max(dates, default=0.0)
