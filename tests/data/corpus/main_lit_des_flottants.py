# description : main convertit chaque réponse avec int(float(...)) : « 2.5 » est accepté comme 2, et « inf » lève OverflowError (int() d'un infini), alors qu'une réponse est un entier. Les mots et les bornes sont bien vérifiés.
# perd : main
# lignes : test_main_decimals
# retour : int(float(...))


def lire(question, maxi):
    while True:
        try:
            n = int(float(input(question)))
        except ValueError:
            print("Tapez un nombre entier.")
            continue
        if 1 <= n <= maxi:
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
