# description : is_move_ok sans vérifier les bornes, avec try/except IndexError : x = -1 désigne la dernière colonne (opened[y][-1]) et la case est dite jouable.
# perd : is_move_ok
# lignes : test_is_move_ok_negative
# retour : un indice négatif compte depuis la fin
def is_move_ok(opened, x, y):
    try:
        return not opened[y][x]
    except IndexError:
        return False
