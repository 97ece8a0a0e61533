# description : main explique une largeur ou une hauteur refusée, mais redemande le nombre de mines sans aucun message (seule l'invite revient) : le joueur ne sait pas pourquoi sa réponse est refusée.
# perd : main
# lignes : test_main_messages
# retour : n'affiche aucun message


def demander(invite, minimum, maximum):
    while True:
        texte = input(invite)
        try:
            valeur = int(texte)
        except ValueError:
            print("Il faut un nombre entier.")
            continue
        if minimum <= valeur <= maximum:
            return valeur
        print(f"Le nombre doit être entre {minimum} et {maximum}.")


def main():
    largeur = demander("Largeur : ", 1, 50)
    hauteur = demander("Hauteur : ", 1, 20)
    nb_mines = 0
    while not 1 <= nb_mines <= largeur * hauteur:
        try:
            nb_mines = int(input("Nombre de mines : "))
        except ValueError:
            nb_mines = 0
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    opened = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
