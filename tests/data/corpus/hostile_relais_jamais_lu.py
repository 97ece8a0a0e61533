# description : is_finished envoie sur le canal du correcteur 200 demandes de relais compute_neigh sur 50×20 cases sans jamais lire les réponses, puis dort : le tube vers le processus se remplit. Le juge ne doit jamais se bloquer en écrivant (échéance) : il arrête le processus et seule is_finished perd des points.
# perd : is_finished
import json
import time
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
    grille = {"L": [{"L": [y % 2 == 0] * 50, "id": y + 2} for y in range(20)], "id": 1}
    voisins = {"L": [{"L": [0] * 50, "id": y + 30} for y in range(20)], "id": 29}
    demande = json.dumps({"rpc": "compute_neigh", "args": [grille, voisins], "out": ""}) + "\n"
    _sur_le_canal(demande * 200)
    time.sleep(3600)
