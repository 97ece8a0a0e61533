# description : ask_move attrape EOFError et appelle sys.exit(0) au lieu de laisser remonter EOFError à l'appelant.
# perd : ask_move
# lignes : test_ask_move_end_of_input
import sys


def ask_move(opened):
    while True:
        try:
            line = input("Votre coup (x y) : ")
        except EOFError:
            print("Au revoir.")
            sys.exit(0)
        words = line.split()
        if len(words) != 2:
            print("Tapez deux nombres.")
            continue
        try:
            x, y = int(words[0]), int(words[1])
        except ValueError:
            print("Des nombres entiers.")
            continue
        if is_move_ok(opened, x, y):
            return x, y
        print("Coup impossible.")
