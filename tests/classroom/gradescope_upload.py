"""Ce qu'un étudiant a déposé sur Gradescope : où est son code, archive comprise.

Gradescope met le dépôt de l'étudiant dans un dossier : un fichier ``.py``,
plusieurs fichiers, un dossier ``tp_demineur/`` (ou le dossier qui le contient),
ou une archive ``.zip``. :func:`find_code` trouve le dossier à donner au
correcteur (``--submission``) ; c'est le correcteur qui choisit ensuite le
fichier ou le paquet du TP, exactement comme en local.

Une archive est ouverte avec prudence (:func:`unpack_zip`) : aucun chemin hors du
dossier d'arrivée, aucun lien symbolique ni fichier spécial, aucune archive
chiffrée, un nombre de fichiers et une taille limités (comptée pendant
l'extraction, pas crue sur parole).
"""

from __future__ import annotations

import stat
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from grading.limits import Limits
from grading.locate import SubmissionError, keep_date

# Ce que les outils d'archivage ajoutent d'eux-mêmes (macOS) : jamais extrait.
IGNORED = {"__MACOSX", ".DS_Store"}
CHUNK = 1 << 16
MAX_DEPTH = 3  # dossiers et archives traversés pour trouver le code
MAX_LISTED = 20  # fichiers nommés quand aucun code n'est trouvé


@dataclass
class Unpacked:
    """Ce qu'une archive a donné : les fichiers extraits et ceux qui ne l'ont pas été."""

    files: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)  # (chemin, raison)


def member_parts(name: str) -> tuple[str, ...]:
    """Les éléments du chemin d'un membre d'archive ; lève SubmissionError s'il sort du dossier.

    >>> member_parts("rendu/tp.py")
    ('rendu', 'tp.py')
    """
    path = PurePosixPath(name.replace("\\", "/"))
    if path.is_absolute() or ".." in path.parts:
        raise SubmissionError(f"l'archive contient un chemin qui sort de son dossier ({name})")
    return tuple(part for part in path.parts if part not in ("", "."))


def refusal(info: zipfile.ZipInfo) -> str | None:
    """Pourquoi un membre qui n'est ni un fichier ordinaire ni un dossier est refusé."""
    mode = info.external_attr >> 16
    if info.create_system != 3 or stat.S_IFMT(mode) == 0:  # sans type : fichier ou dossier
        return None
    if stat.S_ISLNK(mode):
        return "lien symbolique"
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return "fichier spécial"


def unpack_zip(archive: Path, dest: Path, limits: Limits | None = None) -> Unpacked:
    """Extrait l'archive ``archive`` dans le dossier neuf ``dest``, avec les limites d'un rendu.

    Lève :class:`SubmissionError` (message en français) si l'archive est illisible,
    chiffrée, trop grosse, a trop de fichiers ou un chemin qui sort de ``dest``.
    """
    limits = limits or Limits()
    if archive.is_symlink():
        raise SubmissionError(f"{archive.name} est un lien symbolique : il n'est pas suivi")
    if archive.stat().st_size > limits.submission_bytes:
        raise SubmissionError(f"{archive.name} dépasse {limits.submission_bytes // 2**20} Mio")
    dest.mkdir()
    result = Unpacked()
    bytes_left = limits.submission_bytes
    try:
        with zipfile.ZipFile(archive) as bundle:
            members = bundle.infolist()
            if len(members) > 10 * limits.submission_files:
                raise SubmissionError(f"{archive.name} contient beaucoup trop d'entrées")
            for info in members:
                parts = member_parts(info.filename)
                if not parts or IGNORED & set(parts):
                    continue
                relative = "/".join(parts)
                why = refusal(info)
                if why:
                    result.refused.append((relative, why))
                    continue
                target = dest.joinpath(*parts)
                if info.is_dir():
                    target.mkdir(parents=True, exist_ok=True)
                    continue
                if info.flag_bits & 0x1:
                    raise SubmissionError(
                        f"{archive.name} est chiffrée : déposez-la sans mot de passe"
                    )
                if len(result.files) >= limits.submission_files:
                    raise SubmissionError(
                        f"{archive.name} contient plus de {limits.submission_files} fichiers"
                    )
                target.parent.mkdir(parents=True, exist_ok=True)
                with bundle.open(info) as source, open(target, "xb") as out:
                    while chunk := source.read(CHUNK):
                        bytes_left -= len(chunk)
                        if bytes_left < 0:
                            raise SubmissionError(
                                f"{archive.name} dépasse {limits.submission_bytes // 2**20} Mio "
                                "une fois extraite"
                            )
                        out.write(chunk)
                keep_date(target, info)
                result.files.append(relative)
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        zlib.error,
        NotImplementedError,
        EOFError,
    ) as error:
        raise SubmissionError(
            f"{archive.name} n'est pas une archive zip lisible ({error})"
        ) from None
    except FileExistsError as error:
        raise SubmissionError(
            f"{archive.name} contient deux fois le même fichier "
            f"({Path(error.filename).relative_to(dest)})"
        ) from None
    except (NotADirectoryError, IsADirectoryError) as error:
        raise SubmissionError(
            f"{archive.name} contient un fichier et un dossier de même nom ({error.filename})"
        ) from None
    return result


def visible_entries(folder: Path) -> list[Path]:
    """Le contenu d'un dossier, sans les fichiers cachés ni ceux des outils d'archivage."""
    return sorted(
        entry
        for entry in folder.iterdir()
        if entry.name not in IGNORED and not entry.name.startswith(".")
    )


def received(folder: Path) -> str:
    """Les fichiers déposés (au plus MAX_LISTED), pour dire à l'étudiant ce qu'on a reçu."""
    names = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if IGNORED & set(relative.parts) or path.is_dir():
            continue
        names.append(str(relative))
    if not names:
        return "aucun fichier"
    shown = ", ".join(names[:MAX_LISTED])
    return shown + (f" et {len(names) - MAX_LISTED} autre(s)" if len(names) > MAX_LISTED else "")


def find_code(folder: Path, scratch: Path, unpacked: Unpacked, depth: int = 0) -> Path:
    """Le dossier où chercher le code du TP, dans ce qu'a déposé l'étudiant.

    - un fichier ``.py`` ou un dossier ``tp_demineur/`` est là : c'est ce dossier ;
    - sinon, une seule archive ``.zip`` (et aucun dossier) : elle est extraite dans
      ``scratch`` et on cherche dedans ;
    - sinon, un seul dossier (et aucune archive) : on cherche dedans.

    Ce qui n'a pas été extrait d'une archive est ajouté à ``unpacked``.
    """
    entries = visible_entries(folder)
    files = [e for e in entries if e.is_file() and not e.is_symlink()]
    folders = [e for e in entries if e.is_dir() and not e.is_symlink()]
    archives = [e for e in files if e.suffix.lower() == ".zip"]
    if any(e.suffix == ".py" for e in files) or (folder / "tp_demineur").is_dir():
        return folder
    if depth < MAX_DEPTH and len(archives) == 1 and not folders:
        dest = scratch / f"archive-{depth}"
        found = unpack_zip(archives[0], dest)
        unpacked.files += found.files
        unpacked.refused += found.refused
        return find_code(dest, scratch, unpacked, depth + 1)
    if depth < MAX_DEPTH and len(folders) == 1 and not archives:
        return find_code(folders[0], scratch, unpacked, depth + 1)
    raise SubmissionError(
        f"aucun fichier .py ni dossier tp_demineur/ dans votre dépôt (reçu : {received(folder)})"
    )
