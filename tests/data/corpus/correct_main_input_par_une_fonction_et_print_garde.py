# description : variante correcte, main lit chaque réponse par une fonction du rendu qui appelle input() et affiche ses messages par une copie de print gardée au chargement (« afficher = print »).
# perd : aucune
afficher = print


def demander_entier(question, bas, haut):
    while True:
        texte = input(question)
        try:
            valeur = int(texte)
        except ValueError:
            afficher("Ce n'est pas un nombre entier, recommencez.")
            continue
        if bas <= valeur <= haut:
            return valeur
        afficher(f"Il faut un nombre entre {bas} et {haut}, recommencez.")


def main():
    largeur = demander_entier("Largeur du plateau (1 à 50) : ", 1, 50)
    hauteur = demander_entier("Hauteur du plateau (1 à 20) : ", 1, 20)
    nombre = demander_entier("Nombre de mines : ", 1, largeur * hauteur)
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    opened = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nombre)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
