# description : is_finished dort (time.sleep(3600)) au lieu de calculer : elle ne consomme pas de temps de calcul mais ne répond jamais. Le juge doit l'arrêter sur le temps d'attente (et non attendre une heure) ; seule is_finished perd des points.
# perd : is_finished
import time


def is_finished(mines, opened):
    time.sleep(3600)
    return 0
