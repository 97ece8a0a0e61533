"""Réglages du correcteur (le générateur du kit réécrit ce fichier pour le kit)."""

# False chez l'enseignant : la solution de référence est là, et sert d'arbitre.
KIT = False

# Nombre d'exemples tirés par hypothesis pour chaque test noté.
MAX_EXAMPLES = 20
