# description : main appelle compute_neigh avant initialise_mines : neigh reste à zéro, la partie montre de faux nombres.
# perd : main
# lignes : test_main_calls
def main():
    width = ask_int("Largeur (1 à 50) : ", 1, 50)
    height = ask_int("Hauteur (1 à 20) : ", 1, 20)
    nb_mines = ask_int(f"Mines (1 à {width * height}) : ", 1, width * height)
    mines = [[False] * width for _ in range(height)]
    neigh = [[0] * width for _ in range(height)]
    opened = [[False] * width for _ in range(height)]
    compute_neigh(mines, neigh)
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    play_the_game(mines, neigh, opened)
