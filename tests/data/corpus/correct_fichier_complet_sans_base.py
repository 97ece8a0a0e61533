# description : variante correcte, un fichier complet écrit par l'étudiant sans la base (constantes à lui, fonctions auxiliaires, boucle while True avec break dans play_the_game) : les 13 fonctions respectent le contrat.
# perd : aucune
# base : aucune
"""TP démineur."""

import random

FERMEE = "■"
MINE = "★"
VIDE = "⋄"


def initialise_mines(mines, nb_mines):
    largeur = len(mines[0])
    nb_cases = largeur * len(mines)
    tirage = set(random.sample(range(nb_cases), nb_mines))
    for numero in range(nb_cases):
        mines[numero // largeur][numero % largeur] = numero in tirage


def initialise_open(opened):
    for ligne in opened:
        ligne[:] = [False] * len(ligne)


def is_coord_ok(x, y, width, height):
    return x >= 0 and y >= 0 and x < width and y < height


def voisines(x, y, largeur, hauteur):
    """Les cases autour de (x, y) qui sont sur le plateau."""
    resultat = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and is_coord_ok(x + dx, y + dy, largeur, hauteur):
                resultat.append((x + dx, y + dy))
    return resultat


def nb_adjacent_mines(mines, x, y):
    return sum(1 for (i, j) in voisines(x, y, len(mines[0]), len(mines)) if mines[j][i])


def compute_neigh(mines, neigh):
    for y in range(len(mines)):
        for x in range(len(mines[y])):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        texte = ""
        for x in range(len(mines[y])):
            if not opened[y][x]:
                c = FERMEE
            elif mines[y][x]:
                c = MINE
            elif neigh[y][x] == 0:
                c = VIDE
            else:
                c = str(neigh[y][x])
            if x > 0:
                texte += " "
            texte += c
        print(texte)


def is_move_ok(opened, x, y):
    if not is_coord_ok(x, y, len(opened[0]), len(opened)):
        return False
    return not opened[y][x]


def ask_move(opened):
    while True:
        morceaux = input("Coup ? ").split()
        if len(morceaux) != 2:
            print("Il faut exactement deux nombres : x puis y.")
            continue
        try:
            x = int(morceaux[0])
            y = int(morceaux[1])
        except ValueError:
            print("Ce ne sont pas deux nombres entiers.")
            continue
        if is_move_ok(opened, x, y):
            return (x, y)
        print("Case hors du plateau ou déjà ouverte, recommencez.")


def propagate_open_cells(mines, neigh, opened):
    largeur = len(opened[0])
    hauteur = len(opened)
    a_voir = [(x, y) for y in range(hauteur) for x in range(largeur) if opened[y][x]]
    while a_voir:
        x, y = a_voir.pop()
        if mines[y][x] or neigh[y][x] != 0:
            continue
        for (i, j) in voisines(x, y, largeur, hauteur):
            if not opened[j][i]:
                opened[j][i] = True
                a_voir.append((i, j))


def is_finished(mines, opened):
    reste = 0
    for ligne_m, ligne_o in zip(mines, opened):
        for m, o in zip(ligne_m, ligne_o):
            if m and o:
                return 2
            if not m and not o:
                reste += 1
    return 1 if reste == 0 else 0


def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    (x, y) = ask_move(opened)
    opened[y][x] = True
    propagate_open_cells(mines, neigh, opened)


def play_the_game(mines, neigh, opened):
    while True:
        etat = is_finished(mines, opened)
        if etat != 0:
            break
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    if etat == 1:
        print("Félicitations, vous avez GAGNÉ !")
    else:
        print("Vous êtes tombé sur une mine : PERDU.")
    return etat


def lire_nombre(question, mini, maxi):
    while True:
        try:
            n = int(input(question))
        except ValueError:
            n = None
        if n is not None and mini <= n <= maxi:
            return n
        print(f"Réponse invalide : un entier de {mini} à {maxi}, s'il vous plaît.")


def main():
    largeur = lire_nombre("Largeur (1-50) : ", 1, 50)
    hauteur = lire_nombre("Hauteur (1-20) : ", 1, 20)
    nb_mines = lire_nombre("Nombre de mines : ", 1, largeur * hauteur)
    mines = [[False for x in range(largeur)] for y in range(hauteur)]
    neigh = [[0 for x in range(largeur)] for y in range(hauteur)]
    opened = [[False for x in range(largeur)] for y in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)


if __name__ == "__main__":
    main()
