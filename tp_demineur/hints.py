"""L'indice de la commande « ? » : une seule fonction, que le joueur machine remplira."""

from .game import Game


def hint(game: Game) -> str:
    """L'indice à donner au joueur pour cette partie (pour l'instant, aucun)."""
    return "Pas encore d'indice : « ? » est réservé au joueur machine, qui les donnera."
