# description : main vérifie les bornes mais convertit avec int(input()) sans try/except : une réponse qui n'est pas un entier lève ValueError au lieu d'être redemandée.
# perd : main
# lignes : test_main_decimals, test_main_decorated_answers, test_main_empty_answers, test_main_exotic_digits, test_main_expressions, test_main_several_numbers, test_main_words


def main():
    largeur = int(input("Largeur du plateau (1 à 50) : "))
    while largeur < 1 or largeur > 50:
        print("La largeur doit être comprise entre 1 et 50.")
        largeur = int(input("Largeur du plateau (1 à 50) : "))
    hauteur = int(input("Hauteur du plateau (1 à 20) : "))
    while hauteur < 1 or hauteur > 20:
        print("La hauteur doit être comprise entre 1 et 20.")
        hauteur = int(input("Hauteur du plateau (1 à 20) : "))
    nb_mines = int(input("Nombre de mines : "))
    while nb_mines < 1 or nb_mines > largeur * hauteur:
        print(f"Le nombre de mines doit être compris entre 1 et {largeur * hauteur}.")
        nb_mines = int(input("Nombre de mines : "))
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    opened = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
