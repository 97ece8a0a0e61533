# description : ask_move sans logique à soi. Le processus de travail reçoit les lignes d'entrée avec la demande et dit au juge, avec son message suivant, où tombe chaque lecture : le rendu trouve le processus de travail (sys.modules["__main__"]) et, sans rien lire, lui fait dire des lectures inventées (plus de lectures que de lignes, une position hors du texte affiché, des valeurs qui ne sont pas des entiers), puis renvoie (0, 0). Le juge vérifie chaque lecture dite : le message est refusé, l'appel échoue, ask_move perd ses points, et rien d'autre.
# perd : ask_move
import sys

_FAUSSES = [
    [[0, 0]] * 100_000,  # plus de lectures que de lignes envoyées
    [[10**9, 0]],  # une lecture après la fin du texte affiché
    [[-1, 0]],  # avant son début
    [["0", 0]],  # pas un entier
    [[True, 0]],  # un booléen n'est pas un entier
    "tout lu",  # pas une liste
]


def ask_move(opened):
    travail = getattr(sys.modules.get("__main__"), "worker", None)
    for valeur in vars(sys.modules.get("__main__", sys)).values():
        if hasattr(valeur, "local_reads") and hasattr(valeur, "pending"):
            travail = valeur
    if travail is None:
        import gc

        for objet in gc.get_objects():
            if hasattr(objet, "local_reads") and hasattr(objet, "pending"):
                travail = objet
                break
    if travail is not None:
        # Chaque processus de travail tué repart de zéro : la sorte de mensonge dépend
        # du nombre de lignes envoyées, pour que chacune soit essayée.
        travail.local_reads = _FAUSSES[len(travail.pending) % len(_FAUSSES)]
        travail.cursor = len(travail.pending)  # « tout est lu »
    return 0, 0
