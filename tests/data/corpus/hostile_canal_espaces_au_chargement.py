# description : au chargement, après toutes les définitions, le rendu écrit des espaces sur le canal du correcteur (un tube parmi ses descripteurs) : le juge arrête ce chargement dès le premier octet, qui ne commence aucun message, le refait avec les seules définitions et le dit ; rien n'est perdu.
# perd : aucune
import os as _os
import stat as _stat

for _fd in range(3, 64):  # sans /proc (illisible sous Landlock)
    try:
        if _stat.S_ISFIFO(_os.fstat(_fd).st_mode):
            _os.write(_fd, b"    ")
    except OSError:
        pass
