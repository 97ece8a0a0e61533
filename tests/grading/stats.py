"""Juger si des tirages sont uniformes, sans bibliothèque : le khi-deux et ses cousins.

Un plateau de l'uniformité est tiré ``draws`` fois ; chaque tirage qui a placé
exactement ``nb_mines`` mines compte. Huit comparaisons le jugent, chacune rejetant un
tirage uniforme avec une probabilité d'au plus ``ALPHA`` :

- les cases une à une, les lignes, les colonnes (khi-deux de Pearson, corrigé pour la
  loi hypergéométrique : chaque case, ligne ou colonne attend au moins une dizaine de
  mines sur les plateaux essayés, l'approximation y est excellente) ;
- les ensembles de cases, sur un petit plateau (khi-deux sur chaque ensemble) ;
- une case jamais minée, une case minée à chaque tirage (calcul exact, borne de
  l'union sur les cases : seulement quand elle est sous ``ALPHA``) ;
- les paires de cases voisines minées ensemble, sur une même ligne, sur une même
  colonne (leur nombre a une moyenne et une variance exactes ; la somme sur les tirages
  est presque normale) : un tirage qui groupe ses mines (« la case libre suivante ») ou
  les disperse, que les cases une à une ne voient pas.

Un plateau fait donc au plus ``COMPARISONS`` comparaisons ; le nombre de plateaux est
écrit à côté de leur liste (``tests/graded/test_q4_initialise.py``) : une fonction
correcte échoue à une notation entière avec une probabilité bornée par leur produit
(borne de Bonferroni). Les graines des tirages sont fixées (publiques ou tirées du
secret) : la même fonction reçoit toujours le même verdict avec les mêmes graines, et la
puissance de chaque plateau (``tests/benchmarks/bench_uniformity.py``) est choisie pour
qu'un biais réaliste soit vu quelles que soient les graines.
"""

from __future__ import annotations

import math

# Le seuil d'une comparaison.
ALPHA = 1e-10
# Les comparaisons d'un plateau : cases, lignes, colonnes, ensembles de cases, case
# jamais minée, case toujours minée, paires voisines sur une ligne, sur une colonne.
COMPARISONS = 8


def _upper_gamma_regularized(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a), par série (x < a + 1) ou fraction continue."""
    if x <= 0:
        return 1.0
    log_prefix = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    # Fraction continue de Lentz (Numerical Recipes, gcf).
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return math.exp(log_prefix) * h


def chi2_sf(statistic: float, dof: int) -> float:
    """P(X >= statistic) pour X qui suit une loi du khi-deux à ``dof`` degrés de liberté.

    >>> round(chi2_sf(3.84, 1), 3)
    0.05
    >>> round(chi2_sf(23.685, 14), 3)
    0.05
    """
    return _upper_gamma_regularized(dof / 2, statistic / 2)


def chi2_critical(dof: int, alpha: float = ALPHA) -> float:
    """La valeur que le khi-deux à ``dof`` degrés ne dépasse qu'avec la probabilité ``alpha``.

    >>> round(chi2_critical(1, 0.05), 2)
    3.84
    """
    low, high = 0.0, float(dof) + 10
    while chi2_sf(high, dof) > alpha:
        high *= 2
    for _ in range(200):
        middle = (low + high) / 2
        if chi2_sf(middle, dof) > alpha:
            low = middle
        else:
            high = middle
    return high


def subsets_statistic(counts: dict, number_of_subsets: int, draws: int) -> float:
    """La statistique de Pearson de « chaque ensemble de cases est également probable »."""
    expected = draws / number_of_subsets
    return sum((counts.get(s, 0) - expected) ** 2 / expected for s in range(number_of_subsets))


def groups_statistic(counts: list[int], sizes: list[int], nb_mines: int, draws: int) -> float:
    """La statistique de « chaque groupe de cases reçoit des mines en proportion de sa
    taille », qui suit (asymptotiquement) un khi-deux à (groupes - 1) degrés.

    ``counts[g]`` : les mines tombées dans le groupe ``g`` (de ``sizes[g]`` cases) sur tous
    les tirages ; les groupes partagent les cases du plateau (les cases une à une, les
    lignes, les colonnes). Un tirage uniforme de ``nb_mines`` cases parmi ``n`` donne une
    loi hypergéométrique multiple : sa covariance est celle de ``nb_mines`` tirages
    multinomiaux multipliée par (n - nb_mines) / (n - 1) ; la statistique de Pearson est
    divisée par ce facteur.

    >>> groups_statistic([10, 10], [1, 1], 1, 20)
    0.0
    """
    cells = sum(sizes)
    correction = (cells - 1) / (cells - nb_mines)
    statistic = 0.0
    for count, group in zip(counts, sizes):
        expected = draws * nb_mines * group / cells
        statistic += (count - expected) ** 2 / expected
    return statistic * correction


def groups_p_value(counts: list[int], sizes: list[int], nb_mines: int, draws: int) -> float:
    """p-valeur de ``groups_statistic``.

    >>> groups_p_value([10, 10], [1, 1], 1, 20)
    1.0
    >>> groups_p_value([40, 0], [1, 1], 1, 40) < 1e-9
    True
    """
    return chi2_sf(groups_statistic(counts, sizes, nb_mines, draws), len(sizes) - 1)


def extreme_is_meaningful(cells: int, probability: float, draws: int) -> bool:
    """Une case qui a toujours (ou jamais) reçu une mine en ``draws`` tirages est-elle une
    faute, sauf au seuil près ? ``probability`` : la chance qu'une case donnée le fasse en
    un tirage uniforme (``1 - nb_mines/cells`` pour « jamais », ``nb_mines/cells`` pour
    « toujours ») ; la borne de l'union sur les cases doit rester sous ``ALPHA``.

    >>> extreme_is_meaningful(6, 1 - 2 / 6, 2000), extreme_is_meaningful(931, 0.9, 100)
    (True, False)
    """
    return probability == 0 or cells * probability**draws < ALPHA


def pair_moments(edges: int, touching: int, cells: int, nb_mines: int) -> tuple[float, float]:
    """La moyenne et la variance du nombre de paires (parmi ``edges`` paires de cases
    voisines) dont les deux cases sont minées, dans un tirage uniforme de ``nb_mines`` cases
    parmi ``cells`` ; ``touching`` : le nombre de couples ordonnés de paires distinctes qui
    partagent une case (les autres n'en partagent aucune).

    >>> pair_moments(1, 0, 2, 1)  # deux cases, une mine : jamais les deux
    (0.0, 0.0)
    >>> pair_moments(1, 0, 3, 2)  # trois cases, deux mines : une chance sur trois
    (0.3333333333333333, 0.2222222222222222)
    """

    def both(k: int) -> float:  # k cases données toutes minées
        chance = 1.0
        for i in range(k):
            chance *= max(nb_mines - i, 0) / (cells - i) if cells > i else 0.0
        return chance

    mean = edges * both(2)
    second = mean + touching * both(3) + (edges * (edges - 1) - touching) * both(4)
    return mean, max(second - mean * mean, 0.0)


def line_pairs(length: int, lines: int) -> tuple[int, int]:
    """Les paires voisines de ``lines`` lignes de ``length`` cases, et les couples ordonnés
    de ces paires qui partagent une case (deux paires qui se suivent sur une ligne).

    >>> line_pairs(3, 2)
    (4, 4)
    """
    edges = lines * max(length - 1, 0)
    touching = lines * 2 * max(length - 2, 0)
    return edges, touching


def pairs_statistic(observed: int, draws: int, mean: float, variance: float) -> float:
    """Le carré de l'écart réduit du nombre de paires observé sur ``draws`` tirages :
    presque un khi-deux à un degré (somme de tirages indépendants)."""
    if variance <= 0:
        return 0.0 if observed == draws * mean else math.inf
    return (observed - draws * mean) ** 2 / (draws * variance)
