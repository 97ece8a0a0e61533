# description : le rendu (la référence) lance au chargement une bombe fork : chaque processus se duplique à son tour, huit fois de suite (256 processus s'ils étaient permis, qui attendraient ensuite une minute) ; les échecs sont rattrapés. Ses fonctions sont justes : rien n'est perdu.
# perd : aucune
import os
import time

_moi = os.getpid()
for _ in range(8):
    try:
        os.fork()
    except OSError:
        pass
if os.getpid() != _moi:
    time.sleep(60)
    os._exit(0)
