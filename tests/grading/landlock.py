"""Landlock : ce que le processus de travail peut encore lire et écrire, sans espaces de noms.

Landlock est un module de sécurité de Linux (5.13 et après) qu'un processus sans
privilège pose sur lui-même, pour toujours, et que ses enfants héritent : au-delà,
ouvrir un fichier, lister un dossier, créer, renommer ou effacer quoi que ce soit
n'est permis que sous les chemins nommés par ses règles. Il ne demande ni espace de
noms ni droit particulier, et le profil seccomp par défaut de Docker le permet : c'est
l'isolation du processus de travail là où bubblewrap ne peut pas créer son bac à sable
(``sandbox.py``).

Les règles (:func:`restrict`) : lire sous les chemins ``read`` (la bibliothèque
standard de Python, ses bibliothèques partagées, la copie privée du correcteur et du
rendu), lire et écrire sous les chemins ``write`` (le processus de travail n'en reçoit
aucun). Tout le reste est refusé, ``/proc`` compris : ni la ligne de commande, ni
l'environnement, ni la mémoire d'un autre processus. Selon la version du noyau (son
ABI), Landlock refuse aussi de vider un fichier (ABI 3 ; avant, c'est le filtre seccomp
de ``lockdown.py`` qui le refuse), les connexions TCP (ABI 4), les ``ioctl`` sur les
périphériques (ABI 5), l'envoi de signaux et les sockets abstraites hors du processus
(ABI 6).

Ce module ne dépend que de la bibliothèque standard : il est copié avec
``worker.py`` et ``lockdown.py``, qui l'appelle avant le filtre seccomp (ce filtre
refuse les appels de Landlock eux-mêmes).
"""

from __future__ import annotations

import os
import struct

# Les appels système de Landlock : les mêmes numéros sur toutes les architectures.
CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH = 1

# Les droits sur les fichiers (linux/landlock.h), et l'ABI qui les a apportés.
EXECUTE = 1 << 0
WRITE_FILE = 1 << 1
READ_FILE = 1 << 2
READ_DIR = 1 << 3
REMOVE_DIR = 1 << 4
REMOVE_FILE = 1 << 5
MAKE_CHAR = 1 << 6
MAKE_DIR = 1 << 7
MAKE_REG = 1 << 8
MAKE_SOCK = 1 << 9
MAKE_FIFO = 1 << 10
MAKE_BLOCK = 1 << 11
MAKE_SYM = 1 << 12
REFER = 1 << 13  # ABI 2 : déplacer d'un dossier à un autre
TRUNCATE = 1 << 14  # ABI 3
IOCTL_DEV = 1 << 15  # ABI 5
FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV  # ceux d'un fichier seul
FS_RIGHTS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1}
ALL_FS_RIGHTS = (1 << 16) - 1  # ABI 5 et après
NET_TCP = 0b11  # ABI 4 : lier et connecter un port TCP
SCOPE_SIGNAL_AND_ABSTRACT_SOCKET = 0b11  # ABI 6

READ = READ_FILE | READ_DIR
WRITE = READ | WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_DIR | MAKE_REG | REFER | TRUNCATE

_libc = None


def libc():
    global _libc
    if _libc is None:
        import ctypes

        _libc = ctypes.CDLL(None, use_errno=True)
        _libc.syscall.restype = ctypes.c_long
    return _libc


def abi() -> int:
    """La version de Landlock que le noyau offre (0 : aucune, ou refusée ici)."""
    import ctypes

    try:
        version = libc().syscall(
            ctypes.c_long(CREATE_RULESET), None, ctypes.c_size_t(0), ctypes.c_uint32(1)
        )
    except (OSError, AttributeError):
        return 0
    return max(int(version), 0)


def handled_rights(version: int) -> tuple[int, int, int]:
    """Tout ce que Landlock sait contrôler à cette version : (fichiers, réseau, portée)."""
    files = FS_RIGHTS_BY_ABI.get(version, ALL_FS_RIGHTS)
    network = NET_TCP if version >= 4 else 0
    scoped = SCOPE_SIGNAL_AND_ABSTRACT_SOCKET if version >= 6 else 0
    return files, network, scoped


def restrict(read: list[str], write: list[str], highest: int | None = None) -> int:
    """Pose les règles sur ce processus (et ceux qu'il créerait) ; renvoie l'ABI utilisée.

    ``read`` : chemins (dossiers ou fichiers) où lire ; ``write`` : dossiers où lire,
    créer, écrire et effacer. Un chemin absent est ignoré. ``highest`` : ne se servir que
    de ce que savent les ABI jusqu'à celle-là (pour essayer, sur un noyau récent, ce que
    donne un noyau ancien ; ``sandbox.landlock_ceiling``). Demande ``PR_SET_NO_NEW_PRIVS`` (posé
    ici). Lève ``OSError`` si Landlock manque ou refuse.
    """
    import ctypes

    version = abi()
    if version < 1:
        raise OSError("Landlock est absent de ce noyau, ou refusé ici")
    if highest is not None:
        version = max(1, min(version, highest))
    files, network, scoped = handled_rights(version)
    size = 8 if version < 4 else 16 if version < 6 else 24
    attributes = (ctypes.c_uint64 * 3)(files, network, scoped)
    call = libc().syscall
    ruleset = call(
        ctypes.c_long(CREATE_RULESET), ctypes.byref(attributes), ctypes.c_size_t(size), 0
    )
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "Landlock refuse de créer ses règles")
    try:
        for paths, rights in ((read, READ), (write, WRITE)):
            for path in paths:
                add_rule(ruleset, path, rights & files)
        if libc().prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
            raise OSError(ctypes.get_errno(), "PR_SET_NO_NEW_PRIVS refusé")
        if call(ctypes.c_long(RESTRICT_SELF), ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), "Landlock refuse de s'appliquer")
    finally:
        os.close(ruleset)
    return version


def add_rule(ruleset: int, path: str, rights: int) -> None:
    import ctypes

    try:
        descriptor = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # absent ici : rien à permettre
    try:
        if not os.path.isdir(path):
            rights &= FILE_RIGHTS
        # struct landlock_path_beneath_attr { __u64 allowed_access; __s32 parent_fd; } (packed)
        packed = struct.pack("=Qi", rights, descriptor)
        buffer = ctypes.create_string_buffer(packed, len(packed))
        result = libc().syscall(
            ctypes.c_long(ADD_RULE),
            ctypes.c_int(ruleset),
            ctypes.c_int(RULE_PATH_BENEATH),
            buffer,
            ctypes.c_uint32(0),
        )
        if result != 0:
            raise OSError(ctypes.get_errno(), f"Landlock refuse la règle de {path}")
    finally:
        os.close(descriptor)


# Des noms qu'aucune bibliothèque du système ne porte, mais que portent les paquets
# installés : les dossiers où pip et les distributions les mettent.
PACKAGE_FOLDERS = ("site-packages", "dist-packages")


def python_paths() -> list[str]:
    """Ce que Python doit pouvoir lire pour tourner et importer sa bibliothèque standard,
    et rien d'autre : les entrées du dossier de la bibliothèque standard (sauf les
    paquets installés), les bibliothèques partagées déjà chargées, les dossiers où le
    chargeur en trouvera d'autres (sauf ce qui y ressemble à une installation de Python).

    À appeler dans le processus qui sera restreint : il lit ``/proc/self/maps``.
    """
    stdlib = os.path.dirname(os.__file__)
    paths = [os.path.join(stdlib, name) for name in listing(stdlib) if name not in PACKAGE_FOLDERS]
    libraries = set()
    try:
        with open("/proc/self/maps", encoding="ascii", errors="replace") as maps:
            for line in maps:
                name = line.rstrip("\n").split(None, 5)[-1]
                if name.startswith("/") and ".so" in os.path.basename(name):
                    libraries.add(name)
    except OSError:
        pass
    paths += sorted(libraries)
    folders = {os.path.dirname(path) for path in libraries}
    folders.update(f"{root}/{os.uname().machine}-linux-gnu" for root in ("/lib", "/usr/lib"))
    for folder in sorted(folders):
        names = listing(folder)
        if folder == stdlib or not names:
            continue
        if any(name.startswith("python") or name in PACKAGE_FOLDERS for name in names):
            # Un préfixe d'installation (…/lib de pyenv) : ses fichiers un à un, sans ses
            # dossiers python3.X (la bibliothèque standard y est déjà, entrée par entrée).
            paths += [
                os.path.join(folder, name)
                for name in names
                if not name.startswith("python")
                and name not in PACKAGE_FOLDERS
                and not os.path.isdir(os.path.join(folder, name))
            ]
        else:
            paths.append(folder)
    paths.append("/etc/ld.so.cache")
    return paths


def listing(folder: str) -> list[str]:
    try:
        return sorted(os.listdir(folder))
    except OSError:
        return []
