# description : variante correcte, play_the_game affiche le plateau final, puis une ligne vide, un trait de tirets et une autre ligne vide, et enfin le verdict en majuscules sans accent (« *** GAGNE ! *** ») : le contrat demande le plateau une dernière fois puis le verdict sur la dernière ligne, sans interdire ce qui les sépare.
# perd : aucune


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    code = is_finished(mines, opened)
    print()
    print("-" * 2 * len(mines[0]))
    print()
    print("*** GAGNE ! ***" if code == 1 else "Perdu... la mine a explose.")
    return code
