"""L'indice de la commande « ? » : le joueur-machine explique le coup qu'il jouerait."""

from .game import PLAYING, Game
from .machine import best_move


def hint(game: Game) -> str:
    """L'indice à donner au joueur pour cette partie : une case et pourquoi.

    >>> game = Game.from_mines([[False, True, False, False]])
    >>> _ = game.open(3, 0)
    >>> print(hint(game))  # doctest: +NORMALIZE_WHITESPACE
    Indice : ouvrez (0, 0). Le 1 en (2, 0) n'a qu'une case fermée autour de lui : (1, 0)
    est une mine. Donc : la seule mine du plateau est trouvée : (0, 0) est sûre.
    """
    if game.status != PLAYING:
        return "La partie est finie : plus d'indice."
    if not game.placed:
        x, y = game.closed_cell_near_centre() or (0, 0)
        return (
            f"Indice : toute case est sûre au premier coup (les mines sont placées après). "
            f"Le centre, ({x}, {y}), ouvre souvent une grande zone."
        )
    move = best_move(game.view(), game.nb_mines)
    return f"Indice : ouvrez ({move.x}, {move.y}). {move.reason}"
