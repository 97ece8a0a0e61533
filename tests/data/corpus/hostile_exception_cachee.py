# description : propagate_open_cells inonde correctement puis lève une exception (un reste de débogage) ; au chargement, le rendu enveloppe Worker.call (trouvé par sys.modules["__main__"]) pour effacer le champ error de ses réponses à lui : le juge croit que la fonction s'est terminée normalement. Son propre code lève une exception à chaque appel : elle doit perdre ses points.
# perd : propagate_open_cells
# faille : le juge croit le champ error que le processus de travail lui envoie ; une exception effacée dans la réponse par le code de l'étudiant passe inaperçue
import sys

_Worker = sys.modules["__main__"].Worker
_appel = _Worker.call


def _appel_sans_erreur(self, request, remote_input):
    reponse = _appel(self, request, remote_input)
    if request["func"] == "propagate_open_cells":
        reponse["error"] = None
    return reponse


_Worker.call = _appel_sans_erreur


def propagate_open_cells(mines, neigh, opened):
    height, width = len(mines), len(mines[0])
    changed = True
    while changed:
        changed = False
        for y in range(height):
            for x in range(width):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for dy in (-1, 0, 1):
                        for dx in (-1, 0, 1):
                            nx, ny = x + dx, y + dy
                            if 0 <= nx < width and 0 <= ny < height and not opened[ny][nx]:
                                opened[ny][nx] = True
                                changed = True
    raise RuntimeError("reste de débogage : inondation finie")
