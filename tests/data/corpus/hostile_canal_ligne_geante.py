# description : is_finished écrit sur le canal du correcteur une ligne de 20 Mo sans fin de ligne (au-delà de la taille permise d'un message) : le juge doit s'arrêter de lire, arrêter le processus et faire échouer le test ; seule is_finished perd des points.
# perd : is_finished
import os
import stat


def _sur_le_canal(texte):
    """Écrit texte sur le canal du correcteur (le tube ouvert en écriture) sans passer par lui."""
    donnees = texte.encode()
    for fd in range(3, 64):  # les descripteurs ouverts, sans /proc (illisible sous Landlock)
        try:
            if not stat.S_ISFIFO(os.fstat(fd).st_mode):
                continue
            while donnees:
                donnees = donnees[os.write(fd, donnees) :]
            return
        except OSError:
            continue  # le bout du tube qui ne s'écrit pas


def is_finished(mines, opened):
    _sur_le_canal("x" * (20 * 2**20))
    return 0
