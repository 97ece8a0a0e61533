# description : initialise_open envoie elle-même sur le canal du correcteur une demande de relais {"rpc": "compute_neigh"…} dont les grilles sont mal encodées (une chaîne à la place des lignes), puis initialise correctement : la demande ne porte pas le numéro de l'appel en cours, le juge l'ignore sans appeler la référence ni lever d'erreur interne ; la fonction, juste, ne perd rien.
# perd : aucune
import json
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


def initialise_open(opened):
    demande = {"rpc": "compute_neigh", "args": [{"L": "pas une grille", "id": 1}, {"L": [[0]], "id": 2}], "out": ""}
    _sur_le_canal(json.dumps(demande) + "\n")
    for ligne in opened:
        for x in range(len(ligne)):
            ligne[x] = False
