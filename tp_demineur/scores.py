"""Les meilleurs temps, gardés dans un petit fichier JSON de l'utilisateur.

Le fichier est ``$XDG_DATA_HOME/tp_demineur/meilleurs_temps.json`` (ou
``~/.local/share/…`` sans ``XDG_DATA_HOME``). Il garde les cinq meilleurs temps
de chaque plateau (largeur, hauteur, mines), qu'il soit d'un niveau ou non :

    {"format": 1, "temps": {"9x9-10": [{"secondes": 42.3, "date": "2026-11-23",
                                        "graine": 1234}]}}

Il est écrit d'un coup (un fichier temporaire renommé), si bien qu'une partie
arrêtée en pleine écriture ne le laisse jamais à moitié écrit. Un fichier
illisible ou qu'on ne peut pas écrire lève ``ScoresError`` : le jeu l'ignore
en prévenant d'une ligne, sans jamais s'arrêter.
"""

import json
import os
import re
import tempfile
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from .levels import LEVELS

FOLDER = "tp_demineur"
FILE_NAME = "meilleurs_temps.json"
FORMAT = 1
KEEP = 5  # meilleurs temps gardés par plateau
KEY = re.compile(r"([0-9]+)x([0-9]+)-([0-9]+)")


@dataclass(frozen=True)
class BestTime:
    seconds: float
    date: str  # AAAA-MM-JJ
    seed: int | None = None


Table = dict[str, list[BestTime]]


class Problem(Enum):
    NO_FOLDER = "pas de dossier personnel"
    UNREADABLE = "illisible"
    CORRUPT = "abîmé"
    UNWRITABLE = "impossible à écrire"


class ScoresError(Exception):
    """Le fichier des meilleurs temps ne peut pas servir ; ``problem`` dit pourquoi."""

    def __init__(self, problem: Problem, path: Path | None, detail: str) -> None:
        super().__init__(f"{problem.name}: {path}: {detail}")
        self.problem = problem
        self.path = path
        self.detail = detail

    def warning(self) -> str:
        """L'avertissement d'une ligne montré au joueur."""
        if self.problem is Problem.NO_FOLDER:
            return f"Attention, meilleurs temps non gardés : {self.detail}."
        what = {
            Problem.UNREADABLE: "ne peut pas être lu",
            Problem.CORRUPT: "est abîmé",
            Problem.UNWRITABLE: "ne peut pas être écrit",
        }[self.problem]
        return (
            f"Attention, meilleurs temps ignorés : le fichier {self.path} {what} ({self.detail})."
        )


def board_key(width: int, height: int, mines: int) -> str:
    """La clé d'un plateau dans le fichier.

    >>> board_key(30, 16, 99)
    '30x16-99'
    """
    return f"{width}x{height}-{mines}"


def scores_path(environ: dict[str, str] | None = None) -> Path:
    """Le chemin du fichier, d'après ``XDG_DATA_HOME`` ou, à défaut, ``HOME``.

    Comme le veut la spécification XDG, un ``XDG_DATA_HOME`` vide ou relatif
    est ignoré.

    >>> str(scores_path({"XDG_DATA_HOME": "/d"}))
    '/d/tp_demineur/meilleurs_temps.json'
    >>> str(scores_path({"XDG_DATA_HOME": "relatif", "HOME": "/home/ada"}))
    '/home/ada/.local/share/tp_demineur/meilleurs_temps.json'
    """
    environ = os.environ if environ is None else environ
    data_home = environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(data_home):
        home = environ.get("HOME", "")
        if not os.path.isabs(home):
            raise ScoresError(Problem.NO_FOLDER, None, "ni XDG_DATA_HOME ni HOME n'est défini")
        data_home = os.path.join(home, ".local", "share")
    return Path(data_home) / FOLDER / FILE_NAME


def is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def table_from_json(data: object) -> Table:
    """La table des meilleurs temps d'un fichier lu ; ``ValueError`` s'il est mal formé."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"ce n'est pas un fichier de format {FORMAT}")
    boards = data.get("temps")
    if not isinstance(boards, dict):
        raise ValueError("il manque la table « temps »")
    table: Table = {}
    for key, entries in boards.items():
        if not KEY.fullmatch(key) or not isinstance(entries, list):
            raise ValueError(f"plateau « {key} » mal écrit")
        table[key] = []
        for entry in entries:
            if not (
                isinstance(entry, dict)
                and is_number(entry.get("secondes"))
                and entry["secondes"] >= 0
                and isinstance(entry.get("date"), str)
                and (entry.get("graine") is None or type(entry.get("graine")) is int)
            ):
                raise ValueError(f"temps mal écrit pour le plateau « {key} »")
            seconds, seed = float(entry["secondes"]), entry.get("graine")
            table[key].append(BestTime(seconds, entry["date"], seed))
    return table


def table_to_json(table: Table) -> dict[str, object]:
    return {
        "format": FORMAT,
        "temps": {
            key: [
                {"secondes": entry.seconds, "date": entry.date, "graine": entry.seed}
                for entry in entries
            ]
            for key, entries in table.items()
        },
    }


def load(path: Path) -> Table:
    """La table du fichier ; vide s'il n'existe pas encore."""
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return {}  # pas encore de fichier (l'écriture dira s'il ne peut pas y en avoir)
    except (OSError, UnicodeDecodeError) as error:
        raise ScoresError(Problem.UNREADABLE, path, reason(error)) from None
    try:
        return table_from_json(json.loads(text))
    except json.JSONDecodeError:
        raise ScoresError(Problem.CORRUPT, path, "ce n'est pas du JSON") from None
    except ValueError as error:
        raise ScoresError(Problem.CORRUPT, path, str(error)) from None


def save(path: Path, table: Table) -> None:
    """Écrit la table d'un coup : un fichier temporaire du même dossier, puis renommé."""
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(prefix=".meilleurs_temps.", dir=path.parent)
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            json.dump(table_to_json(table), stream, ensure_ascii=False, indent=1)
            stream.write("\n")
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except OSError as error:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        raise ScoresError(Problem.UNWRITABLE, path, reason(error)) from None


def reason(error: Exception) -> str:
    """La raison d'une erreur du système, en français pour les plus courantes."""
    if isinstance(error, PermissionError):
        return "permission refusée"
    if isinstance(error, IsADirectoryError):
        return "c'est un dossier"
    if isinstance(error, NotADirectoryError):
        return "un élément du chemin n'est pas un dossier"
    if isinstance(error, UnicodeDecodeError):
        return "ce n'est pas du texte UTF-8"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return type(error).__name__


def add(table: Table, key: str, entry: BestTime) -> int | None:
    """Ajoute un temps à la table ; renvoie son rang (1 pour le meilleur), ou
    ``None`` s'il ne fait pas partie des ``KEEP`` meilleurs.

    >>> table = {}
    >>> add(table, "9x9-10", BestTime(50.0, "2026-01-01"))
    1
    >>> add(table, "9x9-10", BestTime(40.0, "2026-01-02"))
    1
    >>> [entry.seconds for entry in table["9x9-10"]]
    [40.0, 50.0]
    """
    entries = table.setdefault(key, [])
    rank = sum(other.seconds <= entry.seconds for other in entries)  # à égalité, l'ancien d'abord
    entries.insert(rank, entry)
    del entries[KEEP:]
    return rank + 1 if rank < KEEP else None


def key_sizes(key: str) -> tuple[int, int, int]:
    """Largeur, hauteur et mines d'une clé de plateau (déjà vérifiée par ``load``).

    >>> key_sizes("30x16-99")
    (30, 16, 99)
    """
    match = KEY.fullmatch(key)
    if match is None:
        raise ValueError(f"plateau « {key} » mal écrit")
    width, height, mines = (int(part) for part in match.groups())
    return width, height, mines


def key_order(key: str) -> tuple[int, int, int, int]:
    """Les niveaux d'abord (dans leur ordre), puis les autres plateaux par taille."""
    width, height, mines = key_sizes(key)
    sizes = [(level.width, level.height, level.mines) for level in LEVELS]
    rank = sizes.index((width, height, mines)) if (width, height, mines) in sizes else len(sizes)
    return rank, width, height, mines
