"""Les rendus qui se ressemblent : un signal pour l'enseignant, jamais une note.

Chaque paire de rendus notés est comparée par copydetect (l'algorithme de MOSS,
le « winnowing » : des empreintes de suites de 25 lexèmes), une dépendance
facultative du côté de l'enseignant (``pip install -e ".[similarite]"``). Le code
est comparé après que les noms, les textes et les commentaires ont été effacés
(un copier-coller renommé se voit), et les empreintes forment un ensemble
(l'ordre des fonctions ne compte pas). Ce que le kit donne à tous (ses
documentations, ses signatures) est retiré des empreintes avant la comparaison.

Ce qui est comparé d'un rendu (``submission_code``) : le fichier noté, ou chaque module
du paquet, à toute profondeur, sans suivre aucun lien symbolique ; au plus
:data:`MAX_BYTES` octets lus par rendu (un lien vers ``/dev/zero`` n'est pas lu) ; les
commentaires et les lignes vides retirés avant de couper le code à :data:`MAX_CHARS`
caractères (``grading/source_text.py``). Un rendu noté dont le code n'a pas pu être
comparé est listé comme tel, avec la raison (``similarite.csv``, la console, la page).

Chaque fichier est lu dans son encodage (``source_text.decoded`` : celui qu'il déclare,
sinon UTF-8, sinon Windows-1252) ; un rendu qui n'est pas en UTF-8 le dit sur la page.
Dans chaque code, les lignes recopiées du kit (:func:`kit_ranges`) sont repérées : la
page les replie, pour ouvrir les rendus côte à côte sur ce qu'ils partagent.

Sans copydetect, ``similar_pairs`` renvoie None et la page le dit.
"""

from __future__ import annotations

import csv
import difflib
import hashlib
import io
import logging
import os
import sys
import threading
import types
from dataclasses import dataclass
from pathlib import Path

from classroom.spreadsheet import text_cell
from grading.locate import locate
from grading.source_text import code_only, decoded, python_files, read_bounded

NOISE, WINDOW = 25, 6  # une suite de 25 lexèmes au moins ; toute suite de 30 est vue
SIGNAL = 0.5  # la part de code partagée à partir de laquelle une paire est montrée
MAX_BYTES = 2**20  # les octets lus au plus d'un rendu (tous ses modules ensemble)
MAX_CHARS = 200_000  # le code comparé d'un rendu, sans commentaires ni lignes vides
INSTALL = 'pip install -e ".[similarite]"'
KIT_BLOCK = 2  # les lignes du kit repérées : des suites d'au moins 2 lignes, dans l'ordre


@dataclass
class Pair:
    """Deux rendus et le code qu'ils partagent."""

    first: str  # le nom (label) du premier rendu
    second: str
    shares: tuple[float, float]  # la part du code de chacun qui se retrouve dans l'autre
    passages: tuple[list[tuple[int, int]], list[tuple[int, int]]]  # (début, fin) dans chacun
    codes: tuple[str, str]
    # Dans chaque code, les lignes recopiées du kit (début, fin), hors ``def`` et ``class``.
    kit: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
    # Comment chaque code a été lu, s'il n'est pas en UTF-8 (``source_text.decoded``).
    encodings: tuple[str | None, str | None] = (None, None)

    @property
    def score(self) -> float:
        return max(self.shares)


@dataclass
class Code:
    """Le code d'un rendu pour la comparaison ; ``remark`` : pourquoi il n'est pas comparé
    (``text`` vaut None), ou ce qui n'en a pas été lu ; ``encoding`` : comment il a été
    lu, s'il n'est pas en UTF-8 (« lu en cp1252 (pas en UTF-8) », précédé du nom du
    module pour un paquet)."""

    text: str | None
    remark: str | None = None
    encoding: str | None = None


def submission_code(path: Path) -> Code:
    """Le code noté d'un rendu (le fichier, ou chaque module du paquet), sans commentaires."""
    try:
        located = locate(path)
    except Exception as error:  # un rendu introuvable n'est pas comparé
        return Code(None, f"code introuvable ({error})")
    if os.path.islink(located.path):
        return Code(None, "le code est un lien symbolique, non suivi")
    if located.kind == "file":
        files, skipped = [located.path], []
        root = located.path.parent
    else:
        files, skipped = python_files(located.path)
        root = located.path
    parts, encodings, left = [], [], MAX_BYTES
    for file in files:
        name = file.relative_to(root).as_posix()
        if left <= 0:
            skipped.append(f"{name} (plus de {MAX_BYTES // 2**20} Mio lus)")
            continue
        data, why = read_bounded(file, left)
        if data is None:
            skipped.append(f"{name} ({why})")
            continue
        left -= len(data)
        if left <= 0:
            skipped.append(f"la fin de {name} (plus de {MAX_BYTES // 2**20} Mio lus)")
        source, encoding = decoded(data, truncated=left <= 0)
        if encoding is not None:
            encodings.append(encoding if located.kind == "file" else f"{name} : {encoding}")
        parts.append(code_only(source))
    text = "\n".join(part for part in parts if part)
    encoding = "; ".join(encodings) or None
    notes = [f"non lu : {', '.join(skipped)}"] if skipped else []
    if len(text) > MAX_CHARS:
        notes.append(f"comparé sur ses {MAX_CHARS:,} premiers caractères".replace(",", " "))
        text = text[:MAX_CHARS]
    if not text:
        return Code(None, "aucun code lisible" + (f" ({'; '.join(notes)})" if notes else ""))
    return Code(text, "; ".join(notes) or None, encoding)


def kit_ranges(code: str, kit: str) -> list[tuple[int, int]]:
    """Les lignes de ``code`` recopiées du kit (``kit`` : son code, sans commentaires), en
    (début, fin) : les suites d'au moins :data:`KIT_BLOCK` lignes identiques à des lignes
    du kit dans le même ordre, sauf les lignes ``def`` et ``class`` (elles disent où l'on
    est dans le code).

    >>> code = "x = 1\\ndef f():\\n    'Doc.'\\n    'Suite.'\\n    return 2"
    >>> kit_ranges(code, "def f():\\n    'Doc.'\\n    'Suite.'\\n    raise")
    [(15, 38)]
    """
    lines = code.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    matcher = difflib.SequenceMatcher(None, kit.split("\n"), lines, autojunk=False)
    found: list[tuple[int, int]] = []
    for block in matcher.get_matching_blocks():
        if block.size < KIT_BLOCK:
            continue
        for index in range(block.b, block.b + block.size):
            if lines[index].lstrip().startswith(("def ", "class ")):
                continue
            start, end = starts[index], starts[index] + len(lines[index])
            if found and found[-1][1] + 1 == start:
                start = found.pop()[0]
            found.append((start, end))
    return found


# Les modules que copydetect importe pour ses graphiques (``copydetect.detector`` les
# importe en tête), que grade_class ne trace jamais.
PLOTTING = ("matplotlib", "matplotlib.pyplot")


def stable_hash(text: str) -> int:
    """Un entier de 64 bits tiré de ``text``, le même à chaque lancement (celui de
    ``hash()`` change d'un processus à l'autre, avec ``PYTHONHASHSEED``)."""
    digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return int.from_bytes(digest, "little", signed=True)


def comparison_functions():
    """``CodeFingerprint`` et ``compare_files`` de copydetect, sans matplotlib : le temps
    de l'import, un module vide tient sa place. Importé, matplotlib coûtait 2 s de calcul
    à chaque classe (la plupart pour son cache de polices, qu'il aurait de plus écrit dans
    le dossier de l'utilisateur). ImportError sans copydetect.

    copydetect empreinte chaque suite de lexèmes par ``hash()`` : les parts partagées
    changeaient un peu d'un lancement à l'autre (0,955 ou 0,958 pour la même paire). Ses
    empreintes sont faites par ``stable_hash`` : la même classe donne le même
    ``similarite.csv``."""
    placeholders = {}
    for name in PLOTTING:
        if name not in sys.modules:
            placeholders[name] = sys.modules[name] = types.ModuleType(name)
    if "matplotlib" in placeholders and "matplotlib.pyplot" in placeholders:
        placeholders["matplotlib"].pyplot = placeholders["matplotlib.pyplot"]
    try:
        from copydetect import utils
        from copydetect.detector import CodeFingerprint, compare_files
    finally:
        for name, module in placeholders.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
    utils.hash = stable_hash  # le seul hash() de copydetect, dans utils.hashed_kgrams
    return CodeFingerprint, compare_files


def similar_pairs(
    codes: dict[str, str],
    boilerplate: str,
    failed: dict[str, str] | None = None,
    encodings: dict[str, str] | None = None,
) -> list[Pair] | None:
    """Chaque paire de rendus, de la plus semblable à la moins semblable ; None sans
    copydetect. ``boilerplate`` : le code que tous ont reçu (le tp.py du kit). Un code que
    copydetect ne découpe pas en lexèmes est noté dans ``failed`` (nom → raison) ;
    ``encodings`` : comment chaque code a été lu, s'il n'est pas en UTF-8 (nom → texte)."""
    try:
        CodeFingerprint, compare_files = comparison_functions()
    except ImportError:
        return None
    logging.getLogger().setLevel(logging.ERROR)  # copydetect parle d'un fichier vide

    def fingerprint(name: str, code: str, ignored=None):
        try:
            return CodeFingerprint(
                f"{name}.py", NOISE, WINDOW, boilerplate=ignored, fp=io.StringIO(code)
            )
        except Exception:  # un code que le découpage en lexèmes ne lit pas
            return None

    kit_code = code_only(boilerplate)
    kit = fingerprint("kit", kit_code)
    ignored = sorted(kit.hashes) if kit is not None else None
    prints = {name: fingerprint(name, code, ignored) for name, code in codes.items()}
    names = sorted(name for name, found in prints.items() if found is not None)
    given = {name: kit_ranges(prints[name].raw_code, kit_code) for name in names}
    encodings = encodings or {}
    if failed is not None:
        for name in sorted(set(prints) - set(names)):
            failed[name] = "copydetect n'a pas pu découper son code en lexèmes"
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
                    (given[first], given[second]),
                    (encodings.get(first), encodings.get(second)),
                )
            )
    return sorted(pairs, key=lambda pair: (-pair.score, pair.first, pair.second))


class Comparison:
    """``similar_pairs`` calculée dans un fil à part, pendant que la classe est notée :
    copydetect n'occupe qu'un cœur, et ne fait plus attendre la fin de la notation."""

    def __init__(self, codes: dict[str, Code], boilerplate: str):
        self.pairs: list[Pair] | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        # Ce qui n'a pas pu être comparé, ou pas en entier, et pourquoi (nom → raison).
        self.remarks = {name: code.remark for name, code in codes.items() if code.remark}
        self.failed: dict[str, str] = {}
        self.encodings = {name: code.encoding for name, code in codes.items() if code.encoding}
        texts = {name: code.text for name, code in codes.items() if code.text is not None}
        # Un fil « démon » : un Ctrl-C pendant la notation n'attend pas la comparaison.
        thread = threading.Thread(
            target=self.run, args=(texts, boilerplate), name="comparaison", daemon=True
        )
        thread.start()

    def run(self, codes: dict[str, str], boilerplate: str) -> None:
        try:
            self.pairs = similar_pairs(codes, boilerplate, self.failed, self.encodings)
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

    def notes(self, names: set[str]) -> dict[str, str]:
        """Pour les rendus ``names`` (les rendus notés) : ceux qui n'ont pas été comparés
        (« non comparé : … ») ou pas en entier, avec la raison (nom → remarque)."""
        self.done.wait()
        notes = {}
        for name in sorted(names):
            reasons = [r for r in (self.remarks.get(name), self.failed.get(name)) if r]
            if not reasons:
                continue
            compared = self.pairs is not None and any(
                name in (pair.first, pair.second) for pair in self.pairs
            )
            notes[name] = ("comparé en partie : " if compared else "non comparé : ") + "; ".join(
                reasons
            )
        return notes


def kit_skeleton() -> str:
    """Le tp.py du kit : la référence sans ses solutions (ce que chaque étudiant a reçu)."""
    from classroom import kit

    return kit.kit_tp_text(Path(__file__).resolve().parents[2])


def write_csv(path: Path, pairs: list[Pair], notes: dict[str, str] | None = None) -> None:
    """Toutes les paires, de la plus semblable à la moins semblable (UTF-8 avec BOM,
    « ; » et virgule décimale, comme notes.csv), puis une ligne par rendu noté qui n'a pas
    été comparé, ou pas en entier (``notes`` : nom → remarque), sans part."""
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(["rendu 1", "rendu 2", "part de 1 dans 2", "part de 2 dans 1", "remarque"])
        for pair in pairs:
            shares = [f"{share:.2f}".replace(".", ",") for share in pair.shares]
            writer.writerow([text_cell(pair.first), text_cell(pair.second), *shares, ""])
        for name, note in (notes or {}).items():
            writer.writerow([text_cell(name), "", "", "", text_cell(note)])
