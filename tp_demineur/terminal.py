"""Le terminal du jeu : ce qui sert aussi au jeu du kit étudiant (copié tel quel dans le kit).

Ce module ne dépend de rien d'autre du paquet.
"""

import io
import sys


def tolerate_bad_characters() -> None:
    """Ne plus s'arrêter sur un caractère que l'entrée ou la sortie ne sait pas coder.

    Avec une locale UTF-8 stricte (fr_FR.UTF-8, en_US.UTF-8…), un octet
    invalide tapé ou envoyé au jeu ferait planter ``input()`` par une
    ``UnicodeDecodeError`` ; il devient « � » et reçoit un message d'erreur
    comme toute autre ligne incorrecte. De même, une sortie qui ne sait pas
    afficher « ■ » montre « ? » au lieu de planter.
    """
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
