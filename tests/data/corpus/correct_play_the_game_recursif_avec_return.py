# description : variante correcte, play_the_game récursive : tant que la partie n'est pas finie, elle joue un tour puis renvoie ce que renvoie l'appel suivant (return play_the_game(...)) ; seul le dernier appel affiche le plateau et le verdict.
# perd : aucune


def play_the_game(mines, neigh, opened):
    etat = is_finished(mines, opened)
    if etat == 0:
        play_turn(mines, neigh, opened)
        return play_the_game(mines, neigh, opened)
    display_board(mines, neigh, opened)
    print("Gagné !" if etat == 1 else "Perdu !")
    return etat
