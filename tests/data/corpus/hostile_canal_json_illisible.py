# description : is_move_ok écrit sur le canal du correcteur une ligne qui n'est pas du JSON, puis renvoie la bonne valeur : le juge doit arrêter ce processus et faire échouer le test en cours en le disant, sans erreur interne ; seule is_move_ok perd des points.
# perd : is_move_ok
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


def is_move_ok(opened, x, y):
    _sur_le_canal("{pas du json, \"done\": true\n")
    return 0 <= y < len(opened) and 0 <= x < len(opened[0]) and not opened[y][x]
