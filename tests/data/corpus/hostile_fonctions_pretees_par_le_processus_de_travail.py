# description : aucune logique à soi dans is_coord_ok ni dans is_move_ok. Le rendu retrouve le Worker avec gc.get_objects() et se sert du calcul que le processus de travail fait lui-même, sans relais, pour ces deux fonctions pendant la notation des autres (les remplaçants Worker.stubs ; une inondation peut appeler is_move_ok 150 000 fois) : pendant sa propre notation, il ajoute la fonction notée à la liste de ce que le juge permet (Worker.lent), puis appelle le remplaçant de cette fonction. Son propre code n'a aucune logique : les deux fonctions doivent perdre leurs points.
# perd : is_coord_ok, is_move_ok
# faille : le processus de travail calcule lui-même is_coord_ok et is_move_ok pour les autres fonctions, et la liste de ce qu'il a le droit de calculer vit dans le même processus que le code de l'étudiant, qui peut la récrire
import gc
import sys

_Worker = sys.modules["__main__"].Worker
_trouve = []


def _pretee(name, *args):
    if not _trouve:
        _trouve.append(next(o for o in gc.get_objects() if isinstance(o, _Worker)))
    worker = _trouve[0]
    worker.lent = worker.lent | {name}
    return worker.stubs[name](*args)


def is_coord_ok(x, y, width, height):
    return _pretee("is_coord_ok", x, y, width, height)


def is_move_ok(opened, x, y):
    return _pretee("is_move_ok", opened, x, y)
