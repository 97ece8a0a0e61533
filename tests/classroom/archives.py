"""Extraire une archive sans risque : ``.zip``, ``.tar`` (``.gz``, ``.bz2``, ``.xz``), ``.7z``
et ``.rar`` ; rien hors de son dossier, aucun lien, des plafonds.

Chaque archive est lue par une bibliothèque ou un outil faits pour elle : ``zipfile`` et
``tarfile`` (bibliothèque standard) ; pour ``.7z`` et ``.rar``, ``bsdtar`` (libarchive,
paquet ``libarchive-tools`` de Debian et d'Ubuntu), qui en écrit le contenu en archive
tar sur un tube, relue ici par ``tarfile`` : ``bsdtar`` n'écrit aucun fichier (sa
limite de taille de fichier est 0), et ce qu'il envoie est vérifié et compté comme
une archive tar. Le format est reconnu à ses premiers octets, pas à son nom (une
archive RAR renommée en ``.zip`` est lue comme RAR).

Toutes les entrées sont vérifiées avant la première écriture : aucun chemin absolu ni
``..``, aucun lien (symbolique ou physique), aucun fichier spécial, aucune entrée
chiffrée ; puis le nombre d'entrées, la taille de chacune et la taille totale. Pendant
l'extraction, les octets réellement écrits sont comptés (un en-tête peut mentir) ; un
flux décompressé (tar compressé, sortie de ``bsdtar``) est borné lui aussi, en taille et
en taux de compression (une « bombe » est arrêtée avant d'être décompressée en entier).

Les dossiers d'environnement et d'outils (``.venv/``, ``.git/``… : ``grading/set_aside.py``)
sont mis de côté **avant** qu'aucune limite ne soit comptée : jamais lus ni extraits, et
listés (:attr:`Extracted.set_aside`). Une archive refusée lève :class:`UnsafeArchive`,
dont le message (en français) dit pourquoi : le rendu est alors « non noté » avec cette
raison, et rien n'est extrait.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import io
import lzma
import os
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import time
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from grading import set_aside
from grading.locate import SYSTEM_NAMES
from grading.safe_text import one_line

MIB = 2**20


@dataclass(frozen=True)
class ArchiveLimits:
    """Les plafonds d'une extraction."""

    max_files: int  # entrées de l'archive (hors dossiers mis de côté)
    max_bytes: int  # taille totale, une fois décompressée (hors dossiers mis de côté)
    max_ratio: int  # taille décompressée / taille compressée, pour une entrée de plus de 1 Mio

    @property
    def max_entries(self) -> int:
        """Les entrées lues au plus, dossiers mis de côté compris (un environnement virtuel
        en compte des milliers ; au-delà, l'archive n'est pas lue du tout)."""
        return 100 * self.max_files

    @property
    def max_stream(self) -> int:
        """Les octets décompressés lus au plus d'un flux (tar compressé, ``bsdtar``), dossiers
        mis de côté compris."""
        return 10 * self.max_bytes


# L'archive d'un étudiant : un TP tient en quelques fichiers de quelques Kio.
SUBMISSION_LIMITS = ArchiveLimits(max_files=1_000, max_bytes=50 * MIB, max_ratio=100)
# L'export de toute une classe (Moodle) : des dizaines de rendus, parfois des PDF.
CLASS_LIMITS = ArchiveLimits(max_files=50_000, max_bytes=2_000 * MIB, max_ratio=100)
# Un flux décompressé plus petit que ceci n'est jamais une bombe, quel que soit son taux.
STREAM_FLOOR = 8 * MIB


class UnsafeArchive(Exception):
    """L'archive ne peut pas être extraite sans risque ; le message dit pourquoi."""


class UnsafeMember(UnsafeArchive):
    """Une entrée de l'archive ne peut pas être extraite sans risque (les autres, si).

    Dans l'archive d'une classe, elle ne coûte que le rendu où elle se trouve.
    """


class UnreadableArchive(UnsafeArchive):
    """L'archive ne peut pas être lue ici (l'outil qui la lit manque, ou elle est abîmée) ;
    le message est la raison entière, à montrer telle quelle."""


# ---------------------------------------------------------------------------
# Les formats
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Format:
    """Un format d'archive : son nom en français, et comment il est lu."""

    name: str  # « archive RAR »
    reader: str  # zip, tar, gz, bz2, xz ou bsdtar


ZIP = Format("archive ZIP", "zip")
TAR = Format("archive tar", "tar")
TAR_GZ = Format("archive tar.gz", "gz")
TAR_BZ2 = Format("archive tar.bz2", "bz2")
TAR_XZ = Format("archive tar.xz", "xz")
SEVEN_ZIP = Format("archive 7-Zip", "bsdtar")
RAR = Format("archive RAR", "bsdtar")
# La fin du nom (en minuscules) → le format ; les plus longues d'abord.
SUFFIXES = {
    ".tar.gz": TAR_GZ,
    ".tar.bz2": TAR_BZ2,
    ".tar.xz": TAR_XZ,
    ".zip": ZIP,
    ".tar": TAR,
    ".tgz": TAR_GZ,
    ".tbz2": TAR_BZ2,
    ".tbz": TAR_BZ2,
    ".txz": TAR_XZ,
    ".7z": SEVEN_ZIP,
    ".rar": RAR,
}
# Les premiers octets de chaque format (une archive tar a « ustar » à l'octet 257).
MAGIC = [
    (b"PK\x03\x04", ZIP),
    (b"PK\x05\x06", ZIP),  # une archive .zip vide
    (b"Rar!\x1a\x07", RAR),
    (b"7z\xbc\xaf\x27\x1c", SEVEN_ZIP),
    (b"\x1f\x8b", TAR_GZ),
    (b"BZh", TAR_BZ2),
    (b"\xfd7zXZ\x00", TAR_XZ),
]
# Ce que l'enseignant peut installer pour lire les archives .7z et .rar.
BSDTAR_PACKAGE = "bsdtar (paquet libarchive-tools)"
OPENED = ".zip, .tar (.gz, .bz2, .xz), .7z et .rar"


def archive_format(path: Path) -> Format | None:
    """Le format d'archive que dit le nom d'un fichier (None : ce n'en est pas une).

    >>> archive_format(Path("TP.TAR.GZ")).name, archive_format(Path("rendu.py"))
    ('archive tar.gz', None)
    """
    suffix = archive_suffix(path)
    return SUFFIXES[suffix] if suffix else None


def archive_suffix(path: Path) -> str | None:
    """La fin du nom qui dit le format d'archive (``.tar.gz``), None s'il n'y en a pas."""
    name = path.name.lower()
    return next((suffix for suffix in SUFFIXES if name.endswith(suffix)), None)


def is_archive(path: Path) -> bool:
    """Un fichier (pas un lien) dont le nom dit qu'il est une archive que l'on ouvre."""
    return archive_format(path) is not None and path.is_file() and not path.is_symlink()


def sniffed_format(path: Path) -> Format | None:
    """Le format que disent les premiers octets du fichier (None : aucun de ceux qu'on lit)."""
    with path.open("rb") as handle:
        head = handle.read(512)
    for magic, fmt in MAGIC:
        if head.startswith(magic):
            return fmt
    if head[257:262] == b"ustar":
        return TAR
    return None


# ---------------------------------------------------------------------------
# Les entrées, vérifiées
# ---------------------------------------------------------------------------


@dataclass
class Member:
    """Une entrée d'archive, telle que son format la décrit."""

    name: str  # tel qu'écrit dans l'archive
    kind: str  # file, dir, symlink, hardlink ou special
    size: int
    compressed: int | None = None  # sa taille compressée, si le format la donne (zip)
    encrypted: bool = False
    date: float | None = None
    path: PurePosixPath | None = None  # son chemin, une fois vérifié
    source: object = None  # ce qu'il faut au format pour la lire (ZipInfo, nom tar)


def checked_path(name: str) -> PurePosixPath | None:
    """Le chemin relatif d'une entrée, vérifié ; None pour une entrée sans nom (``./``).

    >>> checked_path("rendu\\\\tp.py")
    PurePosixPath('rendu/tp.py')
    """
    text = name.replace("\\", "/")
    path = PurePosixPath(text)
    if text.startswith("/") or re.match(r"[A-Za-z]:", text) or ".." in path.parts:
        # Refusée pour elle-même : dans l'archive d'une classe, elle ne coûte que son rendu.
        raise UnsafeMember(f"l'archive contient un chemin qui sort de son dossier ({name})")
    if "\0" in text:
        raise UnsafeArchive("l'archive contient un nom de fichier invalide")
    parts = [part for part in path.parts if part != "."]
    return PurePosixPath(*parts) if parts else None


def skipped_kind(member: Member) -> str | None:
    """Ce qu'est une entrée qui n'est ni un fichier ni un dossier (un lien, un fichier
    spécial) : elle n'est jamais extraite, et le retour la nomme. None pour les autres."""
    return {
        "symlink": "lien symbolique",
        "hardlink": "lien physique",
        "special": "fichier spécial",
    }.get(member.kind)


def skipped_note(skipped: list[tuple[str, str]]) -> str | None:
    """La remarque qui nomme les entrées non extraites (liens, fichiers spéciaux).

    >>> skipped_note([("rendu/cle.py", "lien symbolique")])
    "Non extrait de l'archive (ni fichier ni dossier) : rendu/cle.py (lien symbolique)"
    """
    if not skipped:
        return None
    shown = ", ".join(f"{path} ({kind})" for path, kind in skipped[:10])
    if len(skipped) > 10:
        shown += f" et {len(skipped) - 10} autre(s)"
    plural = "s" if len(skipped) > 1 else ""
    return f"Non extrait{plural} de l'archive (ni fichier ni dossier) : {shown}"


def megabytes(size: int) -> str:
    return f"{size / MIB:.0f} Mio" if size >= MIB else f"{size / 1024:.0f} Kio"


def check_size(member: Member, limits: ArchiveLimits) -> None:
    """La taille d'une entrée : lève :class:`UnsafeMember` si elle dépasse une limite."""
    if member.compressed is not None:
        ratio = member.size / max(member.compressed, 1)
        if member.size > MIB and ratio > limits.max_ratio:
            raise UnsafeMember(
                f"l'archive est une « bombe » de décompression : {member.path} passerait de "
                f"{megabytes(member.compressed)} à {megabytes(member.size)}"
            )
    if member.size > limits.max_bytes:
        raise UnsafeMember(
            f"{member.path} ferait {megabytes(member.size)} une fois décompressé, plus que la "
            f"limite de {megabytes(limits.max_bytes)}"
        )


@dataclass
class Extracted:
    """Ce qu'une archive a donné : le dossier extrait, les dossiers mis de côté, et les
    entrées non extraites parce qu'elles ne sont ni des fichiers ni des dossiers (chemin,
    ce qu'elles sont)."""

    folder: Path
    set_aside: set_aside.Tally = field(default_factory=set_aside.Tally)
    skipped: list[tuple[str, str]] = field(default_factory=list)

    def notes(self) -> list[str]:
        """Les remarques : les dossiers mis de côté, les entrées non extraites (des noms
        venus de l'archive : chacune sur une ligne, sans caractère de contrôle)."""
        notes = (self.set_aside.describe(), skipped_note(self.skipped))
        return [one_line(note) for note in notes if note]


def check_count(count: int, limits: ArchiveLimits) -> None:
    """Lève :class:`UnsafeArchive` si l'archive a plus d'entrées qu'on en lit au plus."""
    if count > limits.max_entries:
        raise UnsafeArchive(
            f"l'archive contient plus de {limits.max_entries} entrées (environnements et "
            "dossiers d'outils compris) : elle n'est pas lue"
        )


def check(
    members: list[Member], limits: ArchiveLimits, refused: dict[str, str] | None = None
) -> tuple[list[Member], Extracted]:
    """Les entrées à extraire, après vérification de toutes, et ce que dira l'extraction
    (les dossiers mis de côté, les entrées non extraites) ; lève :class:`UnsafeArchive`.

    Les dossiers d'environnement et d'outils sont mis de côté d'abord : ni vérifiés (un
    environnement virtuel a des liens), ni comptés. Un lien ou un fichier spécial n'est
    jamais extrait, et il est nommé. Avec ``refused`` (l'archive d'une classe), une entrée
    refusée pour elle-même (:class:`UnsafeMember` : un chemin qui sort de l'archive, une
    « bombe », un mot de passe) n'arrête pas tout : elle n'est pas extraite, et la raison
    est notée sous son chemin dans l'archive (elle ne coûte que le rendu qui la contient).
    """
    check_count(len(members), limits)
    if not members:
        raise UnsafeArchive("l'archive est vide")
    report = Extracted(Path())
    paths = []
    for member in members:
        with contextlib.suppress(UnsafeMember):
            if (path := checked_path(member.name)) is not None:
                paths.append(path)
    environments = set_aside.environments(paths)
    kept: list[Member] = []
    seen: set[PurePosixPath] = set()
    total = 0
    for member in members:
        try:
            member.path = checked_path(member.name)
            if member.path is None:
                continue
            root = set_aside.member_root(member.path, environments)
            if root is not None:
                report.set_aside.add(*root, files=0 if member.kind == "dir" else 1)
                continue
            if any(part in SYSTEM_NAMES for part in member.path.parts):
                continue
            skipped = skipped_kind(member)
            if skipped:
                report.skipped.append((str(member.path), skipped))
                continue
            if member.encrypted:
                raise UnsafeMember(f"l'archive est protégée par un mot de passe ({member.name})")
            check_size(member, limits)
        except UnsafeMember as error:
            if refused is None:
                raise
            refused[member.name.replace("\\", "/").strip("/")] = str(error)
            continue
        if member.kind == "file":
            if member.path in seen:
                raise UnsafeArchive(f"l'archive contient deux fois le même fichier ({member.path})")
            seen.add(member.path)
            total += member.size
        kept.append(member)
    files = sum(1 for member in kept if member.kind == "file")
    if files > limits.max_files:
        raise UnsafeArchive(
            f"l'archive contient {files} fichiers, plus que la limite de {limits.max_files}"
        )
    if total > limits.max_bytes:
        raise UnsafeArchive(
            f"l'archive décompressée ferait {megabytes(total)}, plus que la limite de "
            f"{megabytes(limits.max_bytes)} (une « bombe » de décompression ?)"
        )
    return kept, report


# ---------------------------------------------------------------------------
# L'extraction
# ---------------------------------------------------------------------------


def extract(
    archive_path: Path,
    destination: Path,
    limits: ArchiveLimits,
    refused: dict[str, str] | None = None,
) -> Extracted:
    """Extrait l'archive dans ``destination`` (qui ne doit pas exister).

    Toutes les entrées sont vérifiées avant la première écriture ; pendant
    l'extraction, les octets réellement écrits sont comptés. En cas de refus,
    ``destination`` est effacé et :class:`UnsafeArchive` dit pourquoi. Avec ``refused``
    (voir :func:`check`), une entrée refusée pour elle-même est seulement laissée de
    côté, et notée.
    """
    named = archive_format(archive_path) or ZIP
    try:
        if archive_path.is_symlink():
            raise UnsafeArchive(f"{archive_path.name} est un lien symbolique : il n'est pas suivi")
        if archive_path.stat().st_size == 0:
            raise UnreadableArchive(f"{archive_path.name} est un fichier vide (0 octet)")
        fmt = sniffed_format(archive_path) or (named if named.reader == "tar" else None)
        if fmt is None:
            raise UnreadableArchive(unreadable(named))
        if fmt.reader == "zip":
            return extract_zip(archive_path, destination, limits, refused)
        return extract_tar(archive_path, fmt, destination, limits, refused)
    except UnsafeArchive:
        shutil.rmtree(destination, ignore_errors=True)
        raise
    except OSError as error:
        shutil.rmtree(destination, ignore_errors=True)
        reason = error.strerror or type(error).__name__
        raise UnsafeArchive(f"l'archive n'a pas pu être extraite ({reason})") from None


def unreadable(fmt: Format) -> str:
    """La raison d'une archive que l'on ne sait pas lire (abîmée, ou pas de ce format)."""
    return f"ce n'est pas une {fmt.name} lisible (fichier abîmé ?)"


def write_member(source, target: Path, written: int, limits: ArchiveLimits) -> int:
    """Écrit une entrée (lue dans ``source``) en ``target``, fichier neuf ; renvoie les
    octets écrits depuis le début de l'extraction (``written`` avant elle)."""
    with target.open("xb") as copy:
        while chunk := source.read(MIB):
            written += len(chunk)
            if written > limits.max_bytes:
                raise UnsafeArchive(
                    "l'archive décompressée dépasse la limite de "
                    f"{megabytes(limits.max_bytes)} (une « bombe » de décompression ?)"
                )
            copy.write(chunk)
    return written


def target_of(destination: Path, member: Member) -> Path:
    """Où écrire une entrée vérifiée : sous ``destination``, jamais ailleurs (même par un
    dossier déjà extrait) ; ses dossiers parents sont créés."""
    target = destination.joinpath(*member.path.parts)
    root = destination.resolve()
    if root not in (target.resolve(), *target.resolve().parents):
        raise UnsafeArchive(f"l'archive contient un chemin qui sort de son dossier ({member.path})")
    try:
        if member.kind == "dir":
            target.mkdir(parents=True, exist_ok=True)
            return target
        target.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise UnsafeArchive(
            f"l'archive contient un fichier et un dossier de même nom ({member.path})"
        ) from None
    if target.exists() or target.is_symlink():
        raise UnsafeArchive(f"l'archive contient deux fois le même fichier ({member.path})")
    return target


def set_date(target: Path, stamp: float | None) -> None:
    """Un fichier extrait garde la date que l'archive lui donne : la règle qui choisit
    entre deux versions la compare."""
    if stamp is not None:
        with contextlib.suppress(OverflowError, ValueError, OSError):
            os.utime(target, (stamp, stamp))


# -- zip ---------------------------------------------------------------------


def member_name(info: zipfile.ZipInfo) -> str:
    """Le nom d'une entrée, tel que l'a écrit celui qui a fait l'archive.

    Sans le drapeau « UTF-8 » de l'en-tête, Python lit le nom en CP437 ; or
    ``zip`` sous Linux et macOS écrit de l'UTF-8 sans poser ce drapeau : un nom
    qui se lit en UTF-8 est donc lu ainsi (« Élodie », pas « ├ëlodie »). L'archive
    de l'explorateur de Windows, en CP850, ne se lit presque jamais en UTF-8 et
    garde ses accents, que CP437 et CP850 écrivent pareil.

    >>> info = zipfile.ZipInfo("Élodie.py".encode().decode("cp437"))
    >>> member_name(info)
    'Élodie.py'
    """
    name = info.filename
    if not info.flag_bits & 0x800:
        with contextlib.suppress(UnicodeError):
            name = name.encode("cp437").decode("utf-8")
    return name


UNIX = 3  # le système qui a fait l'archive : seul Unix y écrit le type de chaque entrée


def zip_member(info: zipfile.ZipInfo) -> Member:
    mode = info.external_attr >> 16 if info.create_system == UNIX else 0
    kind = stat.S_IFMT(mode)
    if info.is_dir():
        shape = "dir"
    elif kind == stat.S_IFLNK:
        shape = "symlink"
    elif kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        shape = "special"
    else:
        shape = "file"
    try:
        date = zip_date(info)
    except (OverflowError, ValueError):
        date = None
    return Member(
        member_name(info),
        shape,
        info.file_size,
        info.compress_size,
        bool(info.flag_bits & 0x1),
        date,
        source=info,
    )


def zip_date(info: zipfile.ZipInfo) -> float:
    return time.mktime((*info.date_time, 0, 0, -1))


def extract_zip(
    archive_path: Path, destination: Path, limits: ArchiveLimits, refused: dict[str, str] | None
) -> Extracted:
    try:
        with zipfile.ZipFile(archive_path) as archive:
            infos = archive.infolist()
            check_count(len(infos), limits)
            members, report = check([zip_member(info) for info in infos], limits, refused)
            destination.mkdir(parents=True)
            written = 0
            for member in members:
                target = target_of(destination, member)
                if member.kind == "file":
                    with archive.open(member.source) as source:
                        written = write_member(source, target, written, limits)
                    set_date(target, member.date)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, NotImplementedError):
        raise UnreadableArchive(unreadable(ZIP)) from None
    report.folder = destination
    return report


# -- tar, et ce que bsdtar écrit en tar --------------------------------------


class BoundedStream(io.RawIOBase):
    """Un flux décompressé lu par morceaux, borné : au plus ``limits.max_stream`` octets,
    et au plus ``limits.max_ratio`` fois les octets compressés lus (``compressed()``, None
    pour un flux qui n'est pas compressé) au-delà de :data:`STREAM_FLOOR`. Au-delà,
    :class:`UnsafeArchive` : la « bombe » n'est pas décompressée plus loin."""

    def __init__(self, raw, compressed, limits: ArchiveLimits):
        self.raw = raw
        self.compressed = compressed
        self.limits = limits
        self.count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.raw.read(min(len(buffer), MIB))
        self.count += len(data)
        if self.count > self.limits.max_stream:
            raise UnsafeArchive(
                f"l'archive décompressée dépasse {megabytes(self.limits.max_stream)} "
                "(une « bombe » de décompression ?)"
            )
        if (
            self.compressed is not None
            and self.count > STREAM_FLOOR
            and self.count > self.limits.max_ratio * max(self.compressed(), 1)
        ):
            raise UnsafeArchive(
                f"l'archive est une « bombe » de décompression : plus de "
                f"{megabytes(self.count)} pour {megabytes(self.compressed())} compressés"
            )
        buffer[: len(data)] = data
        return len(data)


# Chaque lecteur de flux compressé, sur le fichier ouvert.
DECOMPRESSORS = {
    "gz": lambda raw: gzip.GzipFile(fileobj=raw, mode="rb"),
    "bz2": lambda raw: bz2.BZ2File(raw, "rb"),
    "xz": lambda raw: lzma.LZMAFile(raw, "rb"),
}
# bsdtar, sous des limites posées avant qu'il ne démarre : mémoire, temps de calcul, et
# aucun fichier écrit (il n'écrit que sur son tube).
LIMITED = """import os, resource, sys
for limit, value in ((resource.RLIMIT_AS, 1 << 30), (resource.RLIMIT_CPU, 60),
                     (resource.RLIMIT_FSIZE, 0), (resource.RLIMIT_CORE, 0)):
    resource.setrlimit(limit, (value, value))
os.execv(sys.argv[1], sys.argv[1:])
"""


@contextlib.contextmanager
def tar_stream(archive_path: Path, fmt: Format, limits: ArchiveLimits) -> Iterator[io.IOBase]:
    """Le flux tar de l'archive, décompressé et borné (:class:`BoundedStream`) : son
    contenu, ou, pour un format que lit ``bsdtar``, ce qu'il en écrit en tar. Après
    lecture, une erreur de ``bsdtar`` (archive abîmée, chiffrée) lève
    :class:`UnreadableArchive`."""
    if fmt.reader != "bsdtar":
        with archive_path.open("rb") as raw:
            if fmt.reader == "tar":
                yield io.BufferedReader(BoundedStream(raw, None, limits))
            else:
                with DECOMPRESSORS[fmt.reader](raw) as decompressed:
                    yield io.BufferedReader(BoundedStream(decompressed, raw.tell, limits))
        return
    tool = shutil.which("bsdtar")
    if tool is None:
        raise UnreadableArchive(
            f"{fmt.name} illisible ici : envoyez un .zip (pour l'ouvrir, l'enseignant peut "
            f"installer {BSDTAR_PACKAGE})"
        )
    size = archive_path.stat().st_size
    command = [sys.executable, "-S", "-c", LIMITED, tool, "-c", "-f", "-", "--format", "pax"]
    process = subprocess.Popen(
        [*command, "@" + str(archive_path.resolve())],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd="/",
    )
    failed = UnreadableArchive(
        f"cette {fmt.name} n'a pas pu être lue (abîmée, ou protégée par un mot de passe ?)"
    )
    try:
        stream = io.BufferedReader(BoundedStream(process.stdout, lambda: size, limits))
        try:
            yield stream
        except (tarfile.TarError, EOFError):
            # Un flux coupé ou vide : bsdtar s'est arrêté sur une erreur (il le dit par son code).
            process.stdout.close()
            if process.wait() != 0:
                raise failed from None
            raise
        while stream.read(MIB):  # la fin du flux, bornée : bsdtar finit, et dit s'il a tout lu
            pass
        if process.wait() != 0:
            raise failed
    finally:
        process.stdout.close()
        if process.poll() is None:
            process.kill()
        process.wait()


def tar_member(info: tarfile.TarInfo) -> Member:
    if info.isdir():
        shape = "dir"
    elif info.issym():
        shape = "symlink"
    elif info.islnk():
        shape = "hardlink"
    elif info.isreg():
        shape = "file"
    else:
        shape = "special"
    return Member(info.name, shape, info.size, date=info.mtime, source=info.name)


def tar_entries(archive_path: Path, fmt: Format, limits: ArchiveLimits) -> list[Member]:
    """Les entrées d'une archive tar (ou lue par ``bsdtar``), lues une première fois sans
    rien écrire ; au plus ``limits.max_entries``."""
    members = []
    with (
        tar_stream(archive_path, fmt, limits) as stream,
        tarfile.open(fileobj=stream, mode="r|") as archive,
    ):
        for info in archive:
            members.append(tar_member(info))
            check_count(len(members), limits)
    return members


def extract_tar(
    archive_path: Path,
    fmt: Format,
    destination: Path,
    limits: ArchiveLimits,
    refused: dict[str, str] | None,
) -> Extracted:
    """Une archive tar, compressée ou non, ou une archive que lit ``bsdtar`` : lue une fois
    pour tout vérifier, une seconde pour extraire ce qui a été accepté."""
    try:
        members, report = check(tar_entries(archive_path, fmt, limits), limits, refused)
        accepted = {member.source: member for member in members}
        destination.mkdir(parents=True)
        written = 0
        with (
            tar_stream(archive_path, fmt, limits) as stream,
            tarfile.open(fileobj=stream, mode="r|") as archive,
        ):
            for info in archive:
                member = accepted.pop(info.name, None)
                if member is None:
                    continue
                if tar_member(info).kind != member.kind:
                    raise UnsafeArchive(f"l'archive a changé pendant sa lecture ({info.name})")
                if hasattr(tarfile, "data_filter"):  # une seconde vérification, où elle existe
                    tarfile.data_filter(info, str(destination))
                target = target_of(destination, member)
                if member.kind == "file":
                    written = write_member(archive.extractfile(info), target, written, limits)
                    set_date(target, member.date)
    except FILTER_ERRORS as error:
        raise UnsafeArchive(f"l'archive contient une entrée refusée ({error})") from None
    except (tarfile.TarError, EOFError, zlib.error, lzma.LZMAError):
        raise UnreadableArchive(unreadable(fmt)) from None
    except OSError as error:
        if error.errno is not None:  # le disque, pas l'archive
            raise
        raise UnreadableArchive(unreadable(fmt)) from None  # gzip ou bz2 abîmé
    report.folder = destination
    return report


# Les refus du filtre « data » de tarfile (Python 3.12, et les versions corrigées d'avant).
FILTER_ERRORS = (tarfile.FilterError,) if hasattr(tarfile, "FilterError") else ()
