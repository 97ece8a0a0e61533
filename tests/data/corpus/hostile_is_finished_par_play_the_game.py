# description : aucune logique de fin de partie : is_finished appelle play_the_game sur une copie de opened et renvoie son code (ou 0 quand la partie réclame un coup et bute sur la fin de l'entrée), alors que play_the_game (celle du rendu, la référence) appelle is_finished. Lancées pour de vrai, les deux fonctions s'appellent l'une l'autre sans fin (RecursionError) ; pendant la notation, le relais fait jouer la référence. Le défaut est dans is_finished, qui doit perdre ses points.
# perd : is_finished


def is_finished(mines, opened):
    neigh = [[0] * len(ligne) for ligne in mines]
    try:
        return play_the_game(mines, neigh, [ligne[:] for ligne in opened])
    except EOFError:
        return 0
