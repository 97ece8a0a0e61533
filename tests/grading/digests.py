"""L'empreinte de chaque test que hypothesis calcule, gardée d'un calcul à l'autre.

hypothesis tire les exemples du tirage public d'une graine faite de l'empreinte du test
(son texte source, relu et analysé par ``inspect``), et la calcule deux fois par test
(20 ms chaque fois pour les 27 tests notés). Elle ne change pas pendant une notation : la
première est gardée, la seconde n'est plus calculée.

(Le lanceur pré-chargé de ``grade_class`` ne peut pas la calculer d'avance : chaque
notation enveloppe de nouveau chaque test, ``conftest.replayed_alone``, et c'est
l'enveloppe que hypothesis empreinte.)

C'est une fonction interne de hypothesis : si elle n'existe plus, rien n'est gardé, et
chaque notation la calcule elle-même, avec le même résultat.
"""

from __future__ import annotations

import contextlib


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
            if function not in known:
                known[function] = original(function)
            return known[function]

        function_digest.remembered = True
        core.function_digest = function_digest
