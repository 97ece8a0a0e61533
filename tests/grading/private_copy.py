"""La copie privée d'un rendu : seulement des fichiers ordinaires, comptés en octets.

Le code de l'étudiant n'est jamais exécuté là où il a été déposé : le juge en fait
une copie dans un dossier jetable, que le bac à sable monte en lecture seule.
Cette copie ne suit aucun lien symbolique (un lien vers le projet, un fichier de
l'enseignant ou ``/dev/zero`` serait sinon copié avec le reste) : les liens sont
refusés et nommés dans le retour, comme les fichiers spéciaux. Les octets sont
comptés pendant la copie : la limite de taille tient même pour un fichier qui
grossit pendant qu'on le lit.

Un fichier noté emporte ses modules auxiliaires (``locate.auxiliary_modules``), copiés à
côté de lui et comptés avec lui. Les dossiers d'environnement et d'outils d'un paquet
(``set_aside.py``) ne sont ni copiés ni comptés : le rapport les liste.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from . import set_aside
from .locate import SubmissionError

CHUNK = 1 << 16
SKIPPED_SUFFIXES = (".pyc",)


@dataclass
class CopyReport:
    """Ce qui a été copié et ce qui a été refusé (chemins relatifs au paquet, ou au dossier
    du fichier noté et de ses modules auxiliaires), et les dossiers mis de côté."""

    copied: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)  # (chemin, raison)
    size: int = 0
    set_aside: set_aside.Tally = field(default_factory=set_aside.Tally)


class Budget:
    """Les octets et les fichiers qu'il reste le droit de copier."""

    def __init__(self, max_bytes: int, max_files: int):
        self.bytes_left = max_bytes
        self.files_left = max_files
        self.max_bytes = max_bytes
        self.max_files = max_files

    def take_file(self):
        self.files_left -= 1
        if self.files_left < 0:
            raise SubmissionError(f"le rendu contient plus de {self.max_files} fichiers")

    def take_bytes(self, count: int):
        self.bytes_left -= count
        if self.bytes_left < 0:
            raise SubmissionError(f"le rendu dépasse {self.max_bytes // 2**20} Mio")


def kind_of(mode: int) -> str | None:
    """Pourquoi une entrée qui n'est ni un fichier ordinaire ni un dossier est refusée."""
    if stat.S_ISLNK(mode):
        return "lien symbolique"
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return "fichier spécial"


def copy_file(source: Path, target: Path, budget: Budget) -> int:
    """Copie un fichier ordinaire sans suivre de lien ; renvoie sa taille."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    descriptor = os.open(source, flags)
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise SubmissionError(f"{source.name} a changé pendant la copie")
        budget.take_file()
        size = 0
        with open(target, "xb") as out:
            while chunk := os.read(descriptor, CHUNK):
                budget.take_bytes(len(chunk))
                size += len(chunk)
                out.write(chunk)
        return size
    finally:
        os.close(descriptor)


def copy_tree(source: Path, target: Path, budget: Budget, report: CopyReport, prefix: str = ""):
    target.mkdir()
    with os.scandir(source) as entries:
        children = sorted(entries, key=lambda entry: entry.name)
    for entry in children:
        relative = prefix + entry.name
        if entry.name.endswith(SKIPPED_SUFFIXES):
            continue
        mode = entry.stat(follow_symlinks=False).st_mode
        refused = kind_of(mode)
        aside = set_aside.kind_of(Path(entry.path)) if stat.S_ISDIR(mode) else None
        if refused:
            report.refused.append((relative, refused))
        elif aside is not None:
            report.set_aside.add(relative, aside)
        elif stat.S_ISDIR(mode):
            copy_tree(Path(entry.path), target / entry.name, budget, report, relative + "/")
        else:
            report.size += copy_file(Path(entry.path), target / entry.name, budget)
            report.copied.append(relative)


def private_copy(
    kind: str,
    source: Path,
    target: Path,
    max_bytes: int,
    max_files: int,
    auxiliaries: tuple[Path, ...] = (),
):
    """Copie le rendu ``source`` (un fichier ou un paquet) en ``target`` ; un fichier, avec
    ses modules auxiliaires ``auxiliaries`` (des fichiers ou des paquets), à côté de lui.

    Lève :class:`SubmissionError` si le rendu est trop gros ou si le fichier noté
    lui-même est un lien ; renvoie un :class:`CopyReport`.
    """
    budget = Budget(max_bytes, max_files)
    report = CopyReport()
    refused = kind_of(os.lstat(source).st_mode)
    if refused:
        raise SubmissionError(f"{source.name} est un {refused} : il n'est pas suivi")
    if kind == "file":
        report.size = copy_file(source, target, budget)
        report.copied.append(source.name)
        for auxiliary in auxiliaries:
            if kind_of(os.lstat(auxiliary).st_mode):
                report.refused.append((auxiliary.name, "lien symbolique"))
            elif auxiliary.is_dir():
                copy_tree(
                    auxiliary, target.parent / auxiliary.name, budget, report, auxiliary.name + "/"
                )
            else:
                report.size += copy_file(auxiliary, target.parent / auxiliary.name, budget)
                report.copied.append(auxiliary.name)
    else:
        copy_tree(source, target, budget, report)
    return report


def traversable_folder() -> str | None:
    """Un dossier temporaire que tout utilisateur peut traverser (le dossier temporaire de
    la notation, sinon /tmp…) : la copie privée y sera ouverte à l'utilisateur sans droits
    du processus de travail. None : celui de ``tempfile``."""
    for candidate in (tempfile.gettempdir(), "/tmp", "/var/tmp", "/dev/shm"):
        path = Path(candidate).resolve()
        try:
            if all(folder.stat().st_mode & stat.S_IXOTH for folder in (path, *path.parents)):
                return str(path)
        except OSError:
            continue
    return None


class GraderChanged(Exception):
    """La copie privée du correcteur n'est plus celle que le juge a écrite."""


class PrivateCopy:
    """Le dossier jetable d'une notation : la copie privée du rendu et du processus de
    travail, et rien d'autre.

    ``workdir`` est ce dossier ; ``path`` la copie du code (le fichier, ou le paquet
    ``tp_demineur``), dans ``soumission/`` (avec, pour un fichier, ses modules
    auxiliaires à côté de lui : ``auxiliaries``) ; ``grader`` la copie des fichiers du
    processus de travail (``correcteur/``, parso dans son sous-dossier), écrite depuis les
    octets que le juge a lus à son démarrage (``grader_sources`` : chemin relatif →
    octets) ; ``scratch`` le dossier courant du processus de travail (neuf et vide pour
    chaque processus de travail : ``new_scratch``) ; ``report`` ce qui a été copié ou
    refusé. ``remove()`` efface le tout.
    """

    def __init__(
        self,
        kind: str,
        source: Path,
        max_bytes: int,
        max_files: int,
        grader: dict[str, bytes] | None = None,
        for_other_user: bool = False,
        auxiliaries: tuple[Path, ...] = (),
    ):
        base = traversable_folder() if for_other_user else None
        self.workdir = Path(tempfile.mkdtemp(prefix="demineur-notation-", dir=base))
        try:
            code = self.workdir / "soumission"
            code.mkdir()
            self.scratches = 0
            self.scratch = self.workdir / "cwd-0"
            self.scratch.mkdir()
            self.name = source.name if kind == "file" else "tp_demineur"
            self.path = code / self.name
            self.report = private_copy(kind, source, self.path, max_bytes, max_files, auxiliaries)
            self.print = self.code_print(kind)
            self.grader_sources = dict(grader or {})
            self.grader = self.workdir / "correcteur"
            self.grader.mkdir()
            for folder in self.grader_folders[1:]:
                (self.grader / folder).mkdir()
            for name, data in self.grader_sources.items():
                (self.grader / name).write_bytes(data)
        except BaseException:
            self.remove()
            raise

    def code_print(self, kind: str) -> str:
        """L'empreinte (SHA-256) de tout ce que le processus de travail peut lire du rendu :
        le nom et les octets de chaque fichier copié, avant que le moindre code ne tourne.
        Le même fichier a toujours la même empreinte ; un octet changé (une ligne de table,
        un commentaire, que le code pourrait lire dans son propre fichier), une autre."""
        digest = hashlib.sha256(kind.encode())
        base = self.path.parent if kind == "file" else self.path
        for relative in sorted(self.report.copied):
            path = base / relative
            digest.update(b"\0" + relative.encode("utf-8", "surrogateescape") + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        return digest.hexdigest()

    @property
    def grader_folders(self) -> list[str]:
        """Les dossiers de la copie du correcteur (:func:`folders_of`)."""
        return folders_of(self.grader_sources)

    def check_grader(self) -> None:
        """Vérifie, avant chaque lancement, que la copie du correcteur est intacte ; lève
        :class:`GraderChanged` sinon (un processus de travail non isolé l'a réécrite)."""
        try:
            files, folders = [], []
            for folder, subfolders, names in os.walk(self.grader, onerror=raise_error):
                relative = os.path.relpath(folder, self.grader)
                relative = "" if relative == "." else relative
                folders.append(relative)
                # Un lien vers un dossier est compté comme un fichier (os.walk n'y entre
                # pas) : il ne correspond à aucun des fichiers écrits.
                links = [name for name in subfolders if os.path.islink(os.path.join(folder, name))]
                files += [os.path.join(relative, name) for name in [*names, *links]]
            same = (
                sorted(files) == sorted(self.grader_sources)
                and sorted(folders) == self.grader_folders
                and all(
                    (self.grader / name).read_bytes() == data
                    for name, data in self.grader_sources.items()
                )
            )
        except OSError:
            same = False
        if not same:
            raise GraderChanged("la copie du correcteur a été modifiée pendant la notation")

    def new_scratch(self) -> Path:
        """Un dossier de travail neuf et vide, pour un nouveau processus de travail, et
        l'ancien effacé : un processus neuf ne trouve rien de ce que les précédents ont
        écrit (une table des cas déjà vus, que le contre-exemple rejoué seul citerait).
        Avec bubblewrap, chaque bac à sable a déjà le sien, en mémoire."""
        old = self.scratch
        self.scratches += 1
        self.scratch = self.workdir / f"cwd-{self.scratches}"
        self.scratch.mkdir()
        erase(old)
        return self.scratch

    def open_to(self, uid: int, gid: int) -> None:
        """Ouvre la copie à l'utilisateur sans droits du processus de travail : il traverse
        le dossier, lit le correcteur et le rendu (sans pouvoir les changer : ils restent au
        juge) et n'écrit que dans son dossier de travail, qui est à lui."""
        self.workdir.chmod(0o711)
        for folder, subfolders, names in os.walk(self.workdir):
            if Path(folder) == self.scratch:
                continue
            for name in subfolders:
                if Path(folder, name) != self.scratch:
                    Path(folder, name).chmod(0o755)
            for name in names:
                Path(folder, name).chmod(0o644)
        os.chown(self.scratch, uid, gid)
        self.scratch.chmod(0o700)

    def remove(self):
        erase(self.workdir)


def folders_of(names) -> list[str]:
    """Les dossiers où vont des fichiers de chemins relatifs ``names`` (« » : le dossier de
    départ), chacun après son parent.

    >>> folders_of(["worker.pyc", "parso/python/tree.py"])
    ['', 'parso', 'parso/python']
    """
    folders = {""}
    for name in names:
        parts = name.split("/")[:-1]
        folders.update("/".join(parts[:depth]) for depth in range(1, len(parts) + 1))
    return sorted(folders)


def raise_error(error: OSError):
    raise error


def erase(folder: Path) -> None:
    """Efface ``folder`` sans suivre aucun lien (``shutil.rmtree`` travaille par
    descripteurs), dossiers refermés compris : le processus de travail a pu retirer ses
    droits à un dossier qu'il a créé (``chmod 0``). En root, rien à rouvrir : root
    efface sans droits. Sinon, le juge et le processus de travail sont le même
    utilisateur, et le juge rouvre chaque dossier avant d'effacer (un changement qui ne
    peut toucher que des fichiers de ce même utilisateur)."""
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        reopen(folder)
    try:
        shutil.rmtree(folder, ignore_errors=True)
    except Exception:  # RecursionError d'un dossier trop profond : il reste dans /tmp
        pass


def reopen(folder: Path) -> None:
    """Rend à l'utilisateur les droits sur chaque dossier sous ``folder``, sans suivre
    de lien ni de récursion (un empilement de dossiers ne l'arrête pas)."""
    with contextlib.suppress(OSError):
        os.chmod(folder, 0o700)
    pending = [str(folder)]
    while pending:
        path = pending.pop()
        try:
            descriptor = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            with os.scandir(descriptor) as entries:
                folders = [entry.name for entry in entries if entry.is_dir(follow_symlinks=False)]
            for name in folders:  # rouvert avant d'y entrer : un dossier fermé ne s'ouvre pas
                with contextlib.suppress(OSError):
                    os.chmod(name, 0o700, dir_fd=descriptor)
                pending.append(os.path.join(path, name))
        except OSError:
            pass
        finally:
            os.close(descriptor)
