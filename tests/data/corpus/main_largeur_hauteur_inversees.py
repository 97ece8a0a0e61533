# description : main crée des grilles de largeur lignes de hauteur cases (dimensions inversées) au lieu de hauteur lignes de largeur cases.
# perd : main
# lignes : test_main_grids


def main():
    largeur = ask_int("Largeur du plateau (1 à 50) : ", 1, 50)
    hauteur = ask_int("Hauteur du plateau (1 à 20) : ", 1, 20)
    nb_mines = ask_int(f"Nombre de mines (1 à {largeur * hauteur}) : ", 1, largeur * hauteur)
    mines = [[False] * hauteur for _ in range(largeur)]
    neigh = [[0] * hauteur for _ in range(largeur)]
    opened = [[False] * hauteur for _ in range(largeur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
