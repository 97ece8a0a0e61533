# description : propagate_open_cells essaie d'abord de faire travailler la référence hors du contrat par les relais : compute_neigh sur 440×440 cases, des grilles de lignes inégales, des cases qui sont des chaînes ou des flottants, initialise_mines avec plus de mines que de cases, nb_adjacent_mines avec une coordonnée de 10**100, des paramètres nommés inconnus ; chaque refus (RuntimeError ou TypeError) est rattrapé, puis elle inonde correctement. Le juge doit refuser vite chaque demande : rien n'est perdu.
# perd : aucune
def _essais():
    grande = [[False] * 440 for _ in range(440)]
    essais = [
        lambda: compute_neigh(grande, [[0] * 440 for _ in range(440)]),
        lambda: compute_neigh([[False, True], [False]], [[0, 0], [0]]),
        lambda: compute_neigh([["x", "y"]], [[0, 0]]),
        lambda: compute_neigh([[0.5, 1.5]], [[0, 0]]),
        lambda: initialise_mines([[False] * 3], 10),
        lambda: nb_adjacent_mines([[False] * 3], 10**100, 0),
        lambda: nb_adjacent_mines([[False] * 3], x=1, y=0, z=3),
        lambda: display_board([[False]], [[0]], [[False]] * 40),
        lambda: play_the_game([[True] * 50] * 20, [[9] * 50] * 20, [[True] * 50] * 20),
    ]
    for essai in essais:
        try:
            essai()
        except (RuntimeError, TypeError, EOFError):
            pass


def propagate_open_cells(mines, neigh, opened):
    _essais()
    height, width = len(mines), len(mines[0])
    changed = True
    while changed:
        changed = False
        for y in range(height):
            for x in range(width):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for dy in (-1, 0, 1):
                        for dx in (-1, 0, 1):
                            nx, ny = x + dx, y + dy
                            if 0 <= nx < width and 0 <= ny < height and not opened[ny][nx]:
                                opened[ny][nx] = True
                                changed = True
