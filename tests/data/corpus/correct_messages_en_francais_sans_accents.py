# description : variante correcte, ask_move et main affichent des messages en français sans un seul accent (« Coup invalide, recommencez », « Pas un entier ») et reposent la question avec une invite qui change (l'invite n'est pas le message, le message est bien affiché) ; ask_move lit la ligne par un try/except ValueError autour du déballage.
# perd : aucune


def ask_move(opened):
    hauteur, largeur = len(opened), len(opened[0])
    invite = "Votre coup (x y) : "
    while True:
        texte = input(invite)
        invite = "Nouveau coup (x y) : "
        try:
            x_texte, y_texte = texte.split()
            x, y = int(x_texte), int(y_texte)
        except ValueError:
            print("Coup invalide, recommencez : tapez deux entiers, x puis y")
            continue
        if x < 0 or y < 0 or x >= largeur or y >= hauteur:
            print("Coup hors plateau, recommencez")
        elif opened[y][x]:
            print("Case deja ouverte, choisissez en une autre")
        else:
            return x, y


def demande(question, maxi):
    while True:
        reponse = input(question)
        try:
            n = int(reponse)
        except ValueError:
            print("Pas un entier")
            continue
        if n < 1 or n > maxi:
            print("Trop grand ou trop petit")
            continue
        return n


def main():
    largeur = demande("Largeur ? ", 50)
    hauteur = demande("Hauteur ? ", 20)
    nb_mines = demande("Combien de mines ? ", largeur * hauteur)
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    opened = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
