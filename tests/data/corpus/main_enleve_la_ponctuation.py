# description : main enlève la ponctuation autour de la réponse avant de la convertir (reponse.strip("[]'\" ,;!#")), pour être indulgente : « [3] », « 3, » ou « #3 » sont acceptés comme 3, alors qu'une réponse est un entier et rien d'autre. Les mots, les décimaux et les expressions sont bien refusés.
# perd : main
# lignes : test_main_decorated_answers


def lire(question, maxi):
    while True:
        reponse = input(question).strip("[]'\" ,;!#")
        try:
            n = int(reponse)
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
