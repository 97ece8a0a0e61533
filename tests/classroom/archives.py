"""Extraire une archive ``.zip`` sans risque : rien hors de son dossier, aucun lien, des plafonds.

Une archive refusée lève :class:`UnsafeArchive`, dont le message (en français) dit
pourquoi : le rendu est alors « non noté » avec cette raison, et rien n'est extrait.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from grading.locate import SYSTEM_NAMES, keep_date

MIB = 2**20


@dataclass(frozen=True)
class ArchiveLimits:
    """Les plafonds d'une extraction."""

    max_files: int  # entrées de l'archive
    max_bytes: int  # taille totale, une fois décompressée
    max_ratio: int  # taille décompressée / taille compressée, pour une entrée de plus de 1 Mio


# L'archive d'un étudiant : un TP tient en quelques fichiers de quelques Kio.
SUBMISSION_LIMITS = ArchiveLimits(max_files=1_000, max_bytes=50 * MIB, max_ratio=100)
# L'export de toute une classe (Moodle) : des dizaines de rendus, parfois des PDF.
CLASS_LIMITS = ArchiveLimits(max_files=50_000, max_bytes=2_000 * MIB, max_ratio=100)


class UnsafeArchive(Exception):
    """L'archive ne peut pas être extraite sans risque ; le message dit pourquoi."""


class UnsafeMember(UnsafeArchive):
    """Une entrée de l'archive ne peut pas être extraite sans risque (les autres, si).

    Dans l'archive d'une classe, elle ne coûte que le rendu où elle se trouve.
    """


def megabytes(size: int) -> str:
    return f"{size / MIB:.0f} Mio" if size >= MIB else f"{size / 1024:.0f} Kio"


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


def member_path(info: zipfile.ZipInfo) -> PurePosixPath | None:
    """Le chemin relatif d'une entrée, vérifié ; None pour un reste de système (``__MACOSX/``)."""
    name = member_name(info).replace("\\", "/")
    path = PurePosixPath(name)
    if name.startswith("/") or re.match(r"[A-Za-z]:", name) or ".." in path.parts:
        # Refusée pour elle-même : dans l'archive d'une classe, elle ne coûte que son rendu.
        raise UnsafeMember(f"l'archive contient un chemin qui sort de son dossier ({name})")
    if "\0" in name:
        raise UnsafeArchive("l'archive contient un nom de fichier invalide")
    if any(part in SYSTEM_NAMES for part in path.parts):
        return None
    mode = info.external_attr >> 16
    kind = stat.S_IFMT(mode)
    if kind == stat.S_IFLNK:
        raise UnsafeMember(f"l'archive contient un lien symbolique ({name})")
    if mode and kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        raise UnsafeMember(f"l'archive contient un fichier spécial ({name})")
    if info.flag_bits & 0x1:
        raise UnsafeMember(f"l'archive est protégée par un mot de passe ({name})")
    return path


def check(
    archive: zipfile.ZipFile, limits: ArchiveLimits, refused: dict[str, str] | None = None
) -> list[tuple[zipfile.ZipInfo, PurePosixPath]]:
    """Les entrées à extraire, après vérification de toutes ; lève :class:`UnsafeArchive`.

    Avec ``refused`` (l'archive d'une classe), une entrée refusée pour elle-même
    (:class:`UnsafeMember`) n'arrête pas tout : elle n'est pas extraite, et la raison est
    notée sous son chemin dans l'archive (elle ne coûte que le rendu qui la contient).
    """
    infos = archive.infolist()
    if len(infos) > limits.max_files:
        raise UnsafeArchive(
            f"l'archive contient {len(infos)} fichiers, plus que la limite de {limits.max_files}"
        )
    members = []
    total = 0
    for info in infos:
        try:
            path = member_path(info)
            if path is None:
                continue
            check_member(info, path, limits)
        except UnsafeMember as error:
            if refused is None:
                raise
            refused[member_name(info).replace("\\", "/").strip("/")] = str(error)
            continue
        total += info.file_size
        members.append((info, path))
    if total > limits.max_bytes:
        raise UnsafeArchive(
            f"l'archive décompressée ferait {megabytes(total)}, plus que la limite de "
            f"{megabytes(limits.max_bytes)} (une « bombe » de décompression ?)"
        )
    return members


def check_member(info: zipfile.ZipInfo, path: PurePosixPath, limits: ArchiveLimits) -> None:
    """La taille d'une entrée : lève :class:`UnsafeMember` si elle dépasse une limite."""
    ratio = info.file_size / max(info.compress_size, 1)
    if info.file_size > MIB and ratio > limits.max_ratio:
        raise UnsafeMember(
            f"l'archive est une « bombe » de décompression : {path} passerait de "
            f"{megabytes(info.compress_size)} à {megabytes(info.file_size)}"
        )
    if info.file_size > limits.max_bytes:
        raise UnsafeMember(
            f"{path} ferait {megabytes(info.file_size)} une fois décompressé, plus que la "
            f"limite de {megabytes(limits.max_bytes)}"
        )


def extract_zip(
    archive_path: Path,
    destination: Path,
    limits: ArchiveLimits,
    refused: dict[str, str] | None = None,
) -> Path:
    """Extrait l'archive dans ``destination`` (qui ne doit pas exister) ; renvoie ce dossier.

    Toutes les entrées sont vérifiées avant la première écriture ; pendant
    l'extraction, les octets réellement écrits sont comptés (un en-tête peut
    mentir). En cas de refus, ``destination`` est effacé et :class:`UnsafeArchive`
    dit pourquoi. Avec ``refused`` (voir :func:`check`), une entrée refusée pour
    elle-même est seulement laissée de côté, et notée.
    """
    try:
        with zipfile.ZipFile(archive_path) as archive:
            members = check(archive, limits, refused)
            destination.mkdir(parents=True)
            try:
                write_members(archive, members, destination, limits)
            except BaseException:
                shutil.rmtree(destination, ignore_errors=True)
                raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError):
        shutil.rmtree(destination, ignore_errors=True)
        raise UnsafeArchive("ce n'est pas une archive .zip lisible (fichier abîmé ?)") from None
    except OSError as error:
        shutil.rmtree(destination, ignore_errors=True)
        raise UnsafeArchive(f"l'archive n'a pas pu être extraite ({error.strerror})") from None
    return destination


def write_members(archive: zipfile.ZipFile, members, destination: Path, limits: ArchiveLimits):
    written = 0
    root = destination.resolve()
    for info, path in members:
        target = destination.joinpath(*path.parts)
        if root not in (target.resolve(), *target.resolve().parents):
            raise UnsafeArchive(f"l'archive contient un chemin qui sort de son dossier ({path})")
        if info.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():
            raise UnsafeArchive(f"l'archive contient deux fois le même fichier ({path})")
        with archive.open(info) as source, target.open("xb") as copy:
            while chunk := source.read(MIB):
                written += len(chunk)
                if written > limits.max_bytes:
                    raise UnsafeArchive(
                        "l'archive décompressée dépasse la limite de "
                        f"{megabytes(limits.max_bytes)} (une « bombe » de décompression ?)"
                    )
                copy.write(chunk)
        keep_date(target, info)
