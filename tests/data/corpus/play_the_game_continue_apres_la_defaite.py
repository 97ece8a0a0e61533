# description : play_the_game joue tant que la partie n'est pas gagnée (« while is_finished(...) != 1 ») : après une mine ouverte, elle redemande un coup au lieu de s'arrêter, et une partie reçue déjà perdue n'est jamais finie.
# perd : play_the_game
# lignes : test_play_the_game_plays_until_the_end
# retour : la boucle doit s'arrêter dès que is_finished ne vaut plus 0


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) != 1:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    print("Bravo, vous avez gagné !")
    return 1
