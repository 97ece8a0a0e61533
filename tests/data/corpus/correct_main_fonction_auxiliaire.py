# description : variante correcte, main s'appuie sur une fonction auxiliaire de l'étudiant (demander_entier) et construit les grilles ligne par ligne avec append.
# perd : aucune


def demander_entier(question, mini, maxi):
    while True:
        reponse = input(question)
        try:
            n = int(reponse)
        except ValueError:
            print("Merci de taper un nombre entier.")
            continue
        if n < mini or n > maxi:
            print(f"Il faut un nombre entre {mini} et {maxi}.")
        else:
            return n


def main():
    largeur = demander_entier("Largeur ? ", 1, 50)
    hauteur = demander_entier("Hauteur ? ", 1, 20)
    nb = demander_entier("Combien de mines ? ", 1, largeur * hauteur)
    mines = []
    neigh = []
    opened = []
    for _ in range(hauteur):
        mines.append([False] * largeur)
        neigh.append([0] * largeur)
        opened.append([False] * largeur)
    initialise_mines(mines, nb)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
