# description : le rendu (la référence) essaie au chargement de tuer le juge et la notation de la classe : os.kill(os.getppid(), 9), os.killpg de son groupe et du groupe 0, os.kill(-1, 9) (tous les processus de l'utilisateur), signal.pidfd_send_signal ; chaque échec est rattrapé. Le juge et noter_classe doivent survivre ; ses fonctions sont justes : rien n'est perdu.
# perd : aucune
import os
import signal

_essais = [
    lambda: os.kill(os.getppid(), signal.SIGKILL),
    lambda: os.killpg(os.getpgrp(), signal.SIGKILL),
    lambda: os.killpg(0, signal.SIGKILL),
    lambda: os.kill(-1, signal.SIGKILL),
    lambda: signal.pidfd_send_signal(os.pidfd_open(os.getppid()), signal.SIGKILL),
]
for _essai in _essais:
    try:
        _essai()
    except Exception:
        pass
