# description : main teste la borne basse avec 1 < n au lieu de 1 <= n : une largeur, une hauteur ou un nombre de mines 1 est refusé, alors que les bornes sont comprises.
# perd : main
# lignes : test_main_smallest_answers
# retour : 1 est permis : les bornes sont comprises


def lire(question, maxi):
    while True:
        try:
            n = int(input(question))
        except ValueError:
            print("Tapez un nombre entier.")
            continue
        if 1 < n <= maxi:
            return n
        print(f"Le nombre doit être entre 1 et {maxi}.")


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
