# description : main protège par try la première réponse à chaque question, mais pas les suivantes : une réponse qui n'est pas un entier juste après une réponse hors des bornes (« 60 » puis « abc ») lève ValueError. Chaque réponse refusée seule, ou une réponse qui n'est pas un entier en premier, est bien redemandée.
# perd : main
# lignes : test_main_refused_twice


def demande(question, mini, maxi):
    try:
        n = int(input(question))
    except ValueError:
        print("Ce n'est pas un nombre entier.")
        n = mini - 1
    while n < mini or n > maxi:
        print(f"Donnez un nombre entre {mini} et {maxi}.")
        n = int(input(question))
    return n


def main():
    largeur = demande("Largeur (1 à 50) : ", 1, 50)
    hauteur = demande("Hauteur (1 à 20) : ", 1, 20)
    nb_mines = demande(f"Nombre de mines (1 à {largeur * hauteur}) : ", 1, largeur * hauteur)
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    opened = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
