"""Où est le code d'un rendu : un fichier ``.py``, un paquet, ou un dossier qui le contient."""

from __future__ import annotations

import contextlib
from pathlib import Path


class SubmissionError(Exception):
    """La soumission désignée est introuvable ou inutilisable."""


MAX_READ = 5 * 2**20  # on ne lit pas plus d'un fichier pour savoir s'il contient le TP


def defines_the_tp(file: Path) -> bool:
    """Le fichier (ordinaire, pas un lien) définit-il ``initialise_mines`` ?"""
    if file.is_symlink() or not file.is_file():
        return False
    with contextlib.suppress(OSError), file.open("rb") as handle:
        return b"def initialise_mines" in handle.read(MAX_READ)
    return False


def resolve_submission(path: Path) -> tuple[str, Path]:
    """Le genre (``file`` ou ``package``) et le chemin du code d'une soumission.

    Une soumission est un fichier ``.py``, un dossier paquet (avec
    ``__init__.py``), un dossier qui contient un paquet ``tp_demineur/``, ou un
    dossier dont un seul fichier ``.py`` définit ``initialise_mines``.
    """
    path = Path(path)
    if path.is_file() and path.suffix == ".py":
        return "file", path
    if path.is_dir():
        if (path / "__init__.py").is_file():
            return "package", path
        if (path / "tp_demineur" / "__init__.py").is_file():
            return "package", path / "tp_demineur"
        candidates = [file for file in sorted(path.glob("*.py")) if defines_the_tp(file)]
        if len(candidates) == 1:
            return "file", candidates[0]
        if len(candidates) > 1:
            names = ", ".join(c.name for c in candidates)
            raise SubmissionError(f"plusieurs fichiers définissent initialise_mines ({names})")
    if not path.exists():
        raise SubmissionError(f"{path} n'existe pas")
    raise SubmissionError(
        f"{path} n'est ni un fichier .py, ni un paquet, ni un dossier contenant le TP"
    )
