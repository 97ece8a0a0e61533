"""Les limites imposées à une soumission : temps de calcul, mémoire, sorties, taille."""

from __future__ import annotations

from dataclasses import dataclass

from .channel import Clock


@dataclass(frozen=True)
class Limits:
    """Les limites imposées à une soumission (les temps sont des temps de calcul)."""

    call_seconds: float = 5.0  # un appel de fonction
    load_seconds: float = 10.0  # le chargement du code
    test_seconds: float = 60.0  # tous les appels d'un même test
    idle_seconds: float = 10.0  # attendre sans calculer (time.sleep…), par appel
    # L'horloge d'un appel, hors attente d'un processeur libre (la charge de la machine) :
    # au-delà de tant de fois sa limite de calcul, quelque chose d'autre bloque.
    wall_factor: float = 20.0
    memory_bytes: int = 512 * 2**20  # tout le bac à sable (un seul processus y est permis)
    file_bytes: int = 2**20  # ce que le processus peut écrire dans un fichier
    output_chars: int = 200_000  # ce qu'un appel peut afficher
    # La taille d'un message du processus : 200 000 caractères affichés en font au plus
    # 2,4 Mo (échappés en ASCII). Le juge décode un message au plus à la fois.
    reply_bytes: int = 4 * 2**20
    recursion: int = 5_000
    submission_bytes: int = 5 * 2**20  # la taille d'une soumission
    submission_files: int = 200  # le nombre de fichiers d'une soumission

    # Une fonction déjà arrêtée ``stops_before_shortening`` fois à une limite (calcul ou
    # attente) n'a plus que ``shortened_seconds`` de calcul et d'attente par appel seul
    # (pas par série de cas) : une fonction qui boucle perd ses lignes sans coûter des
    # minutes de notation (un appel seul de la référence prend quelques millisecondes).
    stops_before_shortening: int = 2
    shortened_seconds: float = 1.0

    def clock(self, seconds: float, idle_seconds: float | None = None) -> Clock:
        """Les échéances d'une attente de ``seconds`` s de calcul."""
        idle = self.idle_seconds if idle_seconds is None else idle_seconds
        return Clock(seconds, idle, seconds * self.wall_factor)

    def shortened(self, seconds: float, stops: int) -> tuple[float, float] | None:
        """(calcul, attente) permis à un appel seul d'une fonction déjà arrêtée ``stops``
        fois à une limite, s'ils sont raccourcis ; None sinon."""
        if stops < self.stops_before_shortening:
            return None
        return min(seconds, self.shortened_seconds), min(self.idle_seconds, self.shortened_seconds)
