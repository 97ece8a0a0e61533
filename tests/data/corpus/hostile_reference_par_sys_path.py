# description : aucune logique à soi : le rendu parcourt sys.path (et les site-packages qu'il devine à partir de sys.prefix) pour importer ou lire tp_demineur/tp.py, la solution de référence, et l'exécuter dans son module. Le processus de travail est lancé avec -S -s dans un bac à sable qui ne contient pas le projet : rien n'est trouvé.
# perd : initialise_mines, initialise_open, is_coord_ok, nb_adjacent_mines, compute_neigh, display_board, is_move_ok, ask_move, propagate_open_cells, is_finished, play_turn, play_the_game, main
# base : aucune
import glob
import os
import sys

chemins = list(sys.path)
for prefixe in {sys.prefix, sys.base_prefix, sys.exec_prefix, "/usr", "/usr/local"}:
    chemins += glob.glob(os.path.join(prefixe, "lib", "python3*", "*-packages"))
    chemins += glob.glob(os.path.join(prefixe, "lib", "python3", "dist-packages"))
for dossier in chemins:
    for candidat in ("tp_demineur/tp.py", "tp_demineur/__init__.py"):
        chemin = os.path.join(dossier, candidat)
        if os.path.isfile(chemin):
            with open(os.path.join(os.path.dirname(chemin), "tp.py"), encoding="utf-8") as fichier:
                exec(compile(fichier.read(), chemin, "exec"), globals())
            break
    for lien in glob.glob(os.path.join(dossier, "__editable__*tp_demineur*")):
        with open(lien, encoding="utf-8") as fichier:
            for mot in fichier.read().replace("'", '"').split('"'):
                if mot.endswith("tp_demineur") and os.path.isdir(mot):
                    with open(os.path.join(mot, "tp.py"), encoding="utf-8") as source:
                        exec(compile(source.read(), mot, "exec"), globals())
