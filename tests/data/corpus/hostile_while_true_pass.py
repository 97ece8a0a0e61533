# description : is_move_ok laissée en chantier avec une boucle infinie (while True: pass) : la fonction ne rend jamais la main.
# perd : is_move_ok


def is_move_ok(opened, x, y):
    while True:  # TODO : à finir
        pass
