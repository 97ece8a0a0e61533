# description : le rendu (la référence) essaie au chargement de lancer d'autres programmes : subprocess.run, os.system, os.posix_spawn, os.execv (qui remplacerait le processus de travail par un shell) et multiprocessing ; chaque échec est rattrapé. Ses fonctions sont justes : rien n'est perdu.
# perd : aucune
import os
import subprocess
import sys

_essais = [
    lambda: subprocess.run(["/bin/sh", "-c", "sleep 600 &"], timeout=5),
    lambda: os.system("sleep 600 &"),
    lambda: os.posix_spawn("/bin/sleep", ["sleep", "600"], {}),
    lambda: os.execv("/bin/sh", ["sh", "-c", "sleep 600"]),
    lambda: __import__("multiprocessing").Process(target=print).start(),
    lambda: os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(600)"]),
]
for _essai in _essais:
    try:
        _essai()
    except Exception:
        pass
