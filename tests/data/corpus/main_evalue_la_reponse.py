# description : main lit chaque réponse avec eval() et garde les entiers : « 2+1 », « 0x3 » ou « (3) » sont acceptés comme 3, alors qu'une réponse est un entier écrit en chiffres (et eval exécute n'importe quoi). Les mots, les décimaux et les réponses décorées sont bien refusés.
# perd : main
# lignes : test_main_expressions
# retour : évaluée comme une expression Python


def lire(question, maxi):
    while True:
        try:
            n = eval(input(question))
        except Exception:
            print("Tapez un nombre entier.")
            continue
        if type(n) is not int:
            print("Tapez un nombre entier.")
        elif 1 <= n <= maxi:
            return n
        else:
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
