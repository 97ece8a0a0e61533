# description : initialise_mines pose une graine (random.seed()) à son premier appel seulement, gardé par un drapeau au niveau du module, puis tire normalement : le contrat interdit de re-semer random. Les appels suivants sont justes ; la faute n'a lieu qu'au premier appel du processus, et le correcteur doit la voir quel que soit le test qui fait cet appel.
# perd : initialise_mines
# lignes : test_initialise_mines_uses_random


_generateur_pret = False


def initialise_mines(mines: list[list[bool]], nb_mines: int) -> None:
    global _generateur_pret
    if not _generateur_pret:
        # On initialise le générateur une fois, au premier tirage de la partie.
        random.seed()
        _generateur_pret = True
    height = len(mines)
    width = len(mines[0])
    for y in range(height):
        for x in range(width):
            mines[y][x] = False
    for number in random.sample(range(width * height), nb_mines):
        y, x = divmod(number, width)
        mines[y][x] = True
