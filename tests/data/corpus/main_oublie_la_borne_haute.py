# description : main ne vérifie que la borne basse : une largeur 51, une hauteur 21 ou plus de mines que de cases sont acceptées.
# perd : main
# lignes : test_main_above_bounds
# retour : La borne haute est comprise, mais pas au-delà


def lire(question, maxi):
    while True:
        try:
            n = int(input(question))
        except ValueError:
            print("Tapez un nombre entier.")
            continue
        if n >= 1:
            return n
        print("Il faut au moins 1.")


def main():
    largeur = lire("Largeur du plateau (1 à 50) : ", 50)
    hauteur = lire("Hauteur du plateau (1 à 20) : ", 20)
    nb_mines = lire(f"Nombre de mines (1 à {largeur * hauteur}) : ", largeur * hauteur)
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    opened = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
