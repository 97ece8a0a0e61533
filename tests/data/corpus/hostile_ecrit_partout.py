# description : le rendu (la référence) essaie au chargement d'écrire un fichier partout où l'enseignant le pourrait : dans $HOME, /root, /tmp, /var/tmp, /dev/shm, le dossier courant, à côté de sa propre copie, et dans chaque dossier parent de tout ce qu'il voit (sys.argv[0], __file__, /proc/self/cwd, /proc/<ppid>/cwd, les chemins de /proc/self/mountinfo), là où se trouverait le projet ; chaque échec est rattrapé. Ses fonctions sont justes : rien n'est perdu. (La porte dérobée dans le conftest.py du projet est essayée par tests/test_bac_a_sable.py, qui exige le bac à sable.)
# perd : aucune
import os
import sys

_NOM = "intrusion_demineur.txt"
_dossiers = [os.environ.get("HOME", ""), os.path.expanduser("~"), "/root", "/tmp", "/var/tmp", "/dev/shm", os.getcwd()]
_dossiers.append(os.path.dirname(os.path.abspath(__file__)))
_pistes = [sys.argv[0], __file__, "/proc/self/cwd", f"/proc/{os.getppid()}/cwd"]
try:
    with open("/proc/self/mountinfo", encoding="utf-8") as _fichier:
        _pistes += [mot for ligne in _fichier for mot in ligne.split() if mot.startswith("/")]
except OSError:
    pass
for _piste in _pistes:
    _dossier = os.path.realpath(_piste) if os.path.exists(_piste) else os.path.dirname(_piste)
    while _dossier not in ("", "/"):
        _dossiers.append(_dossier)
        _dossier = os.path.dirname(_dossier)
for _dossier in _dossiers:
    try:
        with open(os.path.join(_dossier, _NOM), "x", encoding="utf-8") as _fichier:
            _fichier.write("passé par là\n")
    except OSError:
        pass
