"""Où est le code d'un rendu : un fichier ``.py``, un paquet, ou un dossier qui le contient."""

from __future__ import annotations

import ast
import contextlib
import os
import re
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from . import set_aside
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
    """Un fichier caché, un reste de système (``.DS_Store``, ``__MACOSX/``…) ou un dossier
    mis de côté (un environnement virtuel, un dossier d'outil : ``set_aside.py``)."""
    if path.name.startswith(".") or path.name in SYSTEM_NAMES:
        return True
    return set_aside_kind(path) is not None


def set_aside_kind(path: Path) -> str | None:
    """Ce qu'est ce dossier s'il est mis de côté (``set_aside.kind_of``) ; None pour un
    fichier, un lien, un dossier du rendu."""
    try:
        if path.is_symlink() or not path.is_dir():
            return None
    except OSError:
        return None
    return set_aside.kind_of(path)


MAX_DEPTH = 6  # la profondeur où l'on cherche encore le code d'un rendu


@dataclass(frozen=True)
class Version:
    """Un code du TP trouvé dans un rendu : un fichier ``.py`` ou un paquet."""

    kind: str  # ``file`` ou ``package``
    path: Path
    written: int  # les fonctions du TP qu'il écrit vraiment (pas seulement ``pass``…)
    modified: float  # sa date de modification (la plus récente de ses fichiers)
    # Un paquet : ses modules qui définissent des fonctions du TP (``package_modules``).
    modules: tuple[str, ...] = ()

    def rank(self, root: Path) -> tuple:
        """L'ordre de la règle : le plus de fonctions écrites, puis le plus récent, puis
        le premier chemin par ordre alphabétique."""
        return (-self.written, -self.modified, str(self.path.relative_to(root)))


@dataclass(frozen=True)
class Located:
    """Le code noté d'un rendu, et ce qu'on a trouvé autour.

    ``others`` : les autres versions du TP (non notées) ; ``auxiliaries`` : les modules
    auxiliaires d'un fichier, à côté de lui, qu'il importe (copiés et importés avec lui) ;
    ``modules`` : les modules d'un paquet qui définissent des fonctions du TP (notés à la
    place de celles que son ``__init__.py`` n'expose pas) ; ``set_aside`` : les dossiers
    d'environnement et d'outils passés pendant la recherche.
    """

    kind: str
    path: Path
    others: tuple[Path, ...] = ()
    root: Path | None = None
    auxiliaries: tuple[Path, ...] = ()
    modules: tuple[str, ...] = ()
    set_aside: set_aside.Tally = field(default_factory=set_aside.Tally, compare=False)

    def note(self) -> str | None:
        """La phrase qui dit quelle version est notée et pourquoi (None s'il n'y en a qu'une)."""
        others = [path for path in self.others if path not in self.auxiliaries]
        if not others or self.root is None:
            return None
        shown = ", ".join(shown_path(path, self.root) for path in others)
        return (
            f"Plusieurs versions du TP dans ce rendu : {shown_path(self.path, self.root)} est "
            f"notée (la règle : celle qui écrit le plus de fonctions du TP, à égalité la plus "
            f"récente, puis la première par ordre alphabétique) ; non notée(s) : {shown}."
        )

    def notes(self) -> list[str]:
        """Ce qu'il faut dire de ce qui a été trouvé : la version notée, ses modules
        auxiliaires, les dossiers mis de côté."""
        notes = [self.note(), auxiliaries_note(self.path, self.auxiliaries)]
        notes.append(self.set_aside.describe())
        return [note for note in notes if note]


# Les noms qu'un module auxiliaire ne peut pas prendre : ceux des modules que le processus
# de travail a déjà (le correcteur lui-même, et le rendu tel qu'il le nomme). Un module
# de la bibliothèque standard passe aussi avant un module auxiliaire du même nom.
TAKEN_NAMES = {"worker", "lockdown", "landlock", "rescue", "python_messages", "soumission"}


def auxiliaries_note(graded: Path, auxiliaries: tuple[Path, ...]) -> str | None:
    """La remarque sur les modules auxiliaires d'un fichier noté (None s'il n'en a pas) ;
    celui qui porte le nom d'un module de Python ou du correcteur n'est pas importé, et
    elle le dit."""
    if not auxiliaries:
        return None
    names = ", ".join(
        auxiliary.name + ("/" if auxiliary.is_dir() else "") for auxiliary in auxiliaries
    )
    note = f"Modules auxiliaires copiés avec {graded.name} et importés comme lui : {names}."
    hidden = [
        auxiliary for auxiliary in auxiliaries if auxiliary_name(auxiliary) in shadowing_names()
    ]
    if hidden:
        shown = ", ".join(
            auxiliary.name + ("/" if auxiliary.is_dir() else "") for auxiliary in hidden
        )
        note += (
            f" {shown} porte{'nt' if len(hidden) > 1 else ''} le nom d'un module de Python "
            "(ou du correcteur), qui est importé à sa place : renommez-le."
        )
    return note


def shadowing_names() -> set[str]:
    """Les noms de modules qui passent avant un module auxiliaire du rendu."""
    import sys

    return (
        set(getattr(sys, "stdlib_module_names", ())) | set(sys.builtin_module_names) | (TAKEN_NAMES)
    )


def auxiliary_name(path: Path) -> str:
    """Le nom sous lequel un module auxiliaire s'importe (``outils.py`` → ``outils``)."""
    return path.stem if path.is_file() else path.name


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

    Les dossiers d'environnement et d'outils (``.venv/``, ``.git/``…) ne sont pas
    parcourus (``set_aside.py``). Un fichier trouvé dans un dossier emporte les modules
    qu'il importe à côté de lui (``auxiliary_modules``) ; un fichier ``.py`` donné seul
    n'en a pas.
    """
    path = Path(path)
    if path.is_file() and is_python_file(path):
        return Located("file", path)
    if path.is_dir():
        if (path / "__init__.py").is_file():
            version = package_version(path)
            return Located("package", path, modules=version.modules)
        tally = set_aside.Tally()
        versions = list(find_versions(path, 0, tally))
        if versions:
            chosen, *others = sorted(versions, key=lambda version: version.rank(path))
            auxiliaries = auxiliary_modules(chosen.path) if chosen.kind == "file" else ()
            return Located(
                chosen.kind,
                chosen.path,
                tuple(v.path for v in others),
                path,
                auxiliaries=auxiliaries,
                modules=chosen.modules,
                set_aside=tally,
            )
    if not path.exists():
        raise SubmissionError(f"{path} n'existe pas")
    if path.is_dir():
        raise SubmissionError(
            f"aucun fichier .py de {path.name}, ni aucun paquet, ne définit une fonction du "
            f"TP (cherché jusqu'à {MAX_DEPTH} dossiers de profondeur)"
        )
    raise SubmissionError(f"{path.name} n'est ni un fichier .py, ni un dossier")


def find_versions(folder: Path, depth: int, tally: set_aside.Tally | None = None):
    """Les paquets et les fichiers du TP de ce dossier et de ses sous-dossiers ; un
    paquet est une version entière (on ne cherche pas d'autre version dedans). Les
    dossiers mis de côté sont comptés dans ``tally``, sans être parcourus."""
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return
    for child in children:
        with contextlib.suppress(OSError):
            kind = set_aside_kind(child)
            if kind is not None:
                if tally is not None:
                    tally.add(shown_path(child, child.parents[depth]).rstrip("/"), kind)
                continue
            yield from versions_in(child, depth, tally)


def versions_in(child: Path, depth: int, tally: set_aside.Tally | None = None):
    """Les versions que donne une entrée d'un dossier (voir :func:`find_versions`)."""
    if child.is_symlink() or is_system_entry(child):
        return
    if child.is_file() and is_python_file(child) and defines_the_tp(child):
        yield Version("file", child, written_functions([child]), modified([child]))
    elif child.is_dir() and (child / "__init__.py").is_file():
        version = package_version(child)
        if version.modules or defines_the_tp(child / "__init__.py"):
            yield version
    elif child.is_dir() and depth + 1 < MAX_DEPTH:
        yield from find_versions(child, depth + 1, tally)


PACKAGE_DEPTH = 20  # les sous-dossiers d'un paquet lus au plus, en profondeur


def package_files(package: Path) -> list[Path]:
    """Les fichiers ``.py`` d'un paquet, sous-dossiers compris (ni liens, ni dossiers mis
    de côté), par chemin."""
    found: list[Path] = []
    pending = [(package, 0)]
    while pending:
        folder, depth = pending.pop()
        try:
            children = sorted(folder.iterdir())
        except OSError:
            continue
        for child in children:
            with contextlib.suppress(OSError):
                if child.is_symlink():
                    continue
                if child.is_file() and child.suffix == ".py":
                    found.append(child)
                elif child.is_dir() and depth < PACKAGE_DEPTH and set_aside_kind(child) is None:
                    pending.append((child, depth + 1))
    return sorted(found)


def package_version(package: Path) -> Version:
    """Le paquet vu comme une version du TP : ses fonctions écrites, sa date, et ses
    modules qui définissent des fonctions du TP."""
    files = package_files(package)
    return Version(
        "package",
        package,
        written_functions(files),
        modified(files),
        package_modules(package, files),
    )


def package_modules(package: Path, files: list[Path]) -> tuple[str, ...]:
    """Les modules d'un paquet (hors ``__init__.py`` et ``__main__.py``, qui lance le jeu)
    qui définissent des fonctions du TP, par leur nom dans le paquet (``tp``,
    ``questions.q4``) : le premier est celui qui en écrit le plus, puis le plus récent,
    puis le premier par ordre alphabétique. Quand ``__init__.py`` n'expose pas une
    fonction du TP, elle est cherchée dans ces modules, dans cet ordre."""
    ranked = []
    for file in files:
        relative = file.relative_to(package).with_suffix("")
        if relative.name in ("__init__", "__main__") or "." in relative.name:
            continue
        if defines_the_tp(file):
            ranked.append((-written_functions([file]), -modified([file]), str(relative), relative))
    return tuple(".".join(relative.parts) for *_, relative in sorted(ranked))


# « import outils », « from outils import f », « import a, b as c » : le premier nom importé.
IMPORTED = re.compile(
    rb"^[ \t]*(?:from[ \t]+([A-Za-z_]\w*)|import[ \t]+([A-Za-z_][\w. \t,]*))", re.M
)
MAX_AUXILIARIES = 50  # les modules auxiliaires d'un fichier, au plus


def imported_names(file: Path) -> set[str]:
    """Les modules (de premier niveau) qu'un fichier importe par leur nom, même s'il ne se
    compile pas."""
    try:
        with file.open("rb") as handle:
            data = handle.read(MAX_READ)
    except OSError:
        return set()
    names = set()
    for origin, listed in IMPORTED.findall(data):
        if origin:
            names.add(origin.decode())
            continue
        for item in listed.decode().split(","):
            words = item.split()
            if words:
                names.add(words[0].split(".")[0])
    return names


def auxiliary_modules(graded: Path) -> tuple[Path, ...]:
    """Les modules auxiliaires d'un fichier : les fichiers ``.py`` et les paquets à côté de
    lui qu'il importe par leur nom (``import outils``), et ceux qu'ils importent à leur
    tour (au plus :data:`MAX_AUXILIARIES`), par nom."""
    siblings: dict[str, Path] = {}
    with contextlib.suppress(OSError):
        for child in sorted(graded.parent.iterdir()):
            if child == graded or child.is_symlink() or is_system_entry(child):
                continue
            if child.is_file() and child.suffix == ".py":
                siblings.setdefault(child.stem, child)
            elif child.is_dir() and (child / "__init__.py").is_file():
                siblings.setdefault(child.name, child)
    found: dict[str, Path] = {}
    pending = [graded]
    while pending and len(found) < MAX_AUXILIARIES:
        current = pending.pop()
        files = package_files(current) if current.is_dir() else [current]
        for file in files:
            for name in sorted(imported_names(file)):
                auxiliary = siblings.get(name)
                if auxiliary is not None and name not in found and len(found) < MAX_AUXILIARIES:
                    found[name] = auxiliary
                    pending.append(auxiliary)
    return tuple(sorted(found.values()))


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
