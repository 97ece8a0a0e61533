"""Ce que le processus de travail s'interdit, avant de charger le code de l'étudiant.

Ce module ne dépend que de la bibliothèque standard : il est copié dans le bac à
sable avec ``worker.py``. Il pose, dans cet ordre :

- des limites du noyau (``setrlimit``) : la mémoire adressable, la taille d'un
  fichier écrit ;
- sous Linux, la mort du processus avec son parent (``PR_SET_PDEATHSIG``) : un
  correcteur tué ne laisse pas de processus de travail derrière lui ;
- sous Linux (x86-64 et arm64), un filtre seccomp qui refuse, pour toujours, les
  appels système dont le TP n'a aucun besoin : créer un processus ou un fil
  d'exécution, en lancer un autre (``execve``), envoyer un signal, ouvrir une
  socket, tracer un processus, changer d'espace de noms ou monter un système de
  fichiers, changer ses propres limites (``setrlimit`` : il pourrait se faire tuer
  par le noyau et passer pour tué de l'extérieur), créer un fichier en mémoire
  (``memfd_create``, hors de sa limite de mémoire), et quelques interfaces du noyau
  rarement utiles et souvent attaquées.

Sans autre processus possible, la mémoire et le temps de calcul du processus de
travail sont ceux de toute la soumission ; aucun processus ne survit à la
notation ; et un signal reçu ne peut venir que de l'extérieur.

Le filtre est un petit programme BPF, écrit ici octet par octet : il compare le
numéro de l'appel système à une liste et répond « opération non permise »
(``EPERM``) pour ceux de la liste. Un appel fait avec une autre convention
d'appel que celle de la machine (x32, i386) tue le processus.
"""

from __future__ import annotations

import errno
import platform
import struct
import sys

# Les appels refusés, par architecture : (nom, numéro).
DENIED = {
    "x86_64": {
        "clone": 56,
        "fork": 57,
        "vfork": 58,
        "execve": 59,
        "kill": 62,
        "ptrace": 101,
        "rt_sigqueueinfo": 129,
        "personality": 135,
        "chroot": 161,
        "mount": 165,
        "umount2": 166,
        "pivot_root": 155,
        "tkill": 200,
        "tgkill": 234,
        "add_key": 248,
        "request_key": 249,
        "keyctl": 250,
        "unshare": 272,
        "rt_tgsigqueueinfo": 297,
        "perf_event_open": 298,
        "setns": 308,
        "process_vm_readv": 310,
        "process_vm_writev": 311,
        "bpf": 321,
        "execveat": 322,
        "userfaultfd": 323,
        "pidfd_send_signal": 424,
        "io_uring_setup": 425,
        "io_uring_enter": 426,
        "io_uring_register": 427,
        "pidfd_open": 434,
        "clone3": 435,
        "socket": 41,
        "socketpair": 53,
        "setrlimit": 160,
        "prlimit64": 302,
        "memfd_create": 319,
    },
    "aarch64": {
        "clone": 220,
        "execve": 221,
        "kill": 129,
        "ptrace": 117,
        "rt_sigqueueinfo": 138,
        "personality": 92,
        "chroot": 51,
        "mount": 40,
        "umount2": 39,
        "pivot_root": 41,
        "tkill": 130,
        "tgkill": 131,
        "add_key": 217,
        "request_key": 218,
        "keyctl": 219,
        "unshare": 97,
        "rt_tgsigqueueinfo": 240,
        "perf_event_open": 241,
        "setns": 268,
        "process_vm_readv": 270,
        "process_vm_writev": 271,
        "bpf": 280,
        "execveat": 281,
        "userfaultfd": 282,
        "pidfd_send_signal": 424,
        "io_uring_setup": 425,
        "io_uring_enter": 426,
        "io_uring_register": 427,
        "pidfd_open": 434,
        "clone3": 435,
        "socket": 198,
        "socketpair": 199,
        "setrlimit": 164,
        "prlimit64": 261,
        "memfd_create": 279,
    },
}
AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
X32_SYSCALL_BIT = 0x40000000

# Les instructions BPF utilisées (linux/filter.h) et les réponses de seccomp.
LOAD_WORD = 0x20  # BPF_LD | BPF_W | BPF_ABS
JUMP_IF_EQUAL = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
JUMP_IF_GREATER_OR_EQUAL = 0x35  # BPF_JMP | BPF_JGE | BPF_K
RETURN = 0x06  # BPF_RET | BPF_K
ALLOW = 0x7FFF0000
KILL_PROCESS = 0x80000000
REFUSE = 0x00050000 | errno.EPERM  # SECCOMP_RET_ERRNO
OFFSET_NR, OFFSET_ARCH = 0, 4  # dans struct seccomp_data

PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SIGKILL = 9


def instruction(code: int, k: int, jump_true: int = 0, jump_false: int = 0) -> bytes:
    """Une instruction BPF : struct sock_filter { u16 code; u8 jt; u8 jf; u32 k; }."""
    return struct.pack("=HBBI", code, jump_true, jump_false, k)


def seccomp_program(machine: str) -> bytes:
    """Le filtre de ``machine`` (``x86_64`` ou ``aarch64``), en octets.

    >>> len(seccomp_program("x86_64")) % 8
    0
    """
    numbers = sorted(set(DENIED[machine].values()))
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
    for number in numbers:
        # Si c'est ce numéro : l'instruction suivante (refuser) ; sinon, sauter par-dessus.
        program += [instruction(JUMP_IF_EQUAL, number, 0, 1), instruction(RETURN, REFUSE)]
    program.append(instruction(RETURN, ALLOW))
    return b"".join(program)


def set_limits(memory_bytes: int, file_bytes: int) -> None:
    try:
        import resource
    except ImportError:  # pas de limites hors Unix
        return
    for limit, value in ((resource.RLIMIT_AS, memory_bytes), (resource.RLIMIT_FSIZE, file_bytes)):
        try:
            resource.setrlimit(limit, (value, value))
        except (ValueError, OSError):
            pass


def install_filter() -> str | None:
    """Pose la mort avec le parent et le filtre seccomp ; renvoie ce qui manque (ou None)."""
    if not sys.platform.startswith("linux"):
        return f"pas de filtre des appels système sur {sys.platform}"
    machine = platform.machine()
    if machine not in DENIED:
        return f"pas de filtre des appels système pour l'architecture {machine}"
    try:
        import ctypes
    except ImportError:
        return "pas de filtre des appels système : le module ctypes manque"
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int] + [ctypes.c_ulong] * 4
    libc.prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)
    code = seccomp_program(machine)

    class SockFprog(ctypes.Structure):
        _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))

    buffer = ctypes.create_string_buffer(code, len(code))
    program = SockFprog(len(code) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return "pas de filtre des appels système (PR_SET_NO_NEW_PRIVS refusé)"
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(program), 0, 0) != 0:
        return f"pas de filtre des appels système (seccomp refusé, errno {ctypes.get_errno()})"
    return None


def lock(config: dict) -> dict:
    """Pose toutes les restrictions ; renvoie ce qui a pu l'être, pour le juge."""
    set_limits(config["memory_limit"], config["file_limit"])
    missing = install_filter()
    return {"seccomp": missing is None, "missing": missing}
