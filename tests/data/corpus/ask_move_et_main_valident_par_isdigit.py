# description : variante juste à une exception près : ask_move et main valident chaque nombre avec str.isdigit() puis le convertissent avec int() sans try : un exposant « ² » passe isdigit() (c'est un chiffre pour Unicode), et int("²") lève ValueError. Seules les lignes aux chiffres exotiques sont ratées, une fois par fonction.
# perd : ask_move, main
# lignes : test_ask_move_exotic_digits, test_main_exotic_digits
# retour : str.isdigit() accepte


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2 or not (mots[0].isdigit() and mots[1].isdigit()):
            print("Tapez deux nombres entiers positifs, x puis y, séparés par une espace.")
            continue
        x, y = int(mots[0]), int(mots[1])
        if x >= largeur or y >= hauteur:
            print(f"La case ({x}, {y}) est hors du plateau.")
        elif opened[y][x]:
            print(f"La case ({x}, {y}) est déjà ouverte.")
        else:
            return x, y


def lire_nombre(question, maxi):
    while True:
        reponse = input(question).strip()
        if not reponse.isdigit():
            print("Tapez un nombre entier positif.")
            continue
        n = int(reponse)
        if 1 <= n <= maxi:
            return n
        print(f"Le nombre doit être entre 1 et {maxi}.")


def main():
    largeur = lire_nombre("Largeur (1 à 50) : ", 50)
    hauteur = lire_nombre("Hauteur (1 à 20) : ", 20)
    nb_mines = lire_nombre(f"Nombre de mines (1 à {largeur * hauteur}) : ", largeur * hauteur)
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    opened = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
