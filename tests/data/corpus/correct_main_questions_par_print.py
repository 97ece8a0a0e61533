# description : variante correcte, main pose chaque question avec print() puis lit la réponse avec input() sans invite ; une réponse refusée reçoit un message, puis la question est reposée, une boucle while pour chacune des trois questions.
# perd : aucune


def main():
    largeur = hauteur = nb_mines = 0
    while not 1 <= largeur <= 50:
        print("Quelle largeur (de 1 à 50) ?")
        reponse = input().strip()
        if reponse.isdecimal() and 1 <= int(reponse) <= 50:
            largeur = int(reponse)
        else:
            print(f"Réponse refusée : {reponse[:10]!r}.")
    while not 1 <= hauteur <= 20:
        print("Quelle hauteur (de 1 à 20) ?")
        reponse = input().strip()
        if reponse.isdecimal() and 1 <= int(reponse) <= 20:
            hauteur = int(reponse)
        else:
            print(f"Réponse refusée : {reponse[:10]!r}.")
    while not 1 <= nb_mines <= largeur * hauteur:
        print(f"Combien de mines (de 1 à {largeur * hauteur}) ?")
        reponse = input().strip()
        if reponse.isdecimal() and 1 <= int(reponse) <= largeur * hauteur:
            nb_mines = int(reponse)
        else:
            print(f"Réponse refusée : {reponse[:10]!r}.")
    mines, neigh, opened = [], [], []
    for _ in range(hauteur):
        mines.append([False] * largeur)
        neigh.append([0] * largeur)
        opened.append([False] * largeur)
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
