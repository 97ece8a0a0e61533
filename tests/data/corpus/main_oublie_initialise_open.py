# description : main crée opened déjà fermée et n'appelle pas initialise_open, que le contrat lui demande d'appeler.
# perd : main
# lignes : test_main_calls
def main():
    width = ask_int("Largeur (1 à 50) : ", 1, 50)
    height = ask_int("Hauteur (1 à 20) : ", 1, 20)
    nb_mines = ask_int(f"Mines (1 à {width * height}) : ", 1, width * height)
    mines = [[False] * width for _ in range(height)]
    neigh = [[0] * width for _ in range(height)]
    opened = [[False] * width for _ in range(height)]
    initialise_mines(mines, nb_mines)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
