# description : au chargement, le rendu essaie de vider chaque fichier qu'il peut lire du correcteur et du rendu (la copie du processus de travail, sa propre copie) : ouverture en lecture avec O_TRUNC (que Landlock ne sait refuser qu'à partir de son ABI 3), truncate, ouverture en écriture. Le filtre des appels système refuse tout, quelle que soit l'ABI ; la notation continue avec un correcteur intact. Si un fichier a pu être vidé, is_coord_ok le signale en répondant faux (et la copie du correcteur changée arrêterait la notation).
# perd : aucune
import os as _os
import sys as _sys


def _cibles():
    dossiers = {_os.path.dirname(_os.path.abspath(p)) for p in (_sys.argv[0], __file__) if p}
    for dossier in dossiers:
        try:
            noms = _os.listdir(dossier)
        except OSError:
            continue
        for nom in noms:
            chemin = _os.path.join(dossier, nom)
            if _os.path.isfile(chemin):
                yield chemin


def _vider(chemin):
    essais = (
        lambda: _os.close(_os.open(chemin, _os.O_RDONLY | _os.O_TRUNC)),
        lambda: _os.truncate(chemin, 0),
        lambda: _os.close(_os.open(chemin, _os.O_WRONLY | _os.O_TRUNC)),
        lambda: open(chemin, "r+").truncate(0),
    )
    for essai in essais:
        try:
            essai()
        except OSError:
            continue
        try:
            if _os.stat(chemin).st_size == 0:
                return True
        except OSError:
            pass
    return False


_VIDES = [chemin for chemin in list(_cibles()) if _os.path.getsize(chemin) > 0 and _vider(chemin)]

if _VIDES:

    def is_coord_ok(x, y, width, height):
        return True  # le signal : un fichier du correcteur ou du rendu vidé
