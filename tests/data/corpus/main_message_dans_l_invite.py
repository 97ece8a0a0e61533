# description : main signale chaque réponse refusée dans l'invite suivante d'input() (« Réponse refusée… recommencez : ») au lieu de l'afficher : un message est du texte affiché (print), l'invite d'input() n'en est pas un, même changée (sans quoi une question reposée autrement, « Encore : », passerait pour un message).
# perd : main
# lignes : test_main_messages
# retour : l'invite n'est pas un message


def main():
    bornes = []
    for nom, maxi in (("la largeur", 50), ("la hauteur", 20), ("le nombre de mines", None)):
        if maxi is None:
            maxi = bornes[0] * bornes[1]
        invite = f"Entrez {nom} (1 à {maxi}) : "
        while True:
            texte = input(invite).strip()
            try:
                valeur = int(texte)
            except ValueError:
                valeur = None
            if valeur is not None and 1 <= valeur <= maxi:
                bornes.append(valeur)
                break
            invite = f"Réponse refusée ({texte!r} n'est pas un entier de 1 à {maxi}), recommencez : "
    largeur, hauteur, nb_mines = bornes
    mines = [[False for _ in range(largeur)] for _ in range(hauteur)]
    neigh = [[0 for _ in range(largeur)] for _ in range(hauteur)]
    opened = [[False for _ in range(largeur)] for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    compute_neigh(mines, neigh)
    initialise_open(opened)
    play_the_game(mines, neigh, opened)
