"""Le lanceur pré-chargé de ``grade_class`` : pytest, hypothesis et le correcteur sont
importés une fois pour toute la classe, et chaque notation part d'une copie du processus.

``python -m pytest tests --submission RENDU`` passe un quart de son temps à démarrer
Python, importer pytest et hypothesis, puis le correcteur et ses tests. Le lanceur le
fait une fois ; pour chaque rendu, il crée (``fork``) un processus de garde, qui crée
à son tour le processus de la notation : celui-ci exécute ``pytest.main`` avec les
arguments de la ligne de commande, exactement comme ``python -m pytest`` (les modules
déjà importés ne sont pas relus). Le garde attend la notation, la tue si elle dépasse
sa limite de temps, et écrit son code de sortie.

Chaque demande arrive sur une socket Unix que seul ``grade_class`` tient : les
arguments de pytest, les variables d'environnement à changer, la limite de temps, et
trois descripteurs (le journal de pytest, le canal des résultats ``--results-fd``,
et le canal où le garde écrit le code de sortie). Le lanceur ne lit jamais rien d'un
rendu : le code de l'étudiant tourne, comme toujours, dans le processus de travail du
bac à sable, lancé par la notation.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import signal
import socket
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
MAX_REQUEST = 1 << 20  # octets d'une demande (les arguments de pytest)
DESCRIPTORS = 3  # le journal, les résultats, le code de sortie


def preload() -> None:
    """Importe ce que chaque notation importerait : pytest et ses greffons, hypothesis,
    le correcteur, la solution de référence et les tests notés (une notation ne lit pas
    les tests du projet)."""
    sys.path[:0] = [str(TESTS), str(ROOT)]  # comme pytest lancé depuis ROOT (mode prepend)
    import _pytest.config
    import pytest  # noqa: F401

    for name in _pytest.config.default_plugins:
        __import__(f"_pytest.{name}")
    __import__("tests.options")
    __import__("conftest")
    __import__("tp_demineur")
    sys.path.insert(0, str(TESTS / "graded"))  # comme pytest, qui y importe chaque module
    modules = [__import__(path.stem) for path in sorted((TESTS / "graded").glob("test_*.py"))]
    # L'empreinte de chaque test à exemples tirés, que hypothesis calculerait à chaque
    # notation (grading/digests.py).
    from grading import digests

    digests.warm(value for module in modules for value in vars(module).values())
    # Les constantes que hypothesis relève dans le code local (le correcteur, la
    # référence), pour en faire des exemples : relevées ici une fois, au lieu de l'être
    # à chaque notation (40 ms de calcul). Une notation relève elle-même celles des
    # modules qu'elle importe de plus : l'ensemble est celui d'un nouveau processus.
    # (Une fonction interne de hypothesis : absente, chaque notation les relève.)
    with contextlib.suppress(ImportError, AttributeError):
        from hypothesis.internal.conjecture.providers import _get_local_constants

        _get_local_constants()


def run_pytest(arguments: list[str], environment: dict[str, str], log: int, results: int):
    """Le processus de la notation : ``python -m pytest ARGUMENTS``, sans redémarrer."""
    import pytest

    os.dup2(log, 1)
    os.dup2(log, 2)
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    for descriptor in (log, nothing):
        os.close(descriptor)
    os.chdir(ROOT)
    os.environ.update(environment)
    tempfile.tempdir = None  # TMPDIR a pu changer : le dossier temporaire est relu
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C arrête la notation
    try:
        code = int(pytest.main([*arguments, f"--results-fd={results}"]))
    except BaseException:
        code = 3  # comme pytest : une erreur interne
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    with contextlib.suppress(OSError):  # pytest l'a déjà fermé en y écrivant le résultat
        os.close(results)
    os._exit(code)


def guard(request: dict, log: int, results: int, status: int) -> None:
    """Le processus de garde d'une notation : la lance, l'attend, écrit son issue."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # le lanceur ignore ses fils, pas le garde
    child = os.fork()
    if child == 0:
        os.close(status)
        run_pytest(request["arguments"], request["environment"], log, results)
    os.close(log)
    os.close(results)
    expired = []

    def stop(signum, frame):
        expired.append(True)
        os.kill(child, signal.SIGKILL)

    signal.signal(signal.SIGALRM, stop)
    signal.alarm(max(1, int(request["seconds"])))
    _, wait_status = os.waitpid(child, 0)
    signal.alarm(0)
    issue = {"code": os.waitstatus_to_exitcode(wait_status), "expired": bool(expired)}
    os.write(status, json.dumps(issue).encode())
    os._exit(0)


def serve(channel: socket.socket) -> None:
    """Une notation par demande, jusqu'à la fermeture de la socket.

    Un Ctrl-C de l'enseignant atteint tout le groupe : les notations en cours
    s'arrêtent, le lanceur et les gardes l'ignorent (le lanceur s'arrête quand
    ``grade_class`` ferme la socket, un garde quand sa notation finit).
    """
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # les gardes finis disparaissent d'eux-mêmes
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        message, descriptors, _, _ = socket.recv_fds(channel, MAX_REQUEST, DESCRIPTORS)
        if not message:
            return
        if len(descriptors) != DESCRIPTORS:
            for descriptor in descriptors:
                os.close(descriptor)
            continue
        request = json.loads(message)
        sys.stdout.flush()
        sys.stderr.flush()
        if os.fork() == 0:
            channel.close()
            guard(request, *descriptors)
        for descriptor in descriptors:
            os.close(descriptor)


def main() -> None:
    channel = socket.socket(fileno=int(sys.argv[1]))
    try:
        preload()
    except Exception as error:  # grade_class note alors chaque rendu par un nouveau processus
        print(f"Lanceur pré-chargé : import impossible ({error}).", file=sys.stderr)
        sys.exit(1)
    # Tout ce qui est importé là vit jusqu'à la fin : chaque notation le partage sans le
    # copier, et son ramasse-miettes ne le parcourt pas.
    gc.collect()
    gc.freeze()
    channel.send(b"pret")
    serve(channel)


if __name__ == "__main__":
    main()
