# description : main regarde le premier caractère de la réponse (reponse[0] == "-") pour refuser un nombre négatif avant de le convertir : une réponse vide lève IndexError ; une réponse blanche, des mots, 0 ou 51 sont bien refusés.
# perd : main
# lignes : test_main_empty_answers


def lire(question, maxi):
    while True:
        reponse = input(question)
        if reponse[0] == "-":
            print("Un nombre négatif ne convient pas.")
            continue
        try:
            n = int(reponse)
        except ValueError:
            print("Ce n'est pas un nombre entier.")
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
