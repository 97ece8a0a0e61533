# description : play_the_game s'arrête un tour trop tôt : la boucle continue tant qu'il reste plus d'une case sans mine fermée (> 1 au lieu de > 0), la dernière case n'est jamais demandée et la partie est annoncée perdue.
# perd : play_the_game
# lignes : test_play_the_game_plays_until_the_end


def cases_a_ouvrir(mines, opened):
    nb = 0
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if not mines[y][x] and not opened[y][x]:
                nb += 1
    return nb


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0 and cases_a_ouvrir(mines, opened) > 1:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    resultat = is_finished(mines, opened)
    if resultat == 1:
        print("Bravo, vous avez gagné !")
    else:
        print("Boum ! Vous avez perdu.")
    return resultat
