# description : play_the_game récursive qui oublie le return devant l'appel récursif : chaque niveau, au retour, réaffiche le plateau final et le verdict (une partie de N tours finit par N + 1 plateaux et N + 1 verdicts).
# perd : play_the_game
# lignes : test_play_the_game_shows_the_final_board


def play_the_game(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> int:
    """Joue des tours tant que la partie n'est pas finie, puis affiche le plateau et
    le verdict, et renvoie le code de fin."""
    if is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
        play_the_game(mines, neigh, opened)
    display_board(mines, neigh, opened)
    result = is_finished(mines, opened)
    if result == 1:
        print("Bravo, vous avez gagné !")
    else:
        print("Boum ! Vous avez perdu.")
    return result
