# description : is_finished écrit sur le canal du correcteur une espace toutes les 5 ms pendant 45 s avant de répondre : rien de ce qu'écrit le processus de travail ne commence par une espace, le juge arrête ce processus dès le premier octet et fait échouer le test en cours ; seule is_finished perd des points (avant, les limites n'étaient vérifiées qu'après 50 ms de silence : le filet les suspendait toutes).
# perd : is_finished
import os
import stat
import time


def _canal():
    """Le descripteur du canal du correcteur : un tube ouvert en écriture parmi les siens."""
    for fd in range(3, 64):  # sans /proc (illisible sous Landlock)
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode) and os.write(fd, b" ") == 1:
                return fd
        except OSError:
            continue
    return None


def is_finished(mines, opened):
    fd = _canal()
    fin = time.monotonic() + 45
    while fd is not None and time.monotonic() < fin:
        time.sleep(0.005)
        try:
            os.write(fd, b" ")
        except OSError:
            break
    for ligne_mines, ligne_ouverte in zip(mines, opened):
        if any(m and o for m, o in zip(ligne_mines, ligne_ouverte)):
            return 2
    for ligne_mines, ligne_ouverte in zip(mines, opened):
        if any(not m and not o for m, o in zip(ligne_mines, ligne_ouverte)):
            return 0
    return 1
