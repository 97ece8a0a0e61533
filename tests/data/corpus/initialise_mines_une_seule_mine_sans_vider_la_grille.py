# description : initialise_mines traite à part le cas d'une seule mine, qu'elle pose sans remettre d'abord la grille à False : sur une grille reçue pleine, toutes les cases restent minées.
# perd : initialise_mines
# lignes : test_initialise_mines_clears_received_grid


def initialise_mines(mines: list[list[bool]], nb_mines: int) -> None:
    height = len(mines)
    width = len(mines[0])
    if nb_mines == 1:
        # Une seule mine : inutile de tirer une liste, une case suffit.
        mines[random.randrange(height)][random.randrange(width)] = True
        return
    for y in range(height):
        for x in range(width):
            mines[y][x] = False
    for number in random.sample(range(width * height), nb_mines):
        y, x = divmod(number, width)
        mines[y][x] = True
