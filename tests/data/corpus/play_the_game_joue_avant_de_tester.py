# description : play_the_game joue un tour avant de regarder si la partie est finie (un « faire … tant que » au lieu d'un « tant que ») : juste dans une vraie partie, mais une partie déjà finie à l'appel reçoit un tour de trop.
# perd : play_the_game
# lignes : test_play_the_game_plays_until_the_end
# retour : a joué play_turn sans demander d'abord is_finished


def play_the_game(mines, neigh, opened):
    while True:
        play_turn(mines, neigh, opened)
        if is_finished(mines, opened) != 0:
            break
    display_board(mines, neigh, opened)
    resultat = is_finished(mines, opened)
    print("Bravo, vous avez gagné !" if resultat == 1 else "Boum ! Vous avez perdu.")
    return resultat
