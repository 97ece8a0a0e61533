# description : au chargement, le rendu écrit des fichiers de 512 Kio dans son dossier de travail, jusqu'à 300 Mio ou au premier refus. Sous bubblewrap, le dossier de travail est un tmpfs de 16 Mio ; sous Landlock, le processus de travail n'écrit nulle part. S'il a pu écrire plus de 16 Mio, is_coord_ok le signale en répondant faux : le verdict attendu (rien de perdu) dit que la promesse tient.
# perd : aucune
import os as _os

_BLOC = b"x" * (64 * 1024)


def _remplir(dossier):
    ecrit = 0
    for numero in range(600):
        try:
            fd = _os.open(_os.path.join(dossier, f"plein-{numero}"), _os.O_WRONLY | _os.O_CREAT, 0o600)
        except OSError:
            return ecrit
        try:
            for _ in range(8):  # 8 × 64 Kio = 512 Kio, sous la limite d'un fichier
                ecrit += _os.write(fd, _BLOC)
        except OSError:
            return ecrit
        finally:
            _os.close(fd)
    return ecrit


_ECRIT = _remplir(".")

if _ECRIT > 16 * 2**20:

    def is_coord_ok(x, y, width, height):
        return True  # le signal : plus de 16 Mio écrits
