# description : variante correcte, le fichier importe « from sys import stdout » en tête et display_board écrit chaque ligne par stdout.write : le flux est celui que le module a reçu à son chargement, et il doit écrire là où l'appel écrit.
# perd : aucune
from sys import stdout


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        cases = []
        for x in range(len(mines[0])):
            if not opened[y][x]:
                cases.append("■")
            elif mines[y][x]:
                cases.append("★")
            elif neigh[y][x] == 0:
                cases.append("⋄")
            else:
                cases.append(str(neigh[y][x]))
        stdout.write(" ".join(cases) + "\n")
