# description : main borne ses réponses avec < au lieu de <= : largeur 50, hauteur 20 et un plateau plein de mines sont refusés.
# perd : main
# lignes : test_main_largest_board
# retour : les bornes sont comprises
def ask_int(prompt, low, high):
    while True:
        try:
            value = int(input(prompt))
        except ValueError:
            print("Il faut un nombre entier.")
            continue
        if low <= value < high:
            return value
        print("Hors limites.")
