# description : play_the_game suppose la partie gagnée et ne note la défaite qu'après un tour : sur une partie déjà perdue à l'appel (une mine ouverte), elle dit « gagné » et renvoie 1.
# perd : play_the_game
# lignes : test_play_the_game_announces_the_result


def play_the_game(mines, neigh, opened):
    gagne = True
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
        if is_finished(mines, opened) == 2:
            gagne = False
    display_board(mines, neigh, opened)
    if gagne:
        print("Bravo, vous avez gagné !")
        return 1
    print("Boum ! Vous avez perdu.")
    return 2
