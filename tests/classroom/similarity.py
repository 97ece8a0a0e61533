"""Les rendus qui se ressemblent : un signal pour l'enseignant, jamais une note.

Chaque paire de rendus notés est comparée par copydetect (l'algorithme de MOSS,
le « winnowing » : des empreintes de suites de 25 lexèmes), une dépendance
facultative du côté de l'enseignant (``pip install -e ".[similarite]"``). Le code
est comparé après que les noms, les textes et les commentaires ont été effacés
(un copier-coller renommé se voit), et les empreintes forment un ensemble
(l'ordre des fonctions ne compte pas). Ce que le kit donne à tous (ses
documentations, ses signatures) est retiré des empreintes avant la comparaison.

Sans copydetect, ``similar_pairs`` renvoie None et la page le dit.
"""

from __future__ import annotations

import csv
import io
import logging
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from classroom.spreadsheet import text_cell
from grading.locate import locate

NOISE, WINDOW = 25, 6  # une suite de 25 lexèmes au moins ; toute suite de 30 est vue
SIGNAL = 0.5  # la part de code partagée à partir de laquelle une paire est montrée
MAX_CHARS = 200_000  # le code d'un rendu lu pour la comparaison
INSTALL = 'pip install -e ".[similarite]"'


@dataclass
class Pair:
    """Deux rendus et le code qu'ils partagent."""

    first: str  # le nom (label) du premier rendu
    second: str
    shares: tuple[float, float]  # la part du code de chacun qui se retrouve dans l'autre
    passages: tuple[list[tuple[int, int]], list[tuple[int, int]]]  # (début, fin) dans chacun
    codes: tuple[str, str]

    @property
    def score(self) -> float:
        return max(self.shares)


def submission_code(path: Path) -> str | None:
    """Le code noté d'un rendu (le fichier, ou les modules du paquet bout à bout)."""
    try:
        located = locate(path)
        files = [located.path] if located.kind == "file" else sorted(located.path.glob("*.py"))
        text = "\n".join(f.read_text(encoding="utf-8", errors="replace") for f in files)
    except Exception:  # un rendu illisible n'est simplement pas comparé
        return None
    return text[:MAX_CHARS]


def similar_pairs(codes: dict[str, str], boilerplate: str) -> list[Pair] | None:
    """Chaque paire de rendus, de la plus semblable à la moins semblable ; None sans
    copydetect. ``boilerplate`` : le code que tous ont reçu (le tp.py du kit)."""
    # copydetect importe matplotlib, qui écrirait son cache de polices dans le dossier de
    # l'utilisateur : grade_class n'écrit rien hors du dossier des notes.
    cache = tempfile.mkdtemp(prefix="noter-classe-matplotlib-")
    os.environ.setdefault("MPLCONFIGDIR", cache)
    os.environ.setdefault("MPLBACKEND", "Agg")
    try:
        from copydetect.detector import CodeFingerprint, compare_files
    except ImportError:
        return None
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    logging.getLogger().setLevel(logging.ERROR)  # copydetect parle d'un fichier vide

    def fingerprint(name: str, code: str, ignored=None):
        try:
            return CodeFingerprint(
                f"{name}.py", NOISE, WINDOW, boilerplate=ignored, fp=io.StringIO(code)
            )
        except Exception:  # un code que le découpage en lexèmes ne lit pas
            return None

    kit = fingerprint("kit", boilerplate)
    ignored = sorted(kit.hashes) if kit is not None else None
    prints = {name: fingerprint(name, code, ignored) for name, code in codes.items()}
    names = sorted(name for name, found in prints.items() if found is not None)
    pairs = []
    for index, first in enumerate(names):
        for second in names[index + 1 :]:
            _, shares, slices = compare_files(prints[first], prints[second])
            passages = tuple(
                [(int(start), int(end)) for start, end in zip(*found)] for found in slices
            )
            pairs.append(
                Pair(
                    first,
                    second,
                    (float(shares[0]), float(shares[1])),
                    passages,
                    (prints[first].raw_code, prints[second].raw_code),
                )
            )
    return sorted(pairs, key=lambda pair: (-pair.score, pair.first, pair.second))


class Comparison:
    """``similar_pairs`` calculée dans un fil à part, pendant que la classe est notée :
    copydetect n'occupe qu'un cœur, et ne fait plus attendre la fin de la notation."""

    def __init__(self, codes: dict[str, str], boilerplate: str):
        self.pairs: list[Pair] | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        # Un fil « démon » : un Ctrl-C pendant la notation n'attend pas la comparaison.
        thread = threading.Thread(
            target=self.run, args=(codes, boilerplate), name="comparaison", daemon=True
        )
        thread.start()

    def run(self, codes: dict[str, str], boilerplate: str) -> None:
        try:
            self.pairs = similar_pairs(codes, boilerplate)
        except BaseException as error:  # relevée par among
            self.error = error
        finally:
            self.done.set()

    def among(self, names: set[str]) -> list[Pair] | None:
        """Les paires dont les deux rendus sont dans ``names`` (les rendus notés), dans
        le même ordre ; None sans copydetect."""
        self.done.wait()
        if self.error is not None:
            raise self.error
        if self.pairs is None:
            return None
        return [pair for pair in self.pairs if pair.first in names and pair.second in names]


def kit_skeleton() -> str:
    """Le tp.py du kit : la référence sans ses solutions (ce que chaque étudiant a reçu)."""
    from classroom import kit

    return kit.kit_tp_text(Path(__file__).resolve().parents[2])


def write_csv(path: Path, pairs: list[Pair]) -> None:
    """Toutes les paires, de la plus semblable à la moins semblable (UTF-8 avec BOM,
    « ; » et virgule décimale, comme notes.csv)."""
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(["rendu 1", "rendu 2", "part de 1 dans 2", "part de 2 dans 1"])
        for pair in pairs:
            shares = [f"{share:.2f}".replace(".", ",") for share in pair.shares]
            writer.writerow([text_cell(pair.first), text_cell(pair.second), *shares])
