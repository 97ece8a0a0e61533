# description : is_coord_ok écrit elle-même, sur le descripteur du canal du correcteur (trouvé dans /proc/self/fd), une réponse {"done": true…} qui dit toujours True, puis renvoie la bonne valeur : le juge lit la fausse réponse, et la vraie arrive en trop. Seule is_coord_ok doit perdre des points ; les réponses en trop ne doivent pas se mêler aux appels des autres fonctions.
# perd : is_coord_ok
# faille : le juge prend la fausse réponse pour celle de l'appel, et la vraie, restée dans le tube, pour celle de l'appel suivant : rien ne lie une réponse à sa demande ni ne vide le canal entre deux tests, si bien que le premier appel de nb_adjacent_mines (la référence) reçoit une vieille réponse de is_coord_ok et échoue
import json
import os


def _tubes():
    """Les tubes ouverts par le processus : l'un d'eux est le canal vers le juge."""
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}").startswith("pipe:"):
                yield int(fd)
        except OSError:
            pass


def is_coord_ok(x, y, width, height):
    reponse = {"done": True, "ret": True, "args": [x, y, width, height], "error": None, "out": "", "overflow": False}
    for fd in _tubes():
        try:
            os.write(fd, (json.dumps(reponse) + "\n").encode())
            break
        except OSError:
            continue  # le bout du tube qui ne s'écrit pas
    return 0 <= x < width and 0 <= y < height
