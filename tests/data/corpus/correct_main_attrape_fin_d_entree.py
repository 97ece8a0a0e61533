# description : main attrape EOFError pour dire au revoir : le contrat ne dit rien de la fin de l'entrée dans main, ce n'est pas une faute.
# perd : aucune
_main_reference = main


def main():
    try:
        _main_reference()
    except EOFError:
        print("Fin de l'entrée : au revoir.")
