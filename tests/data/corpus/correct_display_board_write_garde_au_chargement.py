# description : variante correcte, le fichier garde dès son chargement la méthode d'écriture de la sortie standard (« ecrire = sys.stdout.write ») et display_board écrit chaque ligne par elle : la méthode gardée doit écrire là où l'appel écrit (elle perdait 7,5 points : « display_board n'affiche rien »).
# perd : aucune
import sys

ecrire = sys.stdout.write


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
        ecrire(" ".join(cases) + "\n")
