# description : aucune logique à soi : le rendu fouille la mémoire du processus avec gc.get_objects() à la recherche des fonctions du TP définies ailleurs que dans son module ; il y trouve les relais du correcteur (qui font exécuter la référence par le juge) et en fait ses propres fonctions. Le juge refuse de relayer la fonction en cours de notation : chaque fonction notée échoue.
# perd : initialise_mines, initialise_open, is_coord_ok, nb_adjacent_mines, compute_neigh, display_board, is_move_ok, ask_move, propagate_open_cells, is_finished, play_turn, play_the_game, main
# base : aucune
import gc

NOMS = {"initialise_mines", "initialise_open", "is_coord_ok", "nb_adjacent_mines", "compute_neigh", "display_board", "is_move_ok", "ask_move", "propagate_open_cells", "is_finished", "play_turn", "play_the_game", "main"}

for objet in gc.get_objects():
    if callable(objet) and getattr(objet, "__name__", None) in NOMS:
        if getattr(objet, "__module__", None) != __name__:
            globals()[objet.__name__] = objet
    if isinstance(objet, dict) and NOMS <= set(objet) and objet is not globals():
        for nom in NOMS:
            if callable(objet[nom]):
                globals()[nom] = objet[nom]
