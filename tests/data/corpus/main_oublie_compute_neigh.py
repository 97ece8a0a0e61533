# description : main n'appelle pas compute_neigh : la grille neigh reste à 0 pendant toute la partie.
# perd : main
# lignes : test_main_calls


def main():
    width = ask_int("Largeur du plateau (1 à 50) : ", 1, 50)
    height = ask_int("Hauteur du plateau (1 à 20) : ", 1, 20)
    nb_mines = ask_int(f"Nombre de mines (1 à {width * height}) : ", 1, width * height)
    mines = [[False] * width for _ in range(height)]
    neigh = [[0] * width for _ in range(height)]
    opened = [[False] * width for _ in range(height)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    play_the_game(mines, neigh, opened)
