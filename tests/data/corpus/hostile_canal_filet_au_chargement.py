# description : au chargement, après toutes les définitions, le rendu commence sur le canal du correcteur un message ({") puis y ajoute un octet toutes les 5 ms, en dormant, pendant 45 s : le juge arrête le chargement à sa limite d'attente (vérifiée à intervalle fixe, que des octets arrivent ou non), le refait avec les seules définitions, et rien n'est perdu.
# perd : aucune
import os as _os
import stat as _stat
import time as _time


def _canal():
    """Le descripteur du canal du correcteur : un tube ouvert en écriture parmi les siens."""
    for fd in range(3, 64):  # sans /proc (illisible sous Landlock)
        try:
            if _stat.S_ISFIFO(_os.fstat(fd).st_mode) and _os.write(fd, b'{"') == 2:
                return fd
        except OSError:
            continue
    return None


_fd = _canal()
_fin = _time.monotonic() + 45
while _fd is not None and _time.monotonic() < _fin:
    _time.sleep(0.005)
    try:
        _os.write(_fd, b"a")
    except OSError:
        break
