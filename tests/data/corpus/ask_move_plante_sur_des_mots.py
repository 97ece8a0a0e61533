# description : ask_move vérifie qu'il y a deux mots mais convertit avec int() sans try/except : une ligne comme « a b » lève ValueError au lieu d'afficher un message et de redemander.
# perd : ask_move
# lignes : test_ask_move_decimals, test_ask_move_decorated_move, test_ask_move_exotic_digits, test_ask_move_expressions, test_ask_move_words


def ask_move(opened):
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2:
            print("Il faut taper deux nombres : x puis y.")
            continue
        x = int(mots[0])
        y = int(mots[1])
        if is_move_ok(opened, x, y):
            return (x, y)
        print("Ce coup n'est pas possible, recommencez.")
