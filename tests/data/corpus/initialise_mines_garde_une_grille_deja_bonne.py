# description : si la grille reçue a déjà exactement nb_mines mines, initialise_mines la rend telle quelle, sans rien tirer : le placement ne vient plus du hasard.
# perd : initialise_mines
# lignes : test_initialise_mines_clears_received_grid


def initialise_mines(mines: list[list[bool]], nb_mines: int) -> None:
    """Place exactement ``nb_mines`` mines au hasard dans la grille ``mines``."""
    height = len(mines)
    width = len(mines[0])
    already = sum(row.count(True) for row in mines)
    if already == nb_mines:
        return  # la grille a déjà le bon nombre de mines : rien à faire
    for y in range(height):
        for x in range(width):
            mines[y][x] = False
    for number in random.sample(range(width * height), nb_mines):
        y, x = divmod(number, width)
        mines[y][x] = True
