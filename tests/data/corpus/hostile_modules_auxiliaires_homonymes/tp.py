# description : attaque : des modules auxiliaires rendus à côté du fichier, qui portent le nom de modules de Python (random, json, traceback, linecache) et du correcteur (rescue, lockdown, landlock, worker, python_messages), et qui arrêtent Python s'ils sont importés ; le fichier les importe tous. Ils ne remplacent rien : la bibliothèque standard et le correcteur passent avant eux, avant que le code de l'étudiant ne tourne comme après. Le vrai module auxiliaire (outils.py) est copié dans le bac à sable, importé, et sert à is_coord_ok.
# perd : aucune
import json
import linecache
import traceback

import landlock
import lockdown
import python_messages
import rescue
import worker
from outils import dans_le_plateau


def is_coord_ok(x, y, width, height):
    return dans_le_plateau(x, y, width, height)
