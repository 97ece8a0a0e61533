"""Lance une commande comme dans un conteneur Docker : sans nouveaux espaces de noms.

    python tests/project/no_namespaces.py [--sans-landlock] COMMANDE [ARGUMENTS…]

Le profil seccomp par défaut de Docker (celui de Gradescope, de PrairieLearn,
d'INGInious, des prisons de VPL en mode Docker) refuse à un processus sans privilège
de créer des espaces de noms : ``unshare``, ``setns``, ``clone`` avec un drapeau
``CLONE_NEW*`` et les montages reçoivent « opération non permise », ``clone3`` « appel
inconnu » (la bibliothèque C se rabat alors sur ``clone``). Ce lanceur pose le même
refus, puis remplace son processus par la commande : elle et tous ses descendants en
héritent, et le vrai bubblewrap y échoue avec sa vraie erreur. Le reste est permis,
comme sous Docker (Landlock compris).

Avec ``--sans-landlock``, les appels de Landlock sont refusés aussi, comme sous un
Docker plus ancien que la version 23 (son profil ne les connaissait pas) : il ne reste
alors aucun bac à sable possible.

C'est ainsi que les tests du projet notent « comme sur le terrain » sur une machine où
bubblewrap marche (``test_isolation_field.py``) ; un enseignant peut s'en servir pour
essayer une notation comme sa plateforme la fera.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "grading"))

from lockdown import (
    ALLOW,
    AUDIT_ARCH,
    JUMP_IF_EQUAL,
    LOAD_WORD,
    OFFSET_ARCH,
    OFFSET_NR,
    PR_SET_NO_NEW_PRIVS,
    PR_SET_SECCOMP,
    RETURN,
    SECCOMP_MODE_FILTER,
    instruction,
)

# Les appels refusés, par architecture : espaces de noms et montages (opération non
# permise), clone3 (inconnu), clone avec un drapeau d'espace de noms (voir plus bas).
REFUSED = {
    "x86_64": {
        "unshare": 272, "setns": 308, "mount": 165, "umount2": 166, "pivot_root": 155,
        "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431, "fsmount": 432,
        "fspick": 433, "mount_setattr": 442,
    },
    "aarch64": {
        "unshare": 97, "setns": 268, "mount": 40, "umount2": 39, "pivot_root": 41,
        "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431, "fsmount": 432,
        "fspick": 433, "mount_setattr": 442,
    },
}  # fmt: skip
CLONE = {"x86_64": 56, "aarch64": 220}
CLONE3 = 435
LANDLOCK = (444, 445, 446)  # landlock_create_ruleset, landlock_add_rule, landlock_restrict_self
# CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER |
# CLONE_NEWPID | CLONE_NEWNET : le masque du profil de Docker.
NAMESPACE_FLAGS = 0x7E020000
OFFSET_FIRST_ARGUMENT = 16  # struct seccomp_data : nr, arch, ip, puis args[0] (mot bas)
AND = 0x54  # BPF_ALU | BPF_AND | BPF_K


def errno_return(code: int) -> bytes:
    return instruction(RETURN, 0x00050000 | code)


def program(machine: str, refuse_landlock: bool = False) -> bytes:
    """Le filtre : tout permis, sauf les espaces de noms et les montages (et Landlock)."""
    code = [
        instruction(LOAD_WORD, OFFSET_ARCH),
        instruction(JUMP_IF_EQUAL, AUDIT_ARCH[machine], 1, 0),
        instruction(RETURN, ALLOW),
        instruction(LOAD_WORD, OFFSET_NR),
    ]
    refused = [*REFUSED[machine].values(), *(LANDLOCK if refuse_landlock else ())]
    for number in refused:
        code += [instruction(JUMP_IF_EQUAL, number, 0, 1), errno_return(errno.EPERM)]
    code += [instruction(JUMP_IF_EQUAL, CLONE3, 0, 1), errno_return(errno.ENOSYS)]
    code += [
        # Pas clone : sauter les cinq instructions qui suivent, jusqu'au dernier ALLOW.
        instruction(JUMP_IF_EQUAL, CLONE[machine], 0, 5),
        instruction(LOAD_WORD, OFFSET_FIRST_ARGUMENT),
        instruction(AND, NAMESPACE_FLAGS),
        instruction(JUMP_IF_EQUAL, 0, 0, 1),
        instruction(RETURN, ALLOW),
        errno_return(errno.EPERM),
        instruction(RETURN, ALLOW),
    ]
    return b"".join(code)


def refuse_namespaces(refuse_landlock: bool = False) -> None:
    """Pose le filtre sur ce processus (et ses descendants), pour toujours."""
    machine = platform.machine()
    if not sys.platform.startswith("linux") or machine not in REFUSED:
        raise SystemExit(f"no_namespaces.py : Linux x86-64 ou arm64 seulement ({machine})")
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int] + [ctypes.c_ulong] * 4
    code = program(machine, refuse_landlock)

    class SockFprog(ctypes.Structure):
        _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))

    buffer = ctypes.create_string_buffer(code, len(code))
    fprog = SockFprog(len(code) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise SystemExit("no_namespaces.py : PR_SET_NO_NEW_PRIVS refusé")
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(fprog), 0, 0) != 0:
        raise SystemExit(f"no_namespaces.py : seccomp refusé (errno {ctypes.get_errno()})")


def main(argv: list[str]) -> None:
    refuse_landlock = argv[:1] == ["--sans-landlock"]
    argv = argv[1:] if refuse_landlock else argv
    if not argv:
        raise SystemExit(__doc__)
    refuse_namespaces(refuse_landlock)
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    main(sys.argv[1:])
