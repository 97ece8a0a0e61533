"""Les commandes des guides : chaque ligne des blocs ```sh de ``README.md`` et de ``docs/*.md``.

Une ligne est une commande (une ligne finie par « \\ » continue sur la suivante ; un « # »
hors des guillemets commence un commentaire). Un bloc précédé de la ligne
``<!-- test_docs : dans le kit -->`` se tape dans le dossier du kit étudiant, les autres à
la racine du dépôt. ``test_docs.py`` lance ou vérifie chacune ; ``test_isolation_field.py``
lance la commande du conteneur de ``docs/securite.md`` comme elle tourne sous Docker.

>>> [c.words for c in parse("x.md", "Texte\\n```sh\\npython -m pytest   # tout\\n```\\n")]
[['python', '-m', 'pytest']]
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KIT_MARK = "<!-- test_docs : dans le kit -->"
FENCE = "```"


@dataclass(frozen=True)
class Command:
    """Une commande d'un guide, avec sa place et son bloc."""

    doc: str  # le guide, relatif à la racine du dépôt
    line: int  # sa première ligne dans le guide
    text: str
    block: tuple[str, ...]  # les commandes de son bloc, dans l'ordre
    in_kit: bool  # à taper dans le dossier du kit étudiant

    @property
    def words(self) -> list[str]:
        return shlex.split(self.text, comments=True)

    def __str__(self) -> str:
        return f"{self.doc}:{self.line} : {self.text}"


def guides() -> list[Path]:
    """Le README et chaque guide de ``docs/``."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def parse(doc: str, text: str) -> list[Command]:
    """Les commandes des blocs ```sh de ``text``."""
    found: list[list[tuple[int, str]]] = []
    kit_blocks: list[bool] = []
    lines = text.splitlines()
    inside = False
    previous = ""
    pending = ""
    start = 0
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not inside:
            if stripped == FENCE + "sh":
                inside = True
                found.append([])
                kit_blocks.append(previous == KIT_MARK)
            elif stripped:
                previous = stripped
            continue
        if stripped == FENCE:
            inside = False
            continue
        if pending:
            pending += " " + stripped
        else:
            start, pending = number, stripped
        if pending.endswith("\\"):
            pending = pending[:-1].rstrip()
            continue
        if shlex.split(pending, comments=True):
            found[-1].append((start, pending))
        pending = ""
    commands = []
    for block, in_kit in zip(found, kit_blocks):
        texts = tuple(text for _, text in block)
        commands += [Command(doc, line, text, texts, in_kit) for line, text in block]
    return commands


def commands() -> list[Command]:
    """Toutes les commandes de tous les guides."""
    found = []
    for path in guides():
        found += parse(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
    return found


def container_command() -> tuple[list[str], list[str]]:
    """La commande du conteneur de ``docs/securite.md`` (``docker run … sh -c '…'``) : ce
    qu'elle lance dans le conteneur, coupé en l'installation et la notation."""
    found = [c for c in commands() if c.doc == "docs/securite.md" and c.words[0] == "docker"]
    assert len(found) == 1, found
    words = found[0].words
    assert words[-3:-1] == ["sh", "-c"], words
    install, grading = words[-1].split(" && ")
    return shlex.split(install), shlex.split(grading)
