# description : variante correcte, play_turn affiche une ligne vide pour séparer les tours, puis display_board, ask_move, l'ouverture et propagate_open_cells.
# perd : aucune


def play_turn(mines, neigh, opened):
    print()
    display_board(mines, neigh, opened)
    coup = ask_move(opened)
    opened[coup[1]][coup[0]] = True
    propagate_open_cells(mines, neigh, opened)
