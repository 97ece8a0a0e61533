# description : play_the_game annonce le verdict dès la fin de la boucle sans afficher le plateau une dernière fois : le joueur ne voit pas la case qui a fini la partie.
# perd : play_the_game
# lignes : test_play_the_game_shows_the_final_board


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    resultat = is_finished(mines, opened)
    if resultat == 1:
        print("Bravo, vous avez gagné !")
    else:
        print("Boum ! Vous avez perdu.")
    return resultat
