# description : variante correcte, ask_move et main lisent par sys.stdin.readline() (une ligne vide, sans « \n », est la fin de l'entrée : EOFError levée à la main), affichent la question par sys.stdout.write et leurs messages sans accents ; main lit chaque réponse avec une expression régulière.
# perd : aucune
import re
import sys

ENTIER = re.compile(r"\s*(-?[0-9]+)\s*")


def lire_ligne(question):
    sys.stdout.write(question)
    sys.stdout.flush()
    ligne = sys.stdin.readline()
    if ligne == "":
        raise EOFError("fin de l'entree")
    return ligne.rstrip("\n")


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        mots = lire_ligne("Votre coup (x y) : ").split()
        if len(mots) != 2:
            sys.stdout.write("Il faut exactement deux nombres, x puis y.\n")
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            sys.stdout.write("x et y doivent etre des nombres entiers.\n")
            continue
        if not (0 <= x < largeur and 0 <= y < hauteur):
            sys.stdout.write("Cette case est hors du plateau.\n")
        elif opened[y][x]:
            sys.stdout.write("Cette case est deja ouverte.\n")
        else:
            return (x, y)


def lire_entier(question, maxi):
    while True:
        trouve = ENTIER.fullmatch(lire_ligne(question))
        if trouve is None:
            sys.stdout.write("Ce n'est pas un nombre entier.\n")
        elif not 1 <= int(trouve.group(1)) <= maxi:
            sys.stdout.write(f"Le nombre doit etre entre 1 et {maxi}.\n")
        else:
            return int(trouve.group(1))


def main():
    largeur = lire_entier("Largeur (1 a 50) : ", 50)
    hauteur = lire_entier("Hauteur (1 a 20) : ", 20)
    nb_mines = lire_entier(f"Mines (1 a {largeur * hauteur}) : ", largeur * hauteur)
    mines = [[False for _ in range(largeur)] for _ in range(hauteur)]
    neigh = [[0 for _ in range(largeur)] for _ in range(hauteur)]
    opened = [[False for _ in range(largeur)] for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
