# description : play_the_game joue au plus 100 tours (une boucle for « pour ne jamais boucler sans fin ») : une partie plus longue s'arrête avant la fin, sur un plateau qui n'est ni gagné ni perdu.
# perd : play_the_game
# lignes : test_play_the_game_plays_until_the_end


def play_the_game(mines, neigh, opened):
    for _ in range(100):
        if is_finished(mines, opened) != 0:
            break
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    resultat = is_finished(mines, opened)
    if resultat == 1:
        print("Vous avez gagné !")
    else:
        print("Vous avez perdu...")
    return resultat
