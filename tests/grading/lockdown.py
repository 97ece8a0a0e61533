"""Ce que le processus de travail s'interdit, avant de charger le code de l'étudiant.

Ce module ne dépend que de la bibliothèque standard : il est copié dans le bac à
sable avec ``worker.py``. Il pose, dans cet ordre :

- des limites du noyau (``setrlimit``) : la mémoire adressable (``RLIMIT_AS``), la
  taille d'un fichier écrit (``RLIMIT_FSIZE``) et le nombre de descripteurs de
  fichiers ouverts (``RLIMIT_NOFILE`` : ceux du processus, plus quelques-uns) ;
- là où bubblewrap manque, Landlock (``landlock.py``) : le processus ne peut plus lire
  que la bibliothèque standard et sa copie privée, écrire que dans son dossier de
  travail ; si le juge l'a demandé et qu'il ne peut pas être posé, le processus le dit
  et ne charge rien ;
- sous Linux, la mort du processus avec son parent (``PR_SET_PDEATHSIG``) : un
  correcteur tué ne laisse pas de processus de travail derrière lui ;
- sous Linux (x86-64 et arm64), un filtre seccomp qui **n'autorise que** les appels
  système dont le processus de travail a besoin (:data:`ALLOWED`, par famille) ;
  tout autre appel reçoit « opération non permise » (``EPERM``), y compris ceux que
  le noyau ajoutera demain : aucun appel ne passe parce que personne n'a pensé à
  l'interdire.

Pourquoi ces limites suffisent pour la mémoire. Une page que le processus tient
est soit dans son espace d'adresses (tas, piles, ``mmap`` de toute sorte, partagé
ou non), compté par ``RLIMIT_AS``, soit dans un fichier ou un objet du noyau tenu
par un descripteur. Ces derniers sont fermés par le filtre : ni ``memfd_create`` ni
``memfd_secret``, ni tube (``pipe2``), ni socket, ni ``eventfd``/``epoll``/
``io_uring``, ni mémoire partagée System V ; les seuls fichiers où écrire sont ceux
du tmpfs privé du bac à sable, borné (``--size``), et chacun est borné par
``RLIMIT_FSIZE`` ; les descripteurs eux-mêmes sont en nombre borné. Sans autre
processus possible (ni ``clone`` ni ``fork``), la mémoire et le temps de calcul du
processus de travail sont ceux de toute la soumission ; aucun processus ne survit à
la notation ; et un signal reçu ne peut venir que de l'extérieur.

Le filtre est un petit programme BPF, écrit ici octet par octet : il compare le
numéro de l'appel système à la liste permise ; un appel fait avec une autre
convention d'appel que celle de la machine (x32, i386) tue le processus, comme une
sortie avec un code de 128 ou plus (celui d'un processus tué par un signal, sous
bubblewrap : ``os._exit(137)`` ne passe pas pour un SIGKILL venu d'ailleurs). Les
numéros de chaque architecture viennent des tables du noyau (``unistd.h``) ;
``tests/project/test_safeguards.py`` les compare à celles de libseccomp quand elle est là.
"""

from __future__ import annotations

import errno
import os
import struct
import sys

# Les appels permis, par famille : ce dont le processus de travail et du code Python
# ordinaire (imports, calculs, affichage, fichiers de son dossier privé) ont besoin.
# fmt: off
ALLOWED = {
    "lire et écrire des fichiers": [
        "read", "write", "readv", "writev", "pread64", "pwrite64", "lseek", "close",
        "openat", "open", "newfstatat", "fstat", "stat", "lstat", "statx", "ioctl",
        "fcntl", "dup", "dup2", "dup3", "getdents64", "getcwd", "readlink", "readlinkat",
        "access", "faccessat", "faccessat2", "fsync", "fdatasync", "umask", "chdir",
        "fchdir", "statfs", "fstatfs", "fadvise64", "sendfile", "copy_file_range",
    ],
    # Sous Landlock, rien ne s'écrit : ces appels-là sont refusés (voir READ_ONLY_FLAGS).
    "créer, changer et effacer des fichiers (dans le tmpfs du bac à sable)": [
        "unlinkat", "unlink", "mkdirat", "mkdir", "renameat2", "rename", "ftruncate",
    ],
    "gérer sa mémoire": ["mmap", "munmap", "mremap", "mprotect", "brk", "madvise"],
    "recevoir un signal (jamais en envoyer)": [
        "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "sigaltstack", "restart_syscall",
    ],
    "lire l'heure, attendre": [
        "clock_gettime", "clock_getres", "clock_nanosleep", "nanosleep", "gettimeofday",
        "getrusage", "times",
    ],
    "se connaître": [
        "getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid", "uname",
        "sysinfo", "sched_getaffinity", "sched_yield", "getrandom",
    ],
    "verrous et fin du processus": ["futex", "set_robust_list", "rseq", "exit", "exit_group"],
}

# Les numéros des appels, par architecture (absent : l'appel n'existe pas sur elle).
NUMBERS = {
    "x86_64": {
        "read": 0, "write": 1, "readv": 19, "writev": 20, "pread64": 17, "pwrite64": 18,
        "lseek": 8, "close": 3, "openat": 257, "open": 2, "newfstatat": 262, "fstat": 5,
        "stat": 4, "lstat": 6, "statx": 332, "ioctl": 16, "fcntl": 72, "dup": 32,
        "dup2": 33, "dup3": 292, "getdents64": 217, "getcwd": 79, "readlink": 89,
        "readlinkat": 267, "access": 21, "faccessat": 269, "faccessat2": 439,
        "unlinkat": 263, "unlink": 87, "mkdirat": 258, "mkdir": 83, "renameat2": 316,
        "rename": 82, "ftruncate": 77, "fsync": 74, "fdatasync": 75, "umask": 95,
        "chdir": 80, "fchdir": 81, "statfs": 137, "fstatfs": 138, "fadvise64": 221,
        "sendfile": 40, "copy_file_range": 326,
        "mmap": 9, "munmap": 11, "mremap": 25, "mprotect": 10, "brk": 12, "madvise": 28,
        "rt_sigaction": 13, "rt_sigprocmask": 14, "rt_sigreturn": 15, "sigaltstack": 131,
        "restart_syscall": 219,
        "clock_gettime": 228, "clock_getres": 229, "clock_nanosleep": 230, "nanosleep": 35,
        "gettimeofday": 96, "getrusage": 98, "times": 100,
        "getpid": 39, "gettid": 186, "getppid": 110, "getuid": 102, "geteuid": 107,
        "getgid": 104, "getegid": 108, "uname": 63, "sysinfo": 99, "sched_getaffinity": 204,
        "sched_yield": 24, "getrandom": 318,
        "futex": 202, "set_robust_list": 273, "rseq": 334, "exit": 60, "exit_group": 231,
    },
    "aarch64": {
        "read": 63, "write": 64, "readv": 65, "writev": 66, "pread64": 67, "pwrite64": 68,
        "lseek": 62, "close": 57, "openat": 56, "newfstatat": 79, "fstat": 80, "statx": 291,
        "ioctl": 29, "fcntl": 25, "dup": 23, "dup3": 24, "getdents64": 61, "getcwd": 17,
        "readlinkat": 78, "faccessat": 48, "faccessat2": 439, "unlinkat": 35, "mkdirat": 34,
        "renameat2": 276, "ftruncate": 46, "fsync": 82, "fdatasync": 83, "umask": 166,
        "chdir": 49, "fchdir": 50, "statfs": 43, "fstatfs": 44, "fadvise64": 223,
        "sendfile": 71, "copy_file_range": 285,
        "mmap": 222, "munmap": 215, "mremap": 216, "mprotect": 226, "brk": 214,
        "madvise": 233,
        "rt_sigaction": 134, "rt_sigprocmask": 135, "rt_sigreturn": 139, "sigaltstack": 132,
        "restart_syscall": 128,
        "clock_gettime": 113, "clock_getres": 114, "clock_nanosleep": 115, "nanosleep": 101,
        "gettimeofday": 169, "getrusage": 165, "times": 153,
        "getpid": 172, "gettid": 178, "getppid": 173, "getuid": 174, "geteuid": 175,
        "getgid": 176, "getegid": 177, "uname": 160, "sysinfo": 179, "sched_getaffinity": 123,
        "sched_yield": 124, "getrandom": 278,
        "futex": 98, "set_robust_list": 99, "rseq": 293, "exit": 93, "exit_group": 94,
    },
}
# fmt: on
# Sous Landlock, le processus de travail n'a le droit d'écrire nulle part (le TP n'écrit
# aucun fichier) : le filtre le redit, quelle que soit l'ABI de Landlock. Il refuse la
# famille qui change des fichiers, et toute ouverture (``open``, ``openat``) pour écrire,
# créer, vider ou compléter un fichier. Avant l'ABI 3 (Linux 6.2), Landlock ne sait pas
# refuser ``open(f, O_RDONLY | O_TRUNC)`` sur un fichier qu'il laisse lire : c'est ce
# filtre qui le refuse (``creat``, ``truncate`` et ``openat2`` ne sont jamais permis).
WRITING_FAMILY = "créer, changer et effacer des fichiers (dans le tmpfs du bac à sable)"
O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND = 0o1, 0o2, 0o100, 0o1000, 0o2000
READ_ONLY_FLAGS = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND
# La place des drapeaux d'ouverture parmi les arguments de l'appel (0 : le premier).
OPEN_FLAGS_ARGUMENT = {"open": 1, "openat": 2}
# Les descripteurs que le processus peut ouvrir en plus de ceux qu'il a déjà : assez
# pour importer un paquet et lire un fichier, pas assez pour entasser de la mémoire.
SPARE_DESCRIPTORS = 16
AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
X32_SYSCALL_BIT = 0x40000000

# Les instructions BPF utilisées (linux/filter.h) et les réponses de seccomp.
LOAD_WORD = 0x20  # BPF_LD | BPF_W | BPF_ABS
JUMP_IF_EQUAL = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
JUMP_IF_GREATER_OR_EQUAL = 0x35  # BPF_JMP | BPF_JGE | BPF_K
JUMP_IF_BITS = 0x45  # BPF_JMP | BPF_JSET | BPF_K
RETURN = 0x06  # BPF_RET | BPF_K
ALLOW = 0x7FFF0000
KILL_PROCESS = 0x80000000
REFUSE = 0x00050000 | errno.EPERM  # SECCOMP_RET_ERRNO
OFFSET_NR, OFFSET_ARCH = 0, 4  # dans struct seccomp_data
# Le premier argument de l'appel (ses 32 bits de poids faible : les deux architectures
# sont petit-boutistes), dans struct seccomp_data ; les suivants, de 8 en 8 octets.
OFFSET_FIRST_ARGUMENT = 16
ARGUMENT_SIZE = 8
# Un code de sortie de 128 ou plus est ce que bubblewrap rend pour un processus tué par
# un signal (128 + le signal) : le processus de travail ne peut pas quitter avec un tel
# code (os._exit(137) passerait pour un SIGKILL venu de l'extérieur), il est arrêté par
# le filtre (SIGSYS), ce qui se voit comme une faute du code.
SIGNAL_LIKE_STATUS = 0x80

PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SIGKILL = 9


def instruction(code: int, k: int, jump_true: int = 0, jump_false: int = 0) -> bytes:
    """Une instruction BPF : struct sock_filter { u16 code; u8 jt; u8 jf; u32 k; }."""
    return struct.pack("=HBBI", code, jump_true, jump_false, k)


def allowed_numbers(machine: str, read_only: bool = False) -> list[int]:
    """Les numéros permis sur ``machine`` (``x86_64`` ou ``aarch64``), triés ; avec
    ``read_only``, sans la famille qui change des fichiers.

    >>> len(allowed_numbers("x86_64")) - len(allowed_numbers("x86_64", read_only=True))
    7
    """
    table = NUMBERS[machine]
    families = [n for family, n in ALLOWED.items() if not (read_only and family == WRITING_FAMILY)]
    return sorted({table[name] for names in families for name in names if name in table})


def seccomp_program(machine: str, read_only: bool = False) -> bytes:
    """Le filtre de ``machine`` (``x86_64`` ou ``aarch64``), en octets ; avec
    ``read_only`` (sous Landlock), il refuse aussi toute écriture dans un fichier
    (:data:`READ_ONLY_FLAGS`).

    >>> len(seccomp_program("x86_64")) % 8
    0
    """
    program = [
        instruction(LOAD_WORD, OFFSET_ARCH),
        instruction(JUMP_IF_EQUAL, AUDIT_ARCH[machine], 1, 0),
        instruction(RETURN, KILL_PROCESS),
        instruction(LOAD_WORD, OFFSET_NR),
    ]
    if machine == "x86_64":
        program += [
            instruction(JUMP_IF_GREATER_OR_EQUAL, X32_SYSCALL_BIT, 0, 1),
            instruction(RETURN, KILL_PROCESS),
        ]
    program += exit_status_check(machine)
    if read_only:
        program += opening_to_write_check(machine)
    for number in allowed_numbers(machine, read_only):
        # Si c'est ce numéro : l'instruction suivante (permettre) ; sinon, sauter par-dessus.
        program += [instruction(JUMP_IF_EQUAL, number, 0, 1), instruction(RETURN, ALLOW)]
    program.append(instruction(RETURN, REFUSE))
    return b"".join(program)


def exit_status_check(machine: str) -> list[bytes]:
    """Les instructions qui tuent le processus (SIGSYS) s'il quitte (``exit``,
    ``exit_group``) avec un code de 128 ou plus ; le numéro de l'appel est rechargé
    ensuite pour la liste permise."""
    table = NUMBERS[machine]
    return [
        instruction(JUMP_IF_EQUAL, table["exit_group"], 1, 0),
        # Ni exit_group ni exit : sauter les quatre instructions du contrôle.
        instruction(JUMP_IF_EQUAL, table["exit"], 0, 4),
        instruction(LOAD_WORD, OFFSET_FIRST_ARGUMENT),
        instruction(JUMP_IF_BITS, SIGNAL_LIKE_STATUS, 0, 1),
        instruction(RETURN, KILL_PROCESS),
        instruction(LOAD_WORD, OFFSET_NR),
    ]


def opening_to_write_check(machine: str) -> list[bytes]:
    """Les instructions qui refusent ``open`` et ``openat`` quand leurs drapeaux
    demandent d'écrire (:data:`READ_ONLY_FLAGS`) ; le numéro de l'appel est rechargé
    ensuite pour la liste permise."""
    table = NUMBERS[machine]
    program = []
    for name, argument in OPEN_FLAGS_ARGUMENT.items():
        if name not in table:
            continue  # arm64 n'a que openat
        program += [
            # Pas cet appel : sauter les quatre instructions du contrôle.
            instruction(JUMP_IF_EQUAL, table[name], 0, 4),
            instruction(LOAD_WORD, OFFSET_FIRST_ARGUMENT + argument * ARGUMENT_SIZE),
            instruction(JUMP_IF_BITS, READ_ONLY_FLAGS, 0, 1),
            instruction(RETURN, REFUSE),
            instruction(LOAD_WORD, OFFSET_NR),
        ]
    return program


def open_descriptors() -> int:
    """Le plus grand descripteur ouvert, plus un (ce que le processus tient déjà)."""
    try:
        return max(int(name) for name in os.listdir("/proc/self/fd")) + 1
    except (OSError, ValueError):
        return 64


def set_limits(memory_bytes: int, file_bytes: int) -> dict:
    """Pose les limites du noyau ; renvoie celles qui ont été posées (nom → valeur)."""
    try:
        import resource
    except ImportError:  # pas de limites hors Unix
        return {}
    limits = {
        "memory": (resource.RLIMIT_AS, memory_bytes),
        "file": (resource.RLIMIT_FSIZE, file_bytes),
        "descriptors": (resource.RLIMIT_NOFILE, open_descriptors() + SPARE_DESCRIPTORS),
    }
    set_ = {}
    for name, (limit, value) in limits.items():
        try:
            resource.setrlimit(limit, (value, value))
            set_[name] = value
        except (ValueError, OSError):
            pass
    return set_


def install_filter(read_only: bool = False) -> str | None:
    """Pose la mort avec le parent et le filtre seccomp (``read_only`` : sans écriture
    dans aucun fichier) ; renvoie ce qui manque (ou None)."""
    if not sys.platform.startswith("linux"):
        return f"pas de filtre des appels système sur {sys.platform}"
    machine = os.uname().machine  # ce que dit platform.machine(), sans son import
    if machine not in NUMBERS:
        return f"pas de filtre des appels système pour l'architecture {machine}"
    try:
        import ctypes
    except ImportError:
        return "pas de filtre des appels système : le module ctypes manque"
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int] + [ctypes.c_ulong] * 4
    libc.prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)
    code = seccomp_program(machine, read_only)

    class SockFprog(ctypes.Structure):
        _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))

    buffer = ctypes.create_string_buffer(code, len(code))
    program = SockFprog(len(code) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return "pas de filtre des appels système (PR_SET_NO_NEW_PRIVS refusé)"
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(program), 0, 0) != 0:
        return f"pas de filtre des appels système (seccomp refusé, errno {ctypes.get_errno()})"
    return None


def confine(paths: dict | None) -> dict:
    """Avec ``paths`` (donné par le juge quand bubblewrap manque : ``read``, les chemins à
    lire, et ``abi``, l'ABI de Landlock à ne pas dépasser, ou None) : Landlock, qui ne
    laisse plus lire que la bibliothèque standard et ces chemins-là, et écrire nulle part.

    Renvoie ``{"landlock": ABI}``, ou ``{"refused": pourquoi}`` : le processus de travail
    ne doit alors charger aucun code (``worker.main``)."""
    if not paths:
        return {}
    try:
        import landlock  # copié à côté de ce fichier

        readable = landlock.python_paths() + list(paths["read"]) + ["/dev/null"]
        return {"landlock": landlock.restrict(readable, [], highest=paths.get("abi"))}
    except Exception as error:  # tout échec refuse la notation : rien n'est chargé
        return {"refused": f"Landlock n'a pas pu être posé ({error})"}


def lock(config: dict) -> dict:
    """Pose toutes les restrictions ; renvoie ce qui a pu l'être, pour le juge."""
    limits = set_limits(config["memory_limit"], config["file_limit"])
    confined = confine(config.get("confine"))
    missing = install_filter(read_only=bool(config.get("confine")))
    if missing is not None and config.get("confine"):
        confined = {"refused": missing}  # sans filtre, Landlock seul ne suffit pas
    return {"seccomp": missing is None, "missing": missing, "limits": limits, **confined}
