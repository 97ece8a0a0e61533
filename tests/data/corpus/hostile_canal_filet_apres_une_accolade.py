# description : is_move_ok commence sur le canal du correcteur un message comme le ferait le processus de travail ({"), puis y ajoute un octet toutes les 2 ms en calculant sans fin, sans jamais finir la ligne : le juge vérifie ses limites à intervalle fixe, que des octets arrivent ou non, et arrête l'appel à sa limite de temps de calcul ; seule is_move_ok perd des points.
# perd : is_move_ok
import os
import stat
import time


def _canal():
    """Le descripteur du canal du correcteur : un tube ouvert en écriture parmi les siens."""
    for fd in range(3, 64):  # sans /proc (illisible sous Landlock)
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode) and os.write(fd, b'{"') == 2:
                return fd
        except OSError:
            continue
    return None


def is_move_ok(opened, x, y):
    fd = _canal()
    prochain = time.monotonic()
    while fd is not None:
        if time.monotonic() >= prochain:
            try:
                os.write(fd, b"a")
            except OSError:
                break
            prochain = time.monotonic() + 0.002
    return 0 <= y < len(opened) and 0 <= x < len(opened[0]) and not opened[y][x]
