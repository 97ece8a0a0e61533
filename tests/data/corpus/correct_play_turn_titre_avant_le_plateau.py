# description : variante correcte, play_turn écrit une ligne de titre (« --- À vous de jouer --- ») avant d'appeler display_board, puis ask_move, ouvre la case et appelle propagate_open_cells, dans l'ordre du contrat.
# perd : aucune


def play_turn(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> None:
    """Joue un tour : affiche le plateau, demande un coup, ouvre la case
    choisie, puis inonde le plateau."""
    print("--- À vous de jouer ---")
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[y][x] = True
    propagate_open_cells(mines, neigh, opened)
