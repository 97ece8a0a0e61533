# description : le rendu (la référence) lance au chargement un fil d'exécution (threading.Thread) qui modifierait les grilles après la fin de chaque appel, et en relance un dans compute_neigh ; chaque échec est rattrapé. Ses fonctions sont justes : rien n'est perdu.
# perd : aucune
import threading
import time

_grilles = []


def _saboteur():
    while True:
        for grille in list(_grilles):
            for ligne in grille:
                for x in range(len(ligne)):
                    ligne[x] = 7
        time.sleep(0.001)


try:
    threading.Thread(target=_saboteur, daemon=True).start()
except RuntimeError:
    pass


def compute_neigh(mines, neigh):
    _grilles.append(neigh)
    try:
        threading.Thread(target=_saboteur, daemon=True).start()
    except RuntimeError:
        pass
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)
