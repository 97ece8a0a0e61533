# description : play_the_game écrit « VOUS AVEZ GAGNE » ou « PERDU » : le verdict est comparé en minuscules, sans accents.
# perd : aucune
def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    code = is_finished(mines, opened)
    print("VOUS AVEZ GAGNE !" if code == 1 else "Vous avez PERDU...")
    return code
