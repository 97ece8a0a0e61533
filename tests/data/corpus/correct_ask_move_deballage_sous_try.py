# description : variante correcte, ask_move convertit et déballe la ligne en une seule instruction, x, y = map(int, ligne.split()), sous try/except ValueError (une ligne vide, d'un ou de trois nombres, ou qui n'est pas faite d'entiers lève ValueError), puis vérifie la case avec is_move_ok.
# perd : aucune


def ask_move(opened):
    while True:
        ligne = input("x y ? ")
        try:
            x, y = map(int, ligne.split())
        except ValueError:
            print("Il faut taper deux entiers séparés par une espace.")
            continue
        if is_move_ok(opened, x, y):
            return (x, y)
        print("Ce coup n'est pas permis : case hors du plateau ou déjà ouverte.")
