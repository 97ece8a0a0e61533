"""Où est le code d'un rendu : un fichier ``.py``, un paquet, ou un dossier qui le contient."""

from __future__ import annotations

import contextlib
import re
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


def resolve_submission(path: Path) -> tuple[str, Path]:
    """Le genre (``file`` ou ``package``) et le chemin du code d'une soumission.

    Une soumission est un fichier ``.py``, un dossier paquet (avec
    ``__init__.py``), un dossier qui contient un paquet ``tp_demineur/``, ou un
    dossier dont un seul fichier ``.py`` définit des fonctions du TP. Un dossier
    où rien de tout cela n'est trouvé est aussi cherché un niveau plus bas : le
    rendu rangé dans un dossier de trop (``dupont/TP/tp_demineur/``, une archive
    qui contient son propre dossier) est trouvé, s'il est seul.
    """
    path = Path(path)
    if path.is_file() and is_python_file(path):
        return "file", path
    if path.is_dir():
        found = resolve_folder(path)
        if found is not None:
            return found
        nested = []
        for child in sorted(path.iterdir()):
            if child.is_dir() and not child.is_symlink() and not is_system_entry(child):
                with contextlib.suppress(SubmissionError):
                    found = resolve_folder(child)
                    if found is not None:
                        nested.append(found)
        if len(nested) == 1:
            return nested[0]
        if len(nested) > 1:
            names = ", ".join(str(code.relative_to(path)) for _, code in nested)
            raise SubmissionError(f"plusieurs rendus possibles dans {path.name} ({names})")
    if not path.exists():
        raise SubmissionError(f"{path} n'existe pas")
    raise SubmissionError(
        f"{path.name} n'est ni un fichier .py, ni un paquet, ni un dossier contenant le TP"
    )


def resolve_folder(path: Path) -> tuple[str, Path] | None:
    """Le code d'un dossier, sans descendre dans ses sous-dossiers (None : rien trouvé)."""
    if (path / "__init__.py").is_file():
        return "package", path
    if (path / "tp_demineur" / "__init__.py").is_file():
        return "package", path / "tp_demineur"
    candidates = [
        file
        for file in sorted(path.iterdir())
        if is_python_file(file) and not is_system_entry(file) and defines_the_tp(file)
    ]
    if len(candidates) == 1:
        return "file", candidates[0]
    if len(candidates) > 1:
        names = ", ".join(c.name for c in candidates)
        raise SubmissionError(f"plusieurs fichiers définissent des fonctions du TP ({names})")
    return None
