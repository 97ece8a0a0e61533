"""Le chargement d'un rendu dans un processus de travail neuf.

Le juge lance le processus (dans le bac à sable s'il y en a un), lui envoie sa
configuration (les limites, le contrat, où est la copie du code), puis reçoit deux
messages : le verrouillage (écrit avant que le code de l'étudiant ne tourne) et le
résultat du chargement. Ce que dit ce résultat est vérifié champ par champ ; ce
qui vient après que le code de l'étudiant a tourné ne sert qu'aux explications du
retour, jamais à la note.
"""

from __future__ import annotations

import importlib.util
import marshal
import os
from pathlib import Path

from . import contract
from .channel import (
    IsolationRefused,
    WorkerLost,
    WorkerProcess,
    give_niceness,
    worker_environment,
)
from .limits import Limits
from .private_copy import PrivateCopy
from .safe_text import printable
from .wire import Malformed, error_field

GRADING = Path(__file__).resolve().parent
# Le processus de travail et ce qu'il importe : tout ce qui entre dans le bac à sable.
WORKER_FILES = [
    GRADING / "worker.py",
    GRADING / "lockdown.py",
    GRADING / "landlock.py",
    GRADING / "rescue.py",
    GRADING / "python_messages.py",
    GRADING / "cells.py",
]


def parso_folder() -> Path:
    """Le dossier du paquet parso, l'analyseur de Python qui tolère les erreurs dont
    ``rescue.py`` se sert : celui qu'installe ``pip install -e ".[enseignant]"``, ou celui que
    le kit et les plateformes emportent sous ``tests/`` (sans rien importer de lui)."""
    spec = importlib.util.find_spec("parso")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(
            'parso est introuvable : pip install -e ".[enseignant]" (le correcteur s\'en sert '
            "pour noter un fichier qui ne se compile pas, fonction par fonction)"
        )
    return Path(next(iter(spec.submodule_search_locations)))


def library_files(folder: Path) -> dict[str, bytes]:
    """Les fichiers d'un paquet en Python pur, sous son nom : ses modules et ses données (les
    grammaires de parso), ni bytecode ni ``__pycache__``.

    >>> sorted(library_files(parso_folder()))[:2]
    ['parso/__init__.py', 'parso/_compatibility.py']
    """
    files = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".txt") and "__pycache__" not in path.parts:
            files[f"{folder.name}/{path.relative_to(folder).as_posix()}"] = path.read_bytes()
    return files


def compiled(path: Path) -> bytes:
    """Le code compilé d'un fichier du processus de travail, au format ``.pyc`` (PEP 552,
    empreinte de la source, jamais revérifiée) : un processus de travail ne recompile
    pas ses 1 900 lignes à chaque lancement. Le nom de fichier de ses traces est entre
    chevrons : aucune trace ne va lire un fichier de ce nom."""
    source = path.read_bytes()
    code = compile(source, f"<correcteur/{path.name}>", "exec", dont_inherit=True)
    flags = (1).to_bytes(4, "little")  # bit 0 : empreinte de la source ; bit 1 (vérifier) : non
    return (
        importlib.util.MAGIC_NUMBER
        + flags
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


# Leur code compilé, une fois, au démarrage du juge, par l'interpréteur même du processus
# de travail (``sandbox.interpreter``) : chaque notation en écrit une copie privée, et
# vérifie avant chaque lancement que rien ne l'a changée (private_copy.py). Le processus
# de travail exécute ``worker.pyc`` et importe les autres sans leur source. parso suit,
# en source, dans son dossier : seul un fichier qui ne se compile pas l'importe (0,1 s de
# compilation qu'un rendu juste ne paie pas, ni le démarrage du juge).
WORKER_CODE = {
    **{f"{path.stem}.pyc": compiled(path) for path in WORKER_FILES},
    **library_files(parso_folder()),
}


def load(
    worker: WorkerProcess,
    copy: PrivateCopy,
    kind: str,
    limits: Limits,
    definitions_only: bool,
    modules: tuple[str, ...] = (),
) -> tuple[dict, dict | None]:
    """Lance le processus de travail et y charge le rendu.

    Renvoie ce que le chargement a donné et le verrouillage que le processus a
    décrit avant de charger le code (None s'il est mal décrit) ; lève
    :class:`WorkerLost` si le processus ne répond pas comme il faut.
    """
    begin_load(worker, copy, kind, limits, definitions_only, modules)
    return finish_load(worker, limits)


def begin_load(
    worker: WorkerProcess,
    copy: PrivateCopy,
    kind: str,
    limits: Limits,
    definitions_only: bool,
    modules: tuple[str, ...] = (),
) -> None:
    """Lance le processus de travail et lui demande de charger le rendu, sans attendre : le
    chargement avance pendant que le juge fait autre chose (``finish_load`` l'attend).

    ``modules`` : pour un paquet, ses modules qui définissent des fonctions du TP, où
    prendre celles que son ``__init__.py`` n'expose pas (``locate.package_modules``)."""
    inside = worker.start(copy, worker_environment())
    root = inside.parent if kind == "file" else inside
    worker.send(
        {
            "kind": kind,
            "path": str(inside),
            "root": str(root) + "/",
            "output_limit": limits.output_chars,
            "memory_limit": limits.memory_bytes,
            "file_limit": limits.file_bytes,
            "recursion_limit": limits.recursion,
            "contract": contract.PARAMETERS,
            "definitions_only": definitions_only,
            "modules": list(modules),
            # Avec Landlock : ce que le processus pourra encore lire et écrire.
            "confine": worker.confine,
        }
    )


def finish_load(worker: WorkerProcess, limits: Limits) -> tuple[dict, dict | None]:
    """Attend la fin du chargement demandé par ``begin_load`` et vérifie ce qu'il a donné.

    La limite de temps de calcul du chargement compte depuis le lancement du processus :
    le calcul fait avant cette attente en est retiré.
    """
    clock = limits.clock(limits.load_seconds)
    clock.cpu_seconds = max(0.0, clock.cpu_seconds - (worker.cpu() or 0.0))
    locked, used, idle = worker.receive(clock)
    # Les deux messages du chargement ont une seule limite, comme ceux d'un appel.
    exceeded = clock.charge(used, idle)
    if exceeded:
        worker.stop()
        spent = {"cpu": f"{limits.load_seconds:g} s de calcul", "idle": "sans calculer"}
        raise WorkerLost(exceeded, spent[exceeded])
    # Le premier message vient de Python lancé dans le bac à sable : le processus de
    # travail est dans sa session définitive (bwrap fait setsid juste avant).
    give_niceness(worker.pid, os.getpriority(os.PRIO_PROCESS, 0))
    lockdown = locked["locked"] if type(locked.get("locked")) is dict else None
    worker.sealed = (lockdown or {}).get("seccomp") is True
    if worker.confine and type((lockdown or {}).get("landlock")) is not int:
        worker.stop()
        why = (lockdown or {}).get("refused")
        raise IsolationRefused(
            "l'isolation Landlock, essayée avec succès au début, n'a pas pu être posée"
            + (f" : {printable(why[:300])}" if type(why) is str else "")
        )
    info, _, _ = worker.receive(clock)
    functions = info.get("functions")
    if type(functions) is not list or not all(type(f) is str for f in functions):
        raise WorkerLost("malformed", "la liste des fonctions est mal formée")
    loaded = {
        "ready": True,
        "functions": [f for f in functions if f in contract.FUNCTIONS],
        "error": safe_error(info),
        "read_input": info.get("read_input") is True,
        "output": printable(info["out"][:2000]) if type(info.get("out")) is str else "",
        "taken": taken_functions(info),
        **rescued_parts(info),
    }
    return loaded, lockdown


def taken_functions(info: dict) -> dict[str, list[str]]:
    """Les fonctions du contrat prises dans les modules d'un paquet, par module, parce que
    son ``__init__.py`` ne les expose pas (vérifiées ; pour le retour seulement)."""
    taken = info.get("taken")
    if type(taken) is not dict:
        return {}
    return {
        printable(module[:200]): [f for f in functions if f in contract.FUNCTIONS]
        for module, functions in list(taken.items())[:20]
        if type(module) is str
        and type(functions) is list
        and all(type(f) is str for f in functions)
    }


def safe_error(info: dict) -> dict | None:
    try:
        return error_field(info)
    except Malformed:
        return {"type": "?", "message": "erreur mal décrite", "line": None}


def rescued_parts(info: dict) -> dict:
    """Les passages retirés ou sautés au chargement (``rescue.py``), vérifiés un à un.

    Ils viennent du processus de travail après que le code de l'étudiant a tourné :
    ils ne servent qu'aux explications du retour, jamais à la note.
    """
    fields = {
        "dropped": {
            "file": str,
            "cell": (int, type(None)),  # dans un notebook, la cellule (rescue.py)
            "line": int,
            "end": int,
            "error_line": int,
            "text": str,
            "message": str,
            "functions": list,
        },
        "skipped": {
            "file": str,
            "cell": (int, type(None)),
            "line": int,
            "text": str,
            "type": (str, type(None)),
            "message": str,
            "name": (str, type(None)),  # le nom qu'un « from … import » n'a pas trouvé
        },
    }
    parts = {}
    for key, shape in fields.items():
        items = info.get(key)
        if type(items) is not list:
            continue
        parts[key] = [
            {name: shown(item[name]) for name in shape}
            for item in items[:50]
            if type(item) is dict
            and all(isinstance(item.get(name), kind) for name, kind in shape.items())
            and all(type(f) is str for f in item.get("functions", []))
        ]
    if type(info.get("encoding")) is str:
        parts["encoding"] = printable(info["encoding"][:20])
    if type(info.get("notebook")) is str:
        parts["notebook"] = shown(info["notebook"][:200])
    return parts


def shown(value):
    """Un champ venu du processus de travail, prêt à être montré : un texte coupé à 500
    caractères et sans caractère de contrôle, une liste de textes de même."""
    if type(value) is str:
        return printable(value[:500])
    if type(value) is list:
        return [shown(item) for item in value[:50]]
    return value
