# description : variante correcte, play_the_game laisse une ligne vide entre le plateau final et le verdict (print() puis le message) : le contrat le permet.
# perd : aucune


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    print()
    if is_finished(mines, opened) == 1:
        print("Bravo, vous avez gagné !")
        return 1
    print("Dommage, vous avez perdu.")
    return 2
