# description : variante correcte, ask_move et main écrivent le message sur la même ligne que la question reposée (print(..., end=" ") puis input(question)), lisent par input gardé dès le chargement (lire = input) et disent ce qui ne va pas en messages très courts (« Non : », « Refusé : », « Hors plateau : »).
# perd : aucune

lire = input


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        mots = lire("Votre coup (x y) : ").split()
        try:
            x, y = map(int, mots)
        except ValueError:
            print("Non : deux entiers.", end=" ")
            continue
        if not (0 <= x < largeur and 0 <= y < hauteur):
            print("Hors plateau !", end=" ")
        elif opened[y][x]:
            print("Déjà ouverte !", end=" ")
        else:
            return x, y


def lire_entier(question, maxi):
    while True:
        try:
            n = int(lire(question))
        except ValueError:
            print("Refusé : un entier.", end=" ")
            continue
        if 1 <= n <= maxi:
            return n
        print(f"Non : entre 1 et {maxi}.", end=" ")


def main():
    largeur = lire_entier("Largeur : ", 50)
    hauteur = lire_entier("Hauteur : ", 20)
    nb_mines = lire_entier("Mines : ", largeur * hauteur)
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    opened = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
