"""Où est le code d'un rendu : un fichier ``.py``, un paquet, ou un dossier qui le contient."""

from __future__ import annotations

import contextlib
from pathlib import Path


class SubmissionError(Exception):
    """La soumission désignée est introuvable ou inutilisable."""


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
        candidates = []
        for file in sorted(path.glob("*.py")):
            with contextlib.suppress(OSError, UnicodeDecodeError):
                if "def initialise_mines" in file.read_text(encoding="utf-8"):
                    candidates.append(file)
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
