# description : ask_move lit le coup par x, y = eval(input(...)) sous try : « 1, 0 », « (1, 0) » ou « [1, 0] » sont acceptés, alors qu'un coup valide, « 1 0 » (deux entiers séparés par des blancs), est refusé (eval y voit une erreur de syntaxe) ; et « except Exception » rattrape aussi l'EOFError de la fin de l'entrée. Un ask_move qui n'accepte jamais un coup valide ne peut montrer ni qu'il redemande autant qu'il le faut, ni ce qu'il dit d'une ligne refusée (on ne sépare une ligne refusée d'une ligne lue comme le début d'un coup qu'au coup valide qui la suit) : il perd aussi ces lignes.
# perd : ask_move
# lignes : test_ask_move_decorated_move, test_ask_move_end_of_input, test_ask_move_keeps_asking, test_ask_move_messages, test_ask_move_valid_line


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        try:
            x, y = eval(input("Votre coup (x, y) : "))
        except Exception:
            print("Tapez x, y : deux entiers séparés par une virgule.")
            continue
        if type(x) is not int or type(y) is not int:
            print("x et y doivent être des entiers.")
        elif not (0 <= x < largeur and 0 <= y < hauteur):
            print("Cette case est hors du plateau.")
        elif opened[y][x]:
            print("Cette case est déjà ouverte.")
        else:
            return x, y
