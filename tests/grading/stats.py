"""Le test du khi-deux, sans bibliothèque : juger si des tirages sont uniformes.

Chaque comparaison (les cases une à une, les lignes, les colonnes, les ensembles de
cases d'un petit plateau, une case jamais minée) rejette un tirage uniforme avec une
probabilité d'au plus ``ALPHA`` (le seuil d'une loi du khi-deux, une approximation
excellente ici : chaque case, ligne ou colonne attend au moins une dizaine de mines).
Un plateau en fait au plus ``COMPARISONS`` ; le nombre de plateaux essayés est écrit à
côté de leur liste (``tests/graded/test_q4_initialise.py``) : une fonction correcte
échoue donc à une notation entière avec une probabilité bornée par leur produit
(borne de Bonferroni), moins de 1e-8. Les graines des tirages sont fixées (publiques ou
tirées du secret) : la même fonction reçoit toujours le même verdict.
"""

from __future__ import annotations

import math

# Le seuil d'une comparaison.
ALPHA = 1e-10
# Les comparaisons d'un plateau : cases, lignes, colonnes, ensembles de cases, case jamais
# minée.
COMPARISONS = 5


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


def groups_p_value(counts: list[int], sizes: list[int], nb_mines: int, draws: int) -> float:
    """p-valeur de « chaque groupe de cases reçoit des mines en proportion de sa taille ».

    ``counts[g]`` : les mines tombées dans le groupe ``g`` (de ``sizes[g]`` cases) sur tous
    les tirages ; les groupes partagent les cases du plateau (les cases une à une, les
    lignes, les colonnes). Un tirage uniforme de ``nb_mines`` cases parmi ``n`` donne une
    loi hypergéométrique multiple : sa covariance est celle de ``nb_mines`` tirages
    multinomiaux multipliée par (n - nb_mines) / (n - 1). La statistique de Pearson,
    divisée par ce facteur, suit donc (asymptotiquement) un khi-deux à (groupes - 1)
    degrés.

    >>> groups_p_value([10, 10], [1, 1], 1, 20)
    1.0
    >>> groups_p_value([40, 0], [1, 1], 1, 40) < 1e-9
    True
    """
    cells = sum(sizes)
    correction = (cells - 1) / (cells - nb_mines)
    statistic = 0.0
    for count, group in zip(counts, sizes):
        expected = draws * nb_mines * group / cells
        statistic += (count - expected) ** 2 / expected
    return chi2_sf(statistic * correction, len(sizes) - 1)


def never_chosen_is_meaningful(cells: int, nb_mines: int, draws: int) -> bool:
    """Une case jamais minée en ``draws`` tirages est-elle une faute, sauf au seuil près ?
    (Un tirage uniforme laisse une case donnée vide avec la probabilité 1 - nb_mines/cells ;
    la borne de l'union sur les cases doit rester sous ``ALPHA``.)

    >>> never_chosen_is_meaningful(6, 2, 2000), never_chosen_is_meaningful(950, 95, 100)
    (True, False)
    """
    return cells * (1 - nb_mines / cells) ** draws < ALPHA
