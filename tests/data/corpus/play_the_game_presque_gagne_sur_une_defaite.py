# description : play_the_game annonce une défaite avec « perdu… vous aviez presque gagné ! » quand au moins 90 % des cases sans mine (10 au moins) étaient ouvertes : la dernière ligne dit les deux mots, alors que le sujet n'en permet qu'un ; cela n'arrive que dans une partie perdue tout à la fin.
# perd : play_the_game
# lignes : test_play_the_game_announces_the_result


def play_the_game(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> int:
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    result = is_finished(mines, opened)
    if result == 1:
        print("Bravo, vous avez gagné !")
    else:
        cells = [(m, o) for rm, ro in zip(mines, opened) for m, o in zip(rm, ro)]
        safe = sum(1 for m, o in cells if not m)
        opened_safe = sum(1 for m, o in cells if not m and o)
        if safe >= 10 and opened_safe >= 0.9 * safe:
            print("Boum ! Perdu… vous aviez presque gagné !")
        else:
            print("Boum ! Vous avez perdu.")
    return result
