# description : aucune logique à soi : le rendu cherche la solution de référence à partir de sys.argv[0] (le dossier du programme qui le charge et tous ses parents, à la recherche de tp_demineur/tp.py) et l'exécute dans son propre module. Dans le bac à sable, ce dossier ne contient que le processus de travail : rien n'est trouvé, aucune fonction n'est définie.
# perd : initialise_mines, initialise_open, is_coord_ok, nb_adjacent_mines, compute_neigh, display_board, is_move_ok, ask_move, propagate_open_cells, is_finished, play_turn, play_the_game, main
# base : aucune
import os
import sys


def chercher(depart):
    dossier = os.path.abspath(depart)
    while True:
        for candidat in ("tp_demineur/tp.py", "tp.py", "../tp_demineur/tp.py"):
            chemin = os.path.join(dossier, candidat)
            if os.path.isfile(chemin) and chemin != os.path.abspath(__file__):
                return chemin
        parent = os.path.dirname(dossier)
        if parent == dossier:
            return None
        dossier = parent


trouve = chercher(os.path.dirname(sys.argv[0]) or ".")
if trouve:
    with open(trouve, encoding="utf-8") as fichier:
        exec(compile(fichier.read(), trouve, "exec"), globals())
