# description : main crée les grilles avec [[False] * largeur] * hauteur : toutes les lignes d'une grille sont la même liste, ouvrir ou miner une case le fait dans toute la colonne.
# perd : main
# lignes : test_main_grids


def main():
    width = ask_int("Largeur du plateau (1 à 50) : ", 1, 50)
    height = ask_int("Hauteur du plateau (1 à 20) : ", 1, 20)
    nb_mines = ask_int(f"Nombre de mines (1 à {width * height}) : ", 1, width * height)
    mines = [[False] * width] * height
    neigh = [[0] * width] * height
    opened = [[False] * width] * height
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
