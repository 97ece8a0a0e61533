# description : display_board construit le texte du plateau et le renvoie au lieu de l'afficher : rien n'est imprimé.
# perd : display_board
# lignes : test_display_board_closed_cells, test_display_board_open_mines, test_display_board_empty_cells, test_display_board_digits, test_display_board_one_line_per_row, test_display_board_one_space_between_cells
# retour : renvoie le texte du plateau au lieu de l'afficher (et ce texte est le bon)
def display_board(mines, neigh, opened):
    lines = []
    for y in range(len(mines)):
        cells = []
        for x in range(len(mines[0])):
            if not opened[y][x]:
                cells.append("■")
            elif mines[y][x]:
                cells.append("★")
            elif neigh[y][x] == 0:
                cells.append("⋄")
            else:
                cells.append(str(neigh[y][x]))
        lines.append(" ".join(cells))
    return "\n".join(lines)
