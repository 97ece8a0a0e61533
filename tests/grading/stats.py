"""Le test du khi-deux, sans bibliothèque : juger si des tirages sont uniformes."""

from __future__ import annotations

import math

# Seuil d'un test : une fonction correcte échoue avec une probabilité < 1e-10.
# Un test de placement fait au plus trois comparaisons, donc < 1e-9 en tout.
ALPHA = 1e-10


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


def subsets_p_value(counts: dict, number_of_subsets: int, draws: int) -> float:
    """p-valeur de « chaque ensemble de cases est également probable »."""
    expected = draws / number_of_subsets
    statistic = sum((counts.get(s, 0) - expected) ** 2 / expected for s in range(number_of_subsets))
    return chi2_sf(statistic, number_of_subsets - 1)


def cells_p_value(cell_counts: list[int], nb_mines: int, draws: int) -> float:
    """p-valeur de « chaque case est minée avec la probabilité nb_mines / cases ».

    Les indicatrices des cases d'un tirage uniforme ont la variance p(1-p) et
    la covariance -p(1-p)/(n-1) ; la somme des écarts au carré, divisée par
    N p (1-p) n / (n-1), suit alors (asymptotiquement) un khi-deux à n-1 degrés.
    """
    n = len(cell_counts)
    p = nb_mines / n
    expected = draws * p
    scale = draws * p * (1 - p) * n / (n - 1)
    statistic = sum((c - expected) ** 2 for c in cell_counts) / scale
    return chi2_sf(statistic, n - 1)
