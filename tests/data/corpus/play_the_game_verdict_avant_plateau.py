# description : play_the_game écrit le verdict avant d'afficher le plateau final : la dernière ligne affichée n'est pas le verdict.
# perd : play_the_game
# lignes : test_play_the_game_announces_the_result


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    resultat = is_finished(mines, opened)
    if resultat == 1:
        print("Gagné !")
    else:
        print("Perdu !")
    display_board(mines, neigh, opened)
    return resultat
