# description : main redemande tant que la réponse n'est pas un entier mais ne vérifie pas les bornes : une largeur 0 ou 51, une hauteur 21 ou un nombre de mines trop grand sont acceptés.
# perd : main
# lignes : test_main_above_bounds, test_main_below_bounds


def lire_entier(question):
    while True:
        reponse = input(question)
        try:
            return int(reponse)
        except ValueError:
            print("Ce n'est pas un nombre entier, recommencez.")


def main():
    largeur = lire_entier("Largeur du plateau (1 à 50) : ")
    hauteur = lire_entier("Hauteur du plateau (1 à 20) : ")
    nb_mines = lire_entier("Nombre de mines : ")
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    opened = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
