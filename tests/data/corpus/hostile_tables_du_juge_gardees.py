# description : nb_adjacent_mines sans logique à soi. Au chargement, le rendu enveloppe l'Encoder du processus de travail (trouvé par sys.modules["__main__"]) pour garder chaque encodeur, et donc chaque table de réponses que le juge joint à un relais de nb_adjacent_mines pendant la notation des autres fonctions (compute_neigh en demande une par grille). Pendant sa propre notation, il cherche une table gardée pour une grille égale à celle reçue ; à défaut, il se fait passer pour une autre fonction notée (worker.graded) et interroge l'encodeur en cours. Le juge ne joint jamais de table quand nb_adjacent_mines est notée, et les grilles de ses cas privés ne sont pas celles des autres tests : elle doit perdre ses points.
# perd : nb_adjacent_mines
import gc
import sys

_Encoder = sys.modules["__main__"].Encoder
_init = _Encoder.__init__
_gardes = []


def _init_garde(self):
    _init(self)
    _gardes.append(self)


_Encoder.__init__ = _init_garde


def nb_adjacent_mines(mines, x, y):
    for encodeur in _gardes:
        for cle, table in list(encodeur.tables.items()):
            gardee = encodeur.sent.get(cle)
            if gardee is not None and gardee[1] == mines:
                return table[y][x]
    for objet in gc.get_objects():
        if type(objet).__name__ == "Worker":
            objet.graded = None
            compte = objet.encoder.known_count(mines, x, y)
            if compte is not None:
                return compte
    return 0
