# description : ask_move compare x à la largeur avec <= : la ligne « largeur 0 » est acceptée comme un coup, hors du plateau.
# perd : ask_move
# lignes : test_ask_move_exotic_digits, test_ask_move_off_board
def ask_move(opened):
    while True:
        words = input("Coup : ").split()
        if len(words) != 2 or not all(w.lstrip("-").isdigit() for w in words):
            print("Deux entiers, s'il vous plaît.")
            continue
        x, y = int(words[0]), int(words[1])
        if 0 <= x <= len(opened[0]) and 0 <= y < len(opened):
            if x < len(opened[0]) and opened[y][x]:
                print("Déjà ouverte.")
                continue
            return x, y
        print("Hors du plateau.")
