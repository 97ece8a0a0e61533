# description : variante correcte, un fichier complet d'une autre plume que la référence (noms français, tuples de décalages, boucles while, inondation par une pile de cases, coups lus par découpage et conversion sous try, tailles demandées par une fonction auxiliaire à messages) : les 13 fonctions respectent le contrat. Elle sert aussi de base aux fautes de frappe générées (tests/project/typo_variants.py).
# perd : aucune
# base : aucune
"""Le démineur, écrit à ma façon."""

from random import shuffle

# Les huit directions autour d'une case (dx, dy).
AUTOUR = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))

SYMBOLE_FERME = "■"
SYMBOLE_MINE = "★"
SYMBOLE_VIDE = "⋄"


def initialise_mines(mines, nb_mines):
    hauteur, largeur = len(mines), len(mines[0])
    cases = [(x, y) for y in range(hauteur) for x in range(largeur)]
    shuffle(cases)
    minees = set(cases[:nb_mines])
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = (x, y) in minees


def initialise_open(opened):
    y = 0
    while y < len(opened):
        x = 0
        while x < len(opened[y]):
            opened[y][x] = False
            x += 1
        y += 1


def is_coord_ok(x, y, width, height):
    return x in range(width) and y in range(height)


def nb_adjacent_mines(mines, x, y):
    total = 0
    for dx, dy in AUTOUR:
        if is_coord_ok(x + dx, y + dy, len(mines[0]), len(mines)):
            total += mines[y + dy][x + dx]
    return total


def compute_neigh(mines, neigh):
    for y, ligne in enumerate(mines):
        for x in range(len(ligne)):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)


def symbole(mine, voisines, ouverte):
    """Ce qu'affiche une case."""
    if not ouverte:
        return SYMBOLE_FERME
    if mine:
        return SYMBOLE_MINE
    if voisines == 0:
        return SYMBOLE_VIDE
    return str(voisines)


def display_board(mines, neigh, opened):
    for ligne_mines, ligne_neigh, ligne_opened in zip(mines, neigh, opened):
        cases = [
            symbole(mine, voisines, ouverte)
            for mine, voisines, ouverte in zip(ligne_mines, ligne_neigh, ligne_opened)
        ]
        print(" ".join(cases))


def is_move_ok(opened, x, y):
    if not is_coord_ok(x, y, len(opened[0]), len(opened)):
        return False
    return not opened[y][x]


def ask_move(opened):
    while True:
        morceaux = input("Coup (colonne ligne) ? ").split()
        if len(morceaux) != 2:
            print("Il faut exactement deux nombres : la colonne puis la ligne.")
            continue
        try:
            x = int(morceaux[0])
            y = int(morceaux[1])
        except ValueError:
            print("Ce ne sont pas deux nombres entiers, recommencez.")
            continue
        if not is_coord_ok(x, y, len(opened[0]), len(opened)):
            print("Cette case n'est pas sur le plateau.")
        elif not is_move_ok(opened, x, y):
            print("Cette case est déjà ouverte, choisissez-en une autre.")
        else:
            return (x, y)


def propagate_open_cells(mines, neigh, opened):
    hauteur, largeur = len(opened), len(opened[0])
    a_voir = [(x, y) for y in range(hauteur) for x in range(largeur) if opened[y][x]]
    while a_voir:
        x, y = a_voir.pop()
        if mines[y][x] or neigh[y][x] != 0:
            continue
        for dx, dy in AUTOUR:
            nx, ny = x + dx, y + dy
            if is_coord_ok(nx, ny, largeur, hauteur) and not opened[ny][nx]:
                opened[ny][nx] = True
                a_voir.append((nx, ny))


def is_finished(mines, opened):
    fermees_sans_mine = 0
    for ligne_mines, ligne_opened in zip(mines, opened):
        for mine, ouverte in zip(ligne_mines, ligne_opened):
            if mine and ouverte:
                return 2
            if not mine and not ouverte:
                fermees_sans_mine += 1
    return 1 if fermees_sans_mine == 0 else 0


def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[y][x] = True
    propagate_open_cells(mines, neigh, opened)


def play_the_game(mines, neigh, opened):
    etat = is_finished(mines, opened)
    while etat == 0:
        play_turn(mines, neigh, opened)
        etat = is_finished(mines, opened)
    display_board(mines, neigh, opened)
    print("Gagné, bravo !" if etat == 1 else "Perdu, c'était une mine.")
    return etat


def demander_entier(question, plus_petit, plus_grand):
    """Redemande jusqu'à obtenir un entier entre plus_petit et plus_grand."""
    while True:
        reponse = input(question)
        try:
            valeur = int(reponse)
        except ValueError:
            print("Répondez par un nombre entier.")
            continue
        if plus_petit <= valeur <= plus_grand:
            return valeur
        print(f"Il faut un nombre entre {plus_petit} et {plus_grand}.")


def main():
    largeur = demander_entier("Largeur (1 à 50) ? ", 1, 50)
    hauteur = demander_entier("Hauteur (1 à 20) ? ", 1, 20)
    nb_mines = demander_entier("Combien de mines ? ", 1, largeur * hauteur)
    mines = [[False for _ in range(largeur)] for _ in range(hauteur)]
    neigh = [[0 for _ in range(largeur)] for _ in range(hauteur)]
    opened = [[False for _ in range(largeur)] for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
