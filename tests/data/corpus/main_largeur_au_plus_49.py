# description : main refuse la largeur 50 (1 <= largeur < 50), permise par le contrat.
# perd : main
# lignes : test_main_largest_board
# retour : les bornes sont comprises
def main():
    while True:
        try:
            width = int(input("Largeur : "))
        except ValueError:
            print("Il faut un entier.")
            continue
        if 1 <= width < 50:
            break
        print("Entre 1 et 50.")
    height = ask_int("Hauteur : ", 1, 20)
    nb_mines = ask_int("Mines : ", 1, width * height)
    mines = [[False] * width for _ in range(height)]
    neigh = [[0] * width for _ in range(height)]
    opened = [[False] * width for _ in range(height)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
