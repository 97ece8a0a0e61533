# description : variante correcte, le fichier garde dès son chargement la lecture et l'écriture des flux standard (« lire = sys.stdin.readline », « dire = sys.stdout.write ») ; ask_move demande par dire, lit par lire (une chaîne vide : l'entrée est finie, EOFError) et explique chaque ligne refusée par print(..., file=sys.stdout).
# perd : aucune
import sys

lire = sys.stdin.readline
dire = sys.stdout.write


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        dire("Votre coup (x y) : ")
        sys.stdout.flush()
        ligne = lire()
        if ligne == "":
            raise EOFError
        morceaux = ligne.split()
        if len(morceaux) != 2:
            print("Il faut deux nombres entiers, x puis y.", file=sys.stdout)
            continue
        try:
            x, y = int(morceaux[0]), int(morceaux[1])
        except ValueError:
            print("Il faut deux nombres entiers, x puis y.", file=sys.stdout)
            continue
        if not (0 <= x < largeur and 0 <= y < hauteur):
            print(f"Cette case est hors du plateau ({largeur} colonnes, {hauteur} lignes).", file=sys.stdout)
            continue
        if opened[y][x]:
            print("Cette case est déjà ouverte.", file=sys.stdout)
            continue
        return (x, y)
