# description : play_the_game joue tant que is_finished vaut 0, puis établit le verdict elle-même en regardant d'abord si toutes les cases sans mine sont ouvertes : une partie reçue déjà perdue dont toutes les cases sans mine sont ouvertes est annoncée gagnée (code 1). Dans une partie jouée, cela n'arrive pas (une mine ouverte n'inonde rien) ; seule une partie reçue déjà finie le montre.
# perd : play_the_game
# lignes : test_play_the_game_announces_the_result


def play_the_game(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> int:
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    closed_safe = 0
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if not mines[y][x] and not opened[y][x]:
                closed_safe += 1
    if closed_safe == 0:
        print("Bravo, vous avez gagné !")
        return 1
    print("Boum ! Vous avez perdu.")
    return 2
