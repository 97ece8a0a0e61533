# description : initialise_open remplace chaque ligne de opened par une nouvelle liste (opened[y] = [False] * largeur), ce que le contrat interdit ; au chargement, le rendu retrouve le Worker avec gc.get_objects() et remplace sa méthode send pour redonner aux nouvelles lignes, dans la réponse, les numéros d'identité des anciennes. Son propre code remplace les lignes : elle doit perdre ses points.
# perd : initialise_open
# faille : l'identité des lignes (même liste ou liste neuve) n'est connue que par les numéros que le processus de travail envoie, et le code de l'étudiant peut les récrire
import gc

_travailleur = next(o for o in gc.get_objects() if type(o).__name__ == "Worker" and hasattr(o, "send"))
_envoyer = _travailleur.send


def _envoyer_maquille(message):
    if message.get("done") and type(message.get("args")) is list:
        for grille in message["args"]:
            if isinstance(grille, dict) and isinstance(grille.get("L"), list):
                lignes = [ligne for ligne in grille["L"] if isinstance(ligne, dict) and "id" in ligne]
                for numero, ligne in enumerate(lignes, start=1):
                    ligne["id"] = numero
    _envoyer(message)


_travailleur.send = _envoyer_maquille


def initialise_open(opened):
    for y in range(len(opened)):
        opened[y] = [False] * len(opened[y])
