# description : le rendu (la référence) essaie au chargement de lancer quatre processus fils qui prennent chacun 400 Mo (ensemble bien plus que la mémoire permise au rendu) ; chaque échec est rattrapé. Ses fonctions sont justes : rien n'est perdu.
# perd : aucune
import os
import time

for _ in range(4):
    try:
        if os.fork() == 0:
            tampon = bytearray(400 * 2**20)
            time.sleep(30)
            os._exit(0)
    except OSError:
        pass
