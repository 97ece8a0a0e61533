"""Ce que contient le dossier d'une classe : un rendu par entrée, et rien de perdu en route.

Chaque fichier ou dossier du dossier de la classe devient un rendu (:class:`Entry`)
à noter, ou un rendu « non noté » avec sa raison (un ``.txt``, une archive
refusée…) ; seuls les restes de système et d'outils (``.DS_Store``, ``__MACOSX/``,
``.git/``…) sont mis de côté, et listés : un nom caché ou étrange (un participant
nommé « .. ») reste un rendu. Les entrées de l'export de Moodle d'un même participant
forment un seul rendu ; deux entrées d'un même étudiant hors Moodle
(``dupont.py`` et ``dupont/``) restent deux rendus, signalés l'un et l'autre.
"""

from __future__ import annotations

import collections
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from classroom import moodle, received
from classroom.archives import (
    OPENED,
    SUBMISSION_LIMITS,
    Extracted,
    UnreadableArchive,
    UnsafeArchive,
    archive_suffix,
    extract,
    is_archive,
)
from grading import set_aside
from grading.checks.common import folded
from grading.locate import (
    SYSTEM_NAMES,
    SubmissionError,
    is_python_file,
    is_system_entry,
    resolve_submission,
    set_aside_kind,
)
from grading.safe_text import one_line

# Les types de remise de Moodle autres que les fichiers, en français.
PLUGIN_NAMES = {"onlinetext": "texte en ligne", "comments": "commentaires"}


@dataclass
class Entry:
    """Un rendu de la classe : ce qu'il faut noter, ou pourquoi ce n'est pas possible."""

    student: str  # le nom de l'étudiant : celui de Moodle, sinon le nom du fichier ou du dossier
    paths: list[Path]  # ses entrées dans le dossier de la classe
    moodle: moodle.MoodleName | None = None
    problem: str | None = None  # pourquoi ce rendu ne peut pas être noté
    label: str = ""  # un nom unique dans la classe, pour ses fichiers de retour
    remarks: list[str] = field(default_factory=list)

    def __post_init__(self):
        self.student = one_line(self.student)  # un nom de fichier peut tout contenir

    @property
    def shown(self) -> str:
        """Les entrées du rendu telles qu'on les voit dans le dossier (``dupont/``, ``x.py``)."""
        names = ", ".join(path.name + ("/" if path.is_dir() else "") for path in self.paths)
        return one_line(names)


@dataclass
class ClassFolder:
    entries: list[Entry]
    ignored: list[Path]  # les restes de système, mis de côté


def not_a_submission(path: Path) -> str:
    """Pourquoi un fichier n'est pas un rendu : ce qu'il est, et ce qu'il faudrait."""
    return (
        f"ce n'est pas un rendu ({received.kind(path)}) : il faut un fichier .py, un notebook "
        f".ipynb, un dossier ou une archive ({OPENED})"
    )


def is_gradable_file(path: Path) -> bool:
    """Un fichier qui est un rendu : ``.py``, archive, notebook, ``.txt`` du TP."""
    return is_python_file(path) or is_archive(path) or received.is_code(path)


def list_class(
    folder: Path,
    refused: dict[str, str] | None = None,
    remarks: dict[str, list[str]] | None = None,
) -> ClassFolder:
    """Les rendus du dossier de la classe, dans l'ordre alphabétique (Élodie avant Farid).

    ``refused`` : les rendus touchés par une entrée refusée de l'archive de la classe
    (``nom`` pour un fichier, ``nom/`` pour un dossier → raison) ; chacun est « non
    noté » avec sa raison, même si rien n'en a été extrait. ``remarks`` : ce que l'archive
    de la classe dit d'un rendu (nom → remarques : ses dossiers mis de côté, ses entrées
    non extraites).

    Une entrée qui ne se laisse pas examiner (un nom ou un fichier illisible) devient un
    rendu « non noté » avec sa raison : elle n'arrête jamais la classe.
    """
    refused = refused or {}
    remarks = remarks or {}
    reasons: dict[Path, str] = {}
    found = {path: path.is_dir() for path in folder.iterdir()}
    for key, reason in refused.items():
        path = folder / key.rstrip("/")
        found.setdefault(path, key.endswith("/"))
        reasons[path] = f"une entrée de l'archive de la classe est refusée : {reason}"
    entries: list[Entry] = []
    ignored: list[Path] = []
    participants: dict[str, list[tuple[Path, moodle.MoodleName]]] = {}
    for path, is_dir in sorted(found.items(), key=lambda item: folded(item[0].name)):
        try:
            if is_leftover(path, is_dir) and path not in reasons:
                ignored.append(path)
                continue
            named = moodle.parse(path.name, is_dir)
            if named is not None:
                participants.setdefault(named.participant, []).append((path, named))
            elif is_dir or path in reasons or is_gradable_file(path):
                entries.append(Entry(student=student_name(path, is_dir), paths=[path]))
            else:
                entries.append(
                    Entry(
                        student=student_name(path, is_dir),
                        paths=[path],
                        problem=not_a_submission(path),
                    )
                )
        except Exception as error:  # un seul rendu en pâtit, jamais la classe
            problem = f"cette entrée n'a pas pu être examinée ({unexpected(error)})"
            entries.append(Entry(student_name(path, is_dir), paths=[path], problem=problem))
    entries += [moodle_entry(items) for items in participants.values()]
    for entry in entries:
        problems = [reasons[path] for path in entry.paths if path in reasons]
        if problems:
            entry.problem = problems[0]
        entry.remarks += [note for path in entry.paths for note in remarks.get(path.name, [])]
    entries.sort(key=lambda e: (folded(e.student), folded(e.shown)))
    mark_duplicates(entries)
    give_labels(entries)
    return ClassFolder(entries, ignored)


def unexpected(error: BaseException) -> str:
    """Une erreur inattendue, dite à l'enseignant : son type, et son message s'il en a un
    (coupé, sur une ligne)."""
    try:
        detail = one_line(str(error))[:200]
    except Exception:
        detail = ""
    kind = type(error).__name__
    return f"erreur inattendue {kind} : {detail}" if detail else f"erreur inattendue {kind}"


def is_leftover(path: Path, is_dir: bool) -> bool:
    """Un reste de système ou d'outil, mis de côté (et listé) plutôt que noté.

    Un nom caché n'en est pas un pour autant : un participant de Moodle nommé « .. »,
    un dossier « .dupont », un « .tp.py » sont des rendus, notés ou expliqués. Seuls le
    sont les noms de système (``.DS_Store``, ``__MACOSX``…), les fichiers « ._ » de
    macOS, les dossiers d'environnement et d'outils (``.git``, ``.venv``, un dossier qui
    contient ``pyvenv.cfg`` : ``grading/set_aside.py``) et les fichiers cachés qui ne
    sont pas des rendus.

    >>> is_leftover(Path(".DS_Store"), False), is_leftover(Path(".git"), True)
    (True, True)
    >>> is_leftover(Path(".._1234_assignsubmission_file_"), True), is_leftover(Path("..."), True)
    (False, False)
    """
    if not is_system_entry(path):
        return False
    name = path.name
    if name in SYSTEM_NAMES or name.startswith("._"):
        return True
    if is_dir and (set_aside.folder_kind(name) or set_aside_kind(path)):
        return True
    if moodle.parse(name, is_dir) is not None:
        return False
    return not (is_dir or is_python_file(path) or is_archive(path))


def student_name(path: Path, is_dir: bool) -> str:
    """Le nom d'un étudiant d'après son entrée : le dossier, ou le fichier sans son
    extension (``dupont.tar.gz`` : ``dupont``)."""
    if is_dir:
        return path.name
    fmt = archive_suffix(path)
    return path.name[: -len(fmt)] if fmt and len(path.name) > len(fmt) else path.stem


def moodle_entry(items: list[tuple[Path, moodle.MoodleName]]) -> Entry:
    """Le rendu d'un participant de Moodle, fait de toutes ses entrées dans l'export."""
    files = [named for _, named in items if named.plugin == moodle.FILE_PLUGIN]
    named = files[0] if files else items[0][1]
    entry = Entry(student=named.name, paths=[path for path, _ in items], moodle=named)
    if not files:
        kinds = sorted({PLUGIN_NAMES.get(n.plugin, n.plugin) for _, n in items})
        entry.problem = f"aucun fichier remis dans Moodle (seulement : {', '.join(kinds)})"
    return entry


def mark_duplicates(entries: list[Entry]):
    """Deux entrées d'un même étudiant (hors Moodle) : chacune le signale."""
    groups = collections.defaultdict(list)
    for entry in entries:
        if entry.moodle is None:
            groups[entry.student.casefold()].append(entry)
    for group in groups.values():
        if len(group) > 1:
            shown = ", ".join(e.shown for e in group)
            for entry in group:
                entry.remarks.append(
                    f"{len(group)} rendus pour {entry.student} ({shown}) : chacun est noté à "
                    "part, gardez le bon"
                )


# La longueur d'un nom de fichier de sortie, en octets (UTF-8) : les systèmes de
# fichiers en permettent 255, il reste de la place pour « (2) » et « .json ».
LABEL_BYTES = 120


def file_label(name: str) -> str:
    """Un nom de rendu, utilisable comme nom de fichier sur tout système : sur une ligne,
    sans caractère interdit, d'au plus :data:`LABEL_BYTES` octets.

    >>> file_label('=HYPERLINK("x")')
    '=HYPERLINK(_x_)'
    >>> len(file_label("é" * 300).encode())
    120
    """
    label = re.sub(r'[/\\:*?"<>|]', "_", one_line(name)).strip(" .")
    label = label.encode("utf-8")[:LABEL_BYTES].decode("utf-8", "ignore").strip(" .")
    return label or "rendu"


def give_labels(entries: list[Entry]):
    """Un nom unique par rendu (même sans distinguer majuscules et minuscules)."""
    counts = collections.Counter(e.student.casefold() for e in entries if e.moodle is None)
    seen: set[str] = set()
    for entry in entries:
        if entry.moodle is not None:
            label = f"{entry.moodle.name}_{entry.moodle.participant}"
        elif counts[entry.student.casefold()] > 1:
            path = entry.paths[0]
            label = f"{path.name} (dossier)" if path.is_dir() else path.name
        else:
            label = entry.student
        label = file_label(label)
        unique, number = label, 2
        while unique.casefold() in seen:
            unique, number = f"{label} ({number})", number + 1
        seen.add(unique.casefold())
        entry.label = unique


# ---------------------------------------------------------------------------
# Préparer un rendu : le chemin à donner au correcteur
# ---------------------------------------------------------------------------


def prepare(entry: Entry, workdir: Path) -> Path | None:
    """Le chemin du code à noter (archives extraites dans ``workdir``) ; None si impossible.

    En cas d'échec, ``entry.problem`` dit pourquoi. Quoi que contienne le rendu (une
    archive piégée, un notebook mal formé), rien n'en sort d'autre : une erreur
    inattendue ne coûte que ce rendu, « non noté » avec sa raison.
    """
    if entry.problem is not None:
        return None
    try:
        candidate = gather(entry, workdir)
        candidate = open_lone_archive(entry, candidate, workdir / f"{entry.label} (archive)")
        return tp_code(entry, candidate, workdir / f"{entry.label} (converti)")
    except UnreadableArchive as error:
        entry.problem = str(error)
    except UnsafeArchive as error:
        entry.problem = f"archive refusée : {error}"
    except Exception as error:
        entry.problem = f"ce rendu n'a pas pu être lu ({unexpected(error)})"
    return None


def tp_code(entry: Entry, candidate: Path, destination: Path) -> Path | None:
    """Le code du TP du rendu : ses ``.py`` ou son paquet, sinon son notebook ou son ``.txt``
    qui contient du Python (``received.py``, la remarque dit lequel). None s'il n'y en a
    aucun : ``entry.problem`` nomme alors ce qui a été reçu."""
    if has_tp_code(candidate):
        return candidate
    converted = received.fallback(candidate, destination)
    if converted is None:
        entry.problem = f"aucun code du TP trouvé : {received.inventory(candidate)}"
        return None
    entry.remarks.append(converted.remark)
    return converted.path


def has_tp_code(candidate: Path) -> bool:
    """Le rendu a-t-il un fichier ``.py`` ou un paquet du TP (``locate``) ?"""
    if received.may_hold_code(candidate):
        return False
    try:
        resolve_submission(candidate)
    except SubmissionError:
        return False
    return True


def unpacked(entry: Entry, archive: Path, destination: Path) -> Path:
    """Extrait une archive du rendu ; les remarques du rendu listent ses dossiers mis de côté
    et ses entrées non extraites."""
    extracted: Extracted = extract(archive, destination, SUBMISSION_LIMITS)
    entry.remarks += [f"{archive.name} : {note[0].lower()}{note[1:]}" for note in extracted.notes()]
    return extracted.folder


def gather(entry: Entry, workdir: Path) -> Path:
    """Le fichier ou le dossier du rendu ; les fichiers d'un export à plat réunis en un dossier."""
    if entry.moodle is None:
        path = entry.paths[0]
        if is_archive(path):
            return unpacked(entry, path, workdir / entry.label)
        return path
    files = [
        (path, named)
        for path in entry.paths
        if (named := moodle.parse(path.name, path.is_dir())).plugin == moodle.FILE_PLUGIN
    ]
    if len(files) == 1 and files[0][0].is_dir():
        return files[0][0]
    folder = workdir / entry.label
    folder.mkdir(parents=True)
    for path, named in files:
        if path.is_dir():
            shutil.copytree(path, folder, dirs_exist_ok=True, symlinks=True, ignore=set_aside_names)
        else:
            shutil.copy2(path, folder / named.file)  # la date compte dans la règle de locate
    return folder


def set_aside_names(folder: str, names: list[str]) -> list[str]:
    """Les dossiers mis de côté parmi ``names`` (pour ``shutil.copytree``) : jamais copiés."""
    return [name for name in names if set_aside_kind(Path(folder, name)) is not None]


def open_lone_archive(entry: Entry, candidate: Path, destination: Path) -> Path:
    """Un dossier sans code du TP (ni ``.py``, ni paquet) et une seule archive : c'est elle,
    le rendu (l'export de Moodle d'un rendu zippé, le dépôt Gradescope d'une archive et
    d'un PDF)."""
    if not candidate.is_dir() or has_tp_code(candidate):
        return candidate
    archives = [p for p in candidate.iterdir() if not is_system_entry(p) and is_archive(p)]
    if len(archives) == 1:
        return unpacked(entry, archives[0], destination)
    return candidate
