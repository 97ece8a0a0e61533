# description : ask_move découpe la ligne avec split(" ") au lieu de split() : deux espaces ou une tabulation entre x et y font refuser un coup valide.
# perd : ask_move
# lignes : test_ask_move_valid_line


def ask_move(opened):
    while True:
        mots = input("Votre coup (x y) : ").strip().split(" ")
        if len(mots) != 2:
            print("Tapez deux nombres entiers, x puis y, séparés par une espace.")
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            print("x et y doivent être des nombres entiers.")
            continue
        if is_move_ok(opened, x, y):
            return x, y
        print("Coup impossible : case hors du plateau ou déjà ouverte.")
