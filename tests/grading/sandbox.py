"""Le bac à sable du processus de travail, le plus fort que la machine permette.

Trois échelons, essayés dans cet ordre une fois par notation (ou par classe) par
:func:`probe` ; :class:`Isolation` dit lequel a servi, et ce qu'il garantit
(:data:`GUARANTEES`), partout où l'enseignant le lit (console, synthèse, page,
``extra_data.isolation``), jamais dans le retour d'un étudiant.

1. ``bwrap`` : bubblewrap, sous Linux, là où il peut créer ses espaces de noms.
2. ``landlock`` : sous Linux sans espaces de noms (Docker et les plateformes qui
   l'utilisent, les prisons de VPL, Ubuntu 24.04 qui les réserve) : Landlock
   (``landlock.py``) ne laisse le processus de travail lire que la bibliothèque
   standard de Python et sa copie privée du correcteur et du rendu, et écrire nulle
   part (le filtre des appels système le redit, pour les noyaux dont Landlock ne sait
   pas refuser de vider un fichier ouvert en lecture : ``lockdown.py``) ; quand le juge
   est root, le processus de travail est lancé sous un utilisateur sans droits
   (:func:`worker_user`), sans groupe supplémentaire ni capacité.
3. ``aucune`` : ni l'un ni l'autre (macOS, Windows, un noyau sans Landlock) ; la
   notation le dit avant le premier rendu, et ``--require-sandbox`` la refuse.

À chaque échelon, le processus de travail tourne sur une copie privée du correcteur
(``private_copy.py``), s'impose lui-même ses limites et le filtre des appels système
(``lockdown.py``), et le juge se rend illisible aux processus du même utilisateur
(:func:`protect_judge`).

bubblewrap
----------
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
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

# La variable d'environnement du juge qui borne l'ABI de Landlock (landlock.ENVIRONMENT).
LANDLOCK_ABI = "TP_DEMINEUR_LANDLOCK_ABI"
INSIDE = Path("/sandbox")
INSIDE_GRADER = INSIDE / "correcteur"
INSIDE_CODE = INSIDE / "soumission"
INSIDE_WORKDIR = INSIDE / "travail"
NOBODY = "65534"


# Ce que garantit chaque échelon, écrit une fois : l'enseignant le lit dans la console,
# la synthèse et la page ; docs/securite.md le reprend.
GUARANTEES = {
    "bwrap": (
        "bac à sable bubblewrap : le code ne voit que Python et sa copie du rendu, ni "
        "réseau, ni autre processus"
    ),
    "landlock": (
        "bac à sable sans espaces de noms (Landlock) : le code ne peut lire que la "
        "bibliothèque standard de Python et sa copie du rendu, n'écrit nulle part, ni "
        "réseau, ni autre processus, ni /proc"
    ),
    "aucune": "code NON ISOLÉ : il a tourné avec les droits de la notation",
}


@dataclass(frozen=True)
class Isolation:
    """Comment le code de l'étudiant a été isolé, dit pour l'enseignant (jamais pour
    l'étudiant)."""

    mode: str  # "bwrap", "landlock" ou "aucune"
    reason: str = ""  # pourquoi pas l'échelon au-dessus
    abi: int = 0  # avec landlock : la version de Landlock du noyau
    user: str = ""  # l'utilisateur sans droits du processus de travail (juge root)

    @property
    def isolated(self) -> bool:
        return self.mode != "aucune"

    def label(self) -> str:
        """Le nom court de l'échelon, tel que ``extra_data.isolation`` le donne."""
        return self.mode

    def sentence(self) -> str:
        """Une phrase pour l'enseignant : l'échelon, ce qu'il garantit, pourquoi pas mieux."""
        details = []
        if self.mode == "landlock":
            details.append(f"Landlock ABI {self.abi}")
        if self.user:
            details.append(f"utilisateur {self.user}")
        text = GUARANTEES[self.mode] + (f" ({', '.join(details)})" if details else "")
        if self.mode == "bwrap":
            return f"Isolation : {text}."
        if self.mode == "landlock":
            return f"Isolation : {text}. bubblewrap impossible ici : {self.reason}."
        return f"ATTENTION, isolation : {text} ({self.reason}). {remedy()}"

    def encode(self) -> str:
        """Pour ``PROBED`` : l'échelon essayé une fois pour toute une classe."""
        return "\t".join((self.mode, self.reason, str(self.abi), self.user))

    @classmethod
    def decode(cls, text: str) -> Isolation | None:
        parts = text.split("\t")
        if len(parts) != 4 or parts[0] not in GUARANTEES or not parts[2].isdigit():
            return None
        return cls(parts[0], parts[1], int(parts[2]), parts[3])


def remedy(platform: str | None = None) -> str:
    """Ce qu'il faut faire pour que le code des étudiants soit isolé, dit à l'enseignant
    quand il ne l'est pas.

    >>> remedy("darwin")[:40]
    'Pour isoler le code des étudiants sous m'
    """
    platform = platform or sys.platform
    if not platform.startswith("linux"):
        system = "macOS" if platform == "darwin" else "Windows" if platform == "win32" else platform
        return (
            f"Pour isoler le code des étudiants sous {system} : notez dans WSL 2 (Windows) ou "
            "dans un conteneur Linux (Docker ou Podman), où bubblewrap ou Landlock "
            "l'isolent ; la commande est dans docs/securite.md."
        )
    return (
        "Pour l'isoler : installez bubblewrap (sudo apt install bubblewrap) ; dans un "
        "conteneur ou une prison sans espaces de noms, il faut un noyau Linux 5.13 ou plus "
        "récent avec Landlock (et, sous Docker, la version 23 ou plus récente) ; voir "
        "docs/securite.md."
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
    """Où la copie privée du rendu paraît dans le bac à sable : chemin dedans → fichier de
    la copie, et les dossiers à y créer. ``code`` (le fichier noté, ou le paquet) y devient
    ``soumission/code_name`` ; ce qui est copié à côté de lui (les modules auxiliaires d'un
    fichier : ``private_copy.py``) y est aussi, à côté de lui. La copie n'a aucun lien."""
    copy = code.parent  # le dossier de la copie du rendu : rien d'autre n'y est écrit
    files, folders = {}, [INSIDE_CODE]
    for folder, subfolders, names in os.walk(copy):
        relative = Path(folder).relative_to(copy)
        if relative == Path() and code.name != code_name:
            raise ValueError(f"{code} n'est pas copié sous le nom {code_name}")
        folders += [INSIDE_CODE / relative / name for name in sorted(subfolders)]
        files.update((INSIDE_CODE / relative / name, Path(folder) / name) for name in sorted(names))
    return files, folders


# Posée par grade_class, qui essaie le bac à sable une fois pour toute la classe : chaque
# notation de la classe la reçoit et ne l'essaie pas à nouveau (Isolation.encode).
PROBED = "TP_DEMINEUR_BAC_A_SABLE_ESSAYE"
# Les utilisateurs sans droits sous lesquels un juge root lance le processus de travail,
# dans l'ordre : celui que prépare le setup.sh de Gradescope (ou l'enseignant), puis
# celui que tout système Unix a.
WORKER_USERS = ("demineur", "nobody")


@functools.cache
def probe() -> Isolation:
    """L'échelon le plus fort que cette machine permet, essayé pour de vrai une fois.

    Si ``PROBED`` décrit un échelon, l'essai a déjà été fait pour cette classe : il n'est
    pas refait (si le bac à sable ne démarrait plus, la notation le dirait quand même).
    """
    if not sys.platform.startswith("linux"):
        return Isolation("aucune", f"pas de bac à sable sur {sys.platform}")
    known = Isolation.decode(os.environ.get(PROBED, ""))
    if known is not None:
        return known
    why_not_bwrap = try_bwrap()
    if why_not_bwrap is None:
        return Isolation("bwrap")
    return try_landlock(why_not_bwrap)


def landlock_ceiling() -> int | None:
    """L'ABI de Landlock à ne pas dépasser, si le juge en a reçu une
    (``TP_DEMINEUR_LANDLOCK_ABI``, un entier de 1 à 99) ; None sinon.

    >>> os.environ[LANDLOCK_ABI] = "2"; landlock_ceiling()
    2
    >>> os.environ[LANDLOCK_ABI] = "deux"; landlock_ceiling() is None
    True
    >>> del os.environ[LANDLOCK_ABI]
    """
    text = os.environ.get(LANDLOCK_ABI, "")
    return int(text) if text.isdecimal() and 1 <= int(text) <= 99 else None


def try_bwrap() -> str | None:
    """Lance ``python -c pass`` dans un bac à sable bubblewrap vide ; None s'il a marché,
    sinon pourquoi."""
    if bwrap_features()[0] is None:
        return "bwrap est introuvable (paquet bubblewrap)"
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
        return f"bwrap ne démarre pas ({error})"
    finally:
        os.close(read)
        os.close(write)
    if run.returncode != 0:
        message = (run.stderr.strip().splitlines() or ["?"])[-1]
        return f"bwrap ne peut pas créer son bac à sable ({first_sentence(message)})"
    return None


# L'essai de Landlock : les règles du processus de travail (lire la bibliothèque standard,
# rien écrire), puis importer des modules permis et lire un fichier que rien d'autre
# n'empêche de lire. Le module est passé en texte : le dossier du correcteur peut être
# illisible pour l'utilisateur sans droits.
LANDLOCK_TRIAL = """
import os, sys
space = {"__name__": "landlock"}
exec(compile(sys.argv[1], "landlock.py", "exec"), space)
ceiling = int(sys.argv[3]) if sys.argv[3] else None
abi = space["restrict"](space["python_paths"](), [], highest=ceiling)
import json, random
try:
    open(sys.argv[2]).close()
except OSError:
    print("refusé", abi)
"""


def try_landlock(why_not_bwrap: str) -> Isolation:
    """Essaie Landlock dans un processus neuf, sous l'utilisateur sans droits si le juge
    est root ; l'échelon ``landlock`` s'il refuse bien ce qu'il doit refuser, sinon
    ``aucune`` (avec pourquoi)."""
    source = (Path(__file__).with_name("landlock.py")).read_text(encoding="utf-8")
    user = worker_user()
    with tempfile_folder() as folder:
        forbidden = folder / "interdit"
        forbidden.write_text("?", encoding="ascii")
        ceiling = landlock_ceiling()
        args = [str(interpreter()), "-S", "-s", "-B", "-c", LANDLOCK_TRIAL, source]
        args += [str(forbidden), str(ceiling or "")]
        done, said = run_trial(args, user)
        note = ""
        if not done and user is not None:
            # L'utilisateur sans droits ne peut peut-être pas lancer cet interpréteur (un
            # Python installé sous /root) : l'essai est refait sous l'utilisateur du juge.
            done, said_as_judge = run_trial(args, None)
            if done:
                note = f"{user.name} ne peut pas lancer {interpreter()}"
                user, said = None, said_as_judge
    if not done or not said.startswith("refusé "):
        return Isolation("aucune", f"{why_not_bwrap} ; Landlock impossible ici ({said})")
    reason = why_not_bwrap + (f" ; {note} : le processus de travail reste root" if note else "")
    return Isolation("landlock", reason, int(said.split()[1]), user.name if user else "")


def first_sentence(text: str) -> str:
    """Le début d'un message d'un autre programme, jusqu'à sa première phrase."""
    return text.split(". ")[0].split(", ")[0][:120]


def run_trial(args: list[str], user: WorkerUser | None) -> tuple[bool, str]:
    """(l'essai a-t-il tourné jusqu'au bout, la dernière ligne qu'il a écrite)."""
    try:
        run = subprocess.run(
            args,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
            env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
            cwd="/",
            **user_options(user),
        )
    except (OSError, subprocess.SubprocessError) as error:
        return False, str(error)[:200]
    lines = run.stdout.strip().splitlines() or run.stderr.strip().splitlines() or ["?"]
    return run.returncode == 0, lines[-1][:200]


@dataclass(frozen=True)
class WorkerUser:
    """L'utilisateur sans droits sous lequel un juge root lance le processus de travail."""

    name: str
    uid: int
    gid: int


def worker_user() -> WorkerUser | None:
    """L'utilisateur du processus de travail quand le juge est root (None sinon, ou si
    aucun n'existe)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return None
    for name in WORKER_USERS:
        user = lookup_user(name)
        if user is not None:
            return user
    return None


def lookup_user(name: str) -> WorkerUser | None:
    """L'utilisateur ``name``, s'il existe et n'est pas root (None pour un nom vide)."""
    if not name:
        return None
    import pwd

    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        return None
    return WorkerUser(name, entry.pw_uid, entry.pw_gid) if entry.pw_uid != 0 else None


def user_options(user: WorkerUser | None) -> dict:
    """Les options de ``subprocess.Popen`` qui lancent un processus sous ``user`` : ni
    groupe supplémentaire ni capacité (un uid non nul les perd toutes)."""
    if user is None:
        return {}
    return {"user": user.uid, "group": user.gid, "extra_groups": []}


class tempfile_folder:
    """Un dossier temporaire que l'utilisateur sans droits peut traverser."""

    def __enter__(self) -> Path:
        import tempfile

        self.path = Path(tempfile.mkdtemp(prefix="demineur-essai-"))
        self.path.chmod(0o755)
        return self.path

    def __exit__(self, *exc):
        shutil.rmtree(self.path, ignore_errors=True)


def protect_judge() -> None:
    """Rend le juge illisible aux processus du même utilisateur : ni ``/proc/JUGE/mem``,
    ni ``environ``, ni ``fd`` (``PR_SET_DUMPABLE`` à 0). Le juge lit toujours le temps de
    calcul du processus de travail : ``execve`` rend celui-ci lisible à nouveau."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE
    except (OSError, AttributeError, ImportError):
        pass
