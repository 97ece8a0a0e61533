"""La version de Python qu'il faut, vérifiée avant tout le reste.

Le jeu (``tp_demineur/__init__.py``), le correcteur (``tests/options.py``, chargé le
premier par pytest) et le kit étudiant (son ``conftest.py`` et son paquet, où ce
fichier est copié) appellent :func:`require_python` avant d'importer quoi que ce soit
d'autre : sur un Python trop ancien, un message en français et le code de sortie
:data:`EXIT_TOO_OLD`, au lieu d'une erreur de Python en anglais. Ce fichier se lit donc
avec n'importe quel Python 3 : ni annotations, ni f-chaînes, rien que la bibliothèque
standard.
"""

import sys

MINIMUM = (3, 10)  # comme requires-python, dans pyproject.toml
EXIT_TOO_OLD = 3


def too_old_message(version=None, executable=None):
    """Ce qu'on dit à qui lance le programme avec un Python trop ancien.

    >>> print(too_old_message((3, 9, 18), "/usr/bin/python3"))  # doctest: +NORMALIZE_WHITESPACE
    Ce programme demande Python 3.10 ou plus récent ; il a été lancé avec Python 3.9.18
    (/usr/bin/python3).
    Installez un Python plus récent (https://www.python.org/downloads/), puis lancez la même
    commande avec lui : par exemple python3.12 au lieu de python3 (Linux, macOS), ou
    py -3.12 au lieu de python (Windows). Un environnement virtuel .venv créé avec l'ancien
    Python est à refaire avec le nouveau (python3.12 -m venv .venv).
    """
    if version is None:
        version = sys.version_info[:3]
    if executable is None:
        executable = sys.executable or "python"
    # Ni f-chaîne ni format : des textes mis bout à bout, que tout Python 3 sait lire.
    minimum = ".".join(str(part) for part in MINIMUM)
    running = ".".join(str(part) for part in version)
    return (
        "Ce programme demande Python " + minimum + " ou plus récent ; il a été lancé avec "
        "Python " + running + "\n(" + executable + ").\n"
        "Installez un Python plus récent (https://www.python.org/downloads/), puis lancez la "
        "même\ncommande avec lui : par exemple python3.12 au lieu de python3 (Linux, macOS), "
        "ou\npy -3.12 au lieu de python (Windows). Un environnement virtuel .venv créé avec "
        "l'ancien\nPython est à refaire avec le nouveau (python3.12 -m venv .venv).\n"
    )


def require_python(version=None):
    """Arrête le programme (message en français, code :data:`EXIT_TOO_OLD`) si Python est
    plus ancien que :data:`MINIMUM` ; ne fait rien sinon."""
    if version is None:
        version = sys.version_info
    if tuple(version[:2]) >= MINIMUM:
        return
    sys.stdout.flush()
    sys.stderr.write(too_old_message(version[:3]))
    sys.stderr.flush()
    raise SystemExit(EXIT_TOO_OLD)
