"""Le joueur-machine : probabilités exactes, coups expliqués, parties entières.

Une *vue* est ce que voit un joueur : ``vue[y][x]`` vaut ``None`` pour une case
fermée (avec ou sans drapeau) et un entier de 0 à 8 pour une case ouverte.

- :func:`mine_probabilities` : la probabilité exacte d'une mine dans chaque case ;
- :func:`best_move` (ou :func:`hint`, l'indice « ? » du jeu) : le coup à jouer et
  pourquoi, en français ;
- :func:`play` : une partie entière sur un plateau caché ;
- :func:`no_guess_mines` : un plateau qui se résout sans jamais deviner ;
- :func:`view_of` : la vue d'une partie du TP (grilles ``mines`` et ``opened``).
"""

from .knowledge import Rule
from .moves import Move, best_move, hint
from .no_guess import no_guess_mines
from .player import GameResult, play
from .probabilities import exact_mine_probabilities, mine_probabilities
from .view import view_of

__all__ = [
    "GameResult",
    "Move",
    "Rule",
    "best_move",
    "exact_mine_probabilities",
    "hint",
    "no_guess_mines",
    "mine_probabilities",
    "play",
    "view_of",
]
