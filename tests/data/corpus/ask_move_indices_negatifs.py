# description : ask_move vérifie la case par opened[y][x] sous try/except IndexError : la ligne « -1 0 » est acceptée, par le tour du plateau des indices négatifs.
# perd : ask_move
# lignes : test_ask_move_negative
# retour : un indice négatif compte depuis la fin
def ask_move(opened):
    while True:
        words = input("Coup : ").split()
        try:
            x, y = int(words[0]), int(words[1])
            if len(words) == 2 and not opened[y][x]:
                return x, y
            print("Coup impossible.")
        except (ValueError, IndexError):
            print("Deux entiers sur le plateau, s'il vous plaît.")
