# description : initialise_mines tire la colonne entre 0 et 49 (la plus grande largeur) puis la réduit modulo la largeur du plateau : juste quand la largeur divise 50, mais sur un plateau de 49 colonnes la première est tirée deux fois plus souvent que les autres (sur 3 ou 4 colonnes, l'écart n'est que de 6 à 8 %).
# perd : initialise_mines
# lignes : test_initialise_mines_uniform


def initialise_mines(mines: list[list[bool]], nb_mines: int) -> None:
    height = len(mines)
    width = len(mines[0])
    for y in range(height):
        for x in range(width):
            mines[y][x] = False
    placed = 0
    while placed < nb_mines:
        # Une colonne tirée sur la largeur maximale, ramenée au plateau.
        x = random.randrange(MAX_WIDTH) % width
        y = random.randrange(height)
        if not mines[y][x]:
            mines[y][x] = True
            placed += 1
