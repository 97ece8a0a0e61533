"""Réglages du correcteur (le générateur du kit réécrit ce fichier pour le kit)."""

# False chez l'enseignant : la solution de référence est là, et sert d'arbitre.
KIT = False

# Nombre d'exemples tirés par hypothesis pour chaque test noté (sauf réglage à lui).
# Décidé par la mutation (tests/benchmarks/bench_mutants.py) : avec 20, 12 ou 6 exemples,
# les mêmes mutants sont tués (343 sur 410, et les 78 écrits à la main) ; les cas publics
# et les balayages les tuent. 10 garde de la marge pour les fautes qu'aucun mutant ne
# montre encore, pour un tiers de temps de notation en moins qu'avec 20.
MAX_EXAMPLES = 10
