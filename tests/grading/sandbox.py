"""Le bac à sable du processus de travail : bubblewrap (``bwrap``), sous Linux.

Le processus de travail y tourne dans de nouveaux espaces de noms (utilisateur,
processus, réseau, IPC, nom d'hôte, montages, et cgroup si possible) et n'y voit
que :

- l'installation de Python, en lecture seule (``/usr`` et le préfixe de
  l'interpréteur), sans ses paquets installés : il est lancé avec ``-S -s`` et les
  dossiers ``site-packages`` et ``dist-packages`` y sont vides ;
- ``/sandbox``, un tmpfs privé limité en taille, qui contient une copie du
  processus de travail (``/sandbox/correcteur``), une copie du rendu
  (``/sandbox/soumission``, en lecture seule ; copiée par ``--ro-bind-data``, elle
  ne laisse pas son chemin sur la machine dans la table des montages) et un dossier
  de travail vide ;
- son propre ``/proc`` (il y est le processus 1 : aucun autre processus n'y
  existe) et un ``/dev`` minimal.

Rien d'autre : ni le projet et sa solution de référence, ni le dossier personnel
de l'enseignant, ni les autres rendus, ni les fichiers de résultats, ni le
processus parent. La racine est remontée en lecture seule ; le réseau n'a que
l'interface locale ; l'environnement est vidé. Les options, une à une :

``--unshare-user --unshare-pid --unshare-net --unshare-ipc --unshare-uts
--unshare-cgroup-try``
    de nouveaux espaces de noms ; un espace utilisateur sans privilège (l'étudiant y
    est ``nobody``, 65534, sans aucune capacité : ``--cap-drop ALL``) ;
``--disable-userns``
    plus de nouvel espace utilisateur à l'intérieur (bwrap ≥ 0.8) ;
``--die-with-parent``
    le bac à sable meurt avec le juge, même tué par SIGKILL ;
``--new-session``
    une nouvelle session : pas d'accès au terminal de l'enseignant (TIOCSTI) ;
``--as-pid-1``
    le processus de travail est le processus 1 : quand il meurt, tout ce qui est
    dans le bac à sable meurt avec lui, et le juge connaît son numéro (``--info-fd``)
    pour mesurer son temps de calcul ;
``--size N --tmpfs /sandbox``
    l'espace où l'on peut écrire, limité (bwrap ≥ 0.8 ; sans ``--size``, ce tmpfs
    est remonté en lecture seule).

Le filtre des appels système et les limites de mémoire sont posés par le
processus de travail lui-même avant de charger le rendu (``lockdown.py``).
Quand bwrap manque ou ne peut pas créer ses espaces de noms (macOS, Windows, un
conteneur sans espaces utilisateur), la notation se fait sans bac à sable et le
dit partout (:class:`Isolation`).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

INSIDE = Path("/sandbox")
INSIDE_GRADER = INSIDE / "correcteur"
INSIDE_CODE = INSIDE / "soumission"
INSIDE_WORKDIR = INSIDE / "travail"
NOBODY = "65534"


@dataclass(frozen=True)
class Isolation:
    """Comment le code de l'étudiant a été isolé, dit pour l'enseignant."""

    mode: str  # "bwrap" ou "aucune"
    reason: str = ""  # pourquoi il n'y a pas de bac à sable

    @property
    def isolated(self) -> bool:
        return self.mode == "bwrap"

    def sentence(self) -> str:
        if self.isolated:
            return "Code exécuté dans un bac à sable (bubblewrap)."
        return (
            f"ATTENTION : code NON ISOLÉ ({self.reason}) : le code de l'étudiant a tourné avec "
            "les droits de l'enseignant."
        )


def interpreter() -> Path:
    """L'interpréteur réel (pas celui d'un environnement virtuel, qui n'est qu'un lien)."""
    base = getattr(sys, "_base_executable", None) or sys.executable
    return Path(os.path.realpath(base))


def system_binds() -> list[str]:
    """Ce qu'il faut de la machine pour lancer Python : /usr, les liens /lib…, le préfixe."""
    args = ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    if Path("/etc/ld.so.cache").is_file():
        args += ["--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"]
    prefix = Path(os.path.realpath(sys.base_prefix))
    if not prefix.is_relative_to("/usr"):
        args += ["--ro-bind", str(prefix), str(prefix)]
    python = interpreter()
    if not python.is_relative_to("/usr") and not python.is_relative_to(prefix):
        args += ["--ro-bind", str(python), str(python)]
    for folder in package_folders([Path("/usr"), prefix]):
        # Un tmpfs vide, aussitôt en lecture seule, cache les paquets installés.
        args += ["--tmpfs", str(folder), "--remount-ro", str(folder)]
    return args


def package_folders(roots: list[Path]) -> list[Path]:
    """Les dossiers des paquets installés sous ``roots`` (``site-packages``,
    ``dist-packages``) : le processus de travail n'en a pas besoin (il est lancé avec
    ``-S -s``), et un ``pip install .`` non éditable y mettrait la solution de référence.
    """
    patterns = ("lib*/python3*/*-packages", "local/lib*/python3*/*-packages")
    found = {
        folder
        for root in roots
        for pattern in patterns
        for folder in root.glob(pattern)
        if folder.name in ("site-packages", "dist-packages")
        and folder.is_dir()
        and not folder.is_symlink()
    }
    return sorted(found)


@functools.cache
def bwrap_features() -> tuple[str | None, frozenset[str]]:
    """Le chemin de bwrap et les options qu'il connaît (parmi celles qui varient)."""
    path = shutil.which("bwrap")
    if path is None:
        return None, frozenset()
    try:
        text = subprocess.run(
            [path, "--help"], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None, frozenset()
    return path, frozenset(
        option for option in ("--size", "--disable-userns", "--as-pid-1") if option in text
    )


def command(
    files: dict[Path, int],
    folders: list[Path],
    tmpfs_bytes: int,
    info_fd: int,
) -> list[str]:
    """La ligne de commande bwrap qui lance le processus de travail.

    ``files`` : chemin dans le bac à sable → descripteur ouvert sur le contenu du
    fichier, copié dans le tmpfs par ``--ro-bind-data`` (les fichiers du correcteur et
    la copie privée du rendu : aucun chemin de la machine n'est monté, et la table
    des montages n'en montre aucun) ; ``folders`` : les dossiers à créer d'abord.
    """
    path, features = bwrap_features()
    args = [
        path,
        "--unshare-user",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--uid",
        NOBODY,
        "--gid",
        NOBODY,
        "--cap-drop",
        "ALL",
        "--die-with-parent",
        "--new-session",
        "--clearenv",
        *system_binds(),
        "--proc",
        "/proc",
        "--dev",
        "/dev",
    ]
    if "--disable-userns" in features:
        args.append("--disable-userns")
    if "--as-pid-1" in features:
        args.append("--as-pid-1")
    if "--size" in features:
        args += ["--size", str(tmpfs_bytes)]
    args += ["--perms", "0755", "--tmpfs", str(INSIDE)]
    for folder in folders:
        args += ["--dir", str(folder)]
    for path, descriptor in files.items():
        args += ["--ro-bind-data", str(descriptor), str(path)]
    args += ["--dir", str(INSIDE_WORKDIR), "--chdir", str(INSIDE_WORKDIR)]
    if "--size" not in features:
        args += ["--remount-ro", str(INSIDE)]
    # /dev est un tmpfs de bwrap, sans limite de taille : en lecture seule, ses fichiers
    # de périphérique (/dev/null…) restent utilisables, mais rien ne s'y entasse.
    args += ["--remount-ro", "/dev", "--remount-ro", "/", "--info-fd", str(info_fd)]
    return args


def inside_paths(code: Path, code_name: str) -> tuple[dict[Path, Path], list[Path]]:
    """Où la copie privée du rendu (un fichier, ou un dossier sans lien) paraît dans le bac
    à sable : chemin dedans → fichier de la copie, et les dossiers à y créer."""
    target = INSIDE_CODE / code_name
    if not code.is_dir():
        return {target: code}, [INSIDE_CODE]
    files, folders = {}, [INSIDE_CODE, target]
    for folder, subfolders, names in os.walk(code):
        relative = Path(folder).relative_to(code)
        folders += [target / relative / name for name in sorted(subfolders)]
        files.update((target / relative / name, Path(folder) / name) for name in sorted(names))
    return files, folders


# Posée par grade_class, qui essaie le bac à sable une fois pour toute la classe : chaque
# notation de la classe la reçoit et ne l'essaie pas à nouveau.
PROBED = "TP_DEMINEUR_BAC_A_SABLE_ESSAYE"


@functools.cache
def probe() -> Isolation:
    """Essaie une fois de lancer ``python -c pass`` dans un bac à sable vide.

    Si ``PROBED`` vaut ``bwrap``, l'essai a déjà réussi pour cette classe : il n'est pas
    refait (si le bac à sable ne démarrait plus, la notation le dirait quand même).
    """
    if bwrap_features()[0] is None:
        return Isolation("aucune", "bwrap est introuvable : installez le paquet bubblewrap")
    if not sys.platform.startswith("linux"):
        return Isolation("aucune", f"pas de bac à sable sur {sys.platform}")
    if os.environ.get(PROBED) == "bwrap":
        return Isolation("bwrap")
    read, write = os.pipe()
    try:
        args = [
            *command({}, [], 1 << 20, write),
            str(interpreter()),
            "-S",
            "-s",
            "-c",
            "pass",
        ]
        run = subprocess.run(
            args, capture_output=True, text=True, timeout=30, pass_fds=(write,), check=False
        )
    except (OSError, subprocess.SubprocessError) as error:
        return Isolation("aucune", f"bwrap ne démarre pas ({error})")
    finally:
        os.close(read)
        os.close(write)
    if run.returncode != 0:
        message = (run.stderr.strip().splitlines() or ["?"])[-1]
        return Isolation("aucune", f"bwrap ne peut pas créer son bac à sable : {message}")
    return Isolation("bwrap")
