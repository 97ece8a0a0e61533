"""L'empreinte de chaque test que hypothesis calcule, gardée d'un calcul à l'autre.

hypothesis tire les exemples du tirage public d'une graine faite de l'empreinte du test
(son texte source, relu et analysé par ``inspect``), et la calcule deux fois par test
(20 ms chaque fois pour les 27 tests notés). Elle ne change pas pendant une notation : la
première est gardée, la seconde n'est plus calculée.

Chaque notation enveloppe de nouveau chaque test (``conftest.replayed_alone``) ;
l'empreinte de l'enveloppe est celle du test (son texte, son nom et sa signature, que
``functools.wraps`` lui donne) : elle est gardée pour le test enveloppé, et le lanceur
pré-chargé de ``grade_class`` la calcule d'avance (``warm``).

C'est une fonction interne de hypothesis : si elle n'existe plus, rien n'est gardé, et
chaque notation la calcule elle-même, avec le même résultat.
"""

from __future__ import annotations

import contextlib
import inspect


def remember() -> None:
    """La fonction d'empreinte de hypothesis garde ses résultats (une seule fois par
    processus, même appelée de nouveau)."""
    with contextlib.suppress(ImportError, AttributeError):
        import hypothesis.core as core

        original = core.function_digest
        if getattr(original, "remembered", False):
            return
        known: dict = {}

        def function_digest(function) -> bytes:
            try:
                key = inspect.unwrap(function)
            except ValueError:  # une boucle de __wrapped__
                key = function
            if key not in known:
                known[key] = original(function)
            return known[key]

        function_digest.remembered = True
        core.function_digest = function_digest


def warm(tests) -> None:
    """Calcule d'avance l'empreinte de chaque test à exemples tirés de ``tests`` (le
    lanceur pré-chargé, pour toutes les notations qu'il lancera)."""
    remember()
    with contextlib.suppress(ImportError, AttributeError):
        import hypothesis.core as core

        for test in tests:
            inner = getattr(getattr(test, "hypothesis", None), "inner_test", None)
            if inner is not None:
                core.function_digest(inner)
