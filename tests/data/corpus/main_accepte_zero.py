# description : main teste la borne basse avec 0 <= n au lieu de 1 <= n : une largeur, une hauteur ou un nombre de mines 0 est accepté (les négatifs et les bornes hautes sont bien vérifiés).
# perd : main
# lignes : test_main_below_bounds
# retour : la borne basse est 1


def lire(question, maxi):
    while True:
        try:
            n = int(input(question))
        except ValueError:
            print("Tapez un nombre entier.")
            continue
        if 0 <= n <= maxi:
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
