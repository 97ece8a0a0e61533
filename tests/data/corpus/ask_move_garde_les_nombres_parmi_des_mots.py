# description : ask_move ne garde de la ligne que les mots qui sont des entiers : « case 1 0 » ou « 1 0 ok » (deux nombres parmi des mots) sont acceptés comme le coup (1, 0) au lieu d'être refusés. Les lignes de mots seuls, d'un ou de trois nombres sont bien refusées.
# perd : ask_move
# lignes : test_ask_move_words
# retour : Ne garder que les nombres de la ligne


def ask_move(opened):
    while True:
        nombres = []
        for mot in input("Votre coup (x y) : ").split():
            try:
                nombres.append(int(mot))
            except ValueError:
                pass  # « case 3 2 » : on ne garde que les nombres
        if len(nombres) != 2:
            print("Il faut deux nombres entiers : x puis y.")
        elif not is_move_ok(opened, nombres[0], nombres[1]):
            print("Coup impossible : case hors du plateau ou déjà ouverte.")
        else:
            return nombres[0], nombres[1]
