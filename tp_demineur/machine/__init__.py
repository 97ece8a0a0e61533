"""Le joueur-machine : probabilités exactes, coups expliqués, parties entières.

Une *vue* est ce que voit un joueur : ``vue[y][x]`` vaut ``None`` pour une case
fermée (avec ou sans drapeau) et un entier de 0 à 8 pour une case ouverte.

- :func:`mine_probabilities` : la probabilité exacte d'une mine dans chaque case ;
- :func:`play` : une partie entière sur un plateau caché.
"""

from .player import GameResult, play
from .probabilities import exact_mine_probabilities, mine_probabilities

__all__ = [
    "GameResult",
    "exact_mine_probabilities",
    "mine_probabilities",
    "play",
]
