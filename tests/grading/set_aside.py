"""Ce qu'un rendu emporte sans le vouloir : environnements virtuels et dossiers d'outils.

Un étudiant zippe souvent tout son dossier de travail : l'environnement virtuel que le
kit lui fait créer (``.venv/``, des milliers de fichiers), le dépôt git, les réglages de
son éditeur. Ces dossiers ne sont jamais le rendu : ils sont mis de côté **avant**
qu'aucune limite ne soit comptée (nombre de fichiers et taille d'une archive, de la
copie privée), jamais lus ni extraits, et listés dans une remarque.

Un dossier est mis de côté par son nom (:data:`FOLDERS`, sans distinguer majuscules et
minuscules), ou par ce qu'il contient : ``pyvenv.cfg`` (un environnement virtuel, quel
que soit son nom), ``conda-meta/`` (conda), ``cas_publics.json`` (les tests du kit).

>>> folder_kind(".venv"), folder_kind("Node_Modules"), folder_kind("tp_demineur")
('environnement virtuel Python', 'paquets JavaScript', None)
"""

from __future__ import annotations

import collections
from pathlib import Path, PurePosixPath

VENV = "environnement virtuel Python"
# Le nom d'un dossier (en minuscules) → ce qu'il est, dit à l'étudiant et à l'enseignant.
FOLDERS = {
    ".venv": VENV,
    "venv": VENV,
    ".env": VENV,
    "env": VENV,
    "site-packages": "paquets Python installés",
    "dist-packages": "paquets Python installés",
    "__pycache__": "fichiers compilés de Python",
    ".git": "dépôt git",
    ".hg": "dépôt Mercurial",
    ".svn": "copie Subversion",
    ".idea": "réglages de PyCharm",
    ".vscode": "réglages de VS Code",
    "node_modules": "paquets JavaScript",
    ".ipynb_checkpoints": "sauvegardes de Jupyter",
    ".pytest_cache": "cache de pytest",
    ".mypy_cache": "cache de mypy",
    ".ruff_cache": "cache de ruff",
    ".hypothesis": "exemples gardés par hypothesis",
    ".tox": "environnements de tox",
    ".nox": "environnements de nox",
    "__macosx": "restes d'archive de macOS",
    ".trashes": "corbeille de macOS",
    ".fseventsd": "journal de macOS",
    ".spotlight-v100": "index de macOS",
}
# Un dossier qui contient l'un de ces noms est mis de côté, quel que soit le sien : un
# environnement Python, ou les tests du kit (le kit zippé en entier : son correcteur
# n'est pas un rendu, même si un de ses modules a une fonction main).
KIT_CASES = "cas_publics.json"  # le fichier des cas publics, dans les tests du kit
MARKERS = {
    "pyvenv.cfg": VENV,
    "conda-meta": "environnement conda",
    KIT_CASES: "tests publics du kit",
}
# Mis de côté sans être listés : ce que Python et macOS laissent partout, sans que
# l'étudiant y soit pour rien (les dossiers que le correcteur a toujours ignorés).
UNLISTED = {"__pycache__", "__macosx"}


def folder_kind(name: str) -> str | None:
    """Ce qu'est un dossier de ce nom s'il est mis de côté (None : c'est un dossier du rendu)."""
    return FOLDERS.get(name.casefold())


def kind_of(folder: Path) -> str | None:
    """Ce qu'est ce dossier (réel, pas un lien) s'il est mis de côté : par son nom, ou par
    ce qu'il contient (``pyvenv.cfg``, ``conda-meta/``) ; None sinon."""
    kind = folder_kind(folder.name)
    if kind is not None:
        return kind
    for marker, marked in MARKERS.items():
        try:
            if (folder / marker).exists():
                return marked
        except OSError:
            continue
    return None


def environments(paths: list[PurePosixPath]) -> dict[PurePosixPath, str]:
    """Les dossiers d'une archive qui sont des environnements Python, d'après la liste de
    ses entrées (le dossier qui contient ``pyvenv.cfg`` ou ``conda-meta/``) → ce qu'ils sont."""
    found = {}
    for path in paths:
        for index, part in enumerate(path.parts):
            kind = MARKERS.get(part)
            if kind is not None and index > 0:
                found.setdefault(PurePosixPath(*path.parts[:index]), kind)
    return found


def member_root(
    path: PurePosixPath, found: dict[PurePosixPath, str]
) -> tuple[PurePosixPath, str] | None:
    """Le dossier mis de côté le plus haut qui contient cette entrée d'archive (elle-même
    si c'est ce dossier), et ce qu'il est ; None si l'entrée est à extraire.

    >>> member_root(PurePosixPath("kit/.venv/bin/python"), {})
    (PurePosixPath('kit/.venv'), 'environnement virtuel Python')
    >>> member_root(PurePosixPath("kit/mon_env/lib/x.py"), {PurePosixPath("kit/mon_env"): VENV})
    (PurePosixPath('kit/mon_env'), 'environnement virtuel Python')
    """
    for index in range(1, len(path.parts) + 1):
        prefix = PurePosixPath(*path.parts[:index])
        kind = found.get(prefix) or folder_kind(path.parts[index - 1])
        if kind is not None:
            return prefix, kind
    return None


class Tally:
    """Les dossiers mis de côté d'un rendu, et combien de fichiers chacun contenait."""

    def __init__(self):
        # chemin → (ce qu'il est, ses fichiers : None s'ils n'ont pas été comptés)
        self.folders: dict[str, tuple[str, int | None]] = {}

    def add(self, root: PurePosixPath | str, kind: str, files: int | None = None) -> None:
        """Un dossier mis de côté ; ``files`` : les fichiers qu'il contenait, s'ils sont
        connus (ceux d'une archive, que l'on voit passer)."""
        shown = str(root)
        known_kind, count = self.folders.get(shown, (kind, None))
        if files is not None:
            count = (count or 0) + files
        self.folders[shown] = (known_kind, count)

    def extend(self, other: Tally) -> None:
        for root, (kind, count) in other.folders.items():
            self.add(root, kind, count)

    def __bool__(self) -> bool:
        return bool(self.folders)

    def describe(self) -> str | None:
        """La remarque qui les liste (None s'il n'y a rien à dire) : chaque dossier et ce
        qu'il est ; plusieurs dossiers de même nom, comptés ensemble.

        >>> tally = Tally()
        >>> tally.add("kit/.venv", VENV, 2543)
        >>> tally.add("kit/.git", "dépôt git", 12)
        >>> tally.add("kit/tests/__pycache__", "fichiers compilés de Python", 3)
        >>> print(tally.describe())
        Mis de côté avant la notation, sans être lus (ni comptés dans les limites) : kit/.git/ (dépôt git, 12 fichiers), kit/.venv/ (environnement virtuel Python, 2 543 fichiers)
        """  # noqa: E501
        by_name: dict[str, list[tuple[str, str, int]]] = collections.defaultdict(list)
        for root, (kind, count) in self.folders.items():
            name = PurePosixPath(root).name
            if name.casefold() not in UNLISTED:
                by_name[name].append((root, kind, count))
        if not by_name:
            return None
        parts = []
        for name in sorted(by_name, key=str.casefold):
            found = by_name[name]
            counts = [count for _, _, count in found if count is not None]
            if len(found) == 1:
                shown = f"{found[0][0]}/"
            else:
                shown = f"{len(found)} dossiers {name}/"
            detail = f", {count_text(sum(counts))}" if counts else ""
            parts.append(f"{shown} ({found[0][1]}{detail})")
        return (
            "Mis de côté avant la notation, sans être lus (ni comptés dans les limites) : "
            + ", ".join(parts)
        )


def count_text(files: int) -> str:
    """Un nombre de fichiers, en français.

    >>> count_text(1), count_text(2543)
    ('1 fichier', '2 543 fichiers')
    """
    number = f"{files:,}".replace(",", " ")
    return f"{number} fichier" + ("s" if files > 1 else "")
