# description : ask_move ne vérifie pas le nombre de mots : une ligne vide ou avec un seul nombre lève IndexError (mots[1]), et une ligne de trois nombres est acceptée.
# perd : ask_move
# lignes : test_ask_move_empty_lines, test_ask_move_number_count, test_ask_move_words


def ask_move(opened):
    while True:
        mots = input("Votre coup (x y) : ").split()
        try:
            x = int(mots[0])
            y = int(mots[1])
        except ValueError:
            print("x et y doivent être des nombres entiers.")
            continue
        if is_move_ok(opened, x, y):
            return (x, y)
        print("Ce coup n'est pas possible, recommencez.")
