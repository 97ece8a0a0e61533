"""Le secret de la classe : d'où viennent les cas que tire le correcteur.

Sans secret, le correcteur tire toujours les mêmes cas (hypothesis est
dérandomisé) : ce sont les cas du correcteur public, que n'importe qui peut
relancer, et donc apprendre par cœur. Avec un secret, que seul l'enseignant
connaît, chaque test tire ses cas d'une graine tirée du secret, du rendu et du nom
du test : les mêmes à chaque nouvelle notation du même fichier avec ce secret, et
inconnus de qui ne l'a pas.

Les exemples publics (ceux du kit, ``@public_example``) restent vérifiés avec ou
sans secret : ils sont publics par construction.

Les graines viennent du secret **et du rendu** : l'empreinte de ce que le rendu
contient (``PrivateCopy.code_print``) est mêlée au secret (:func:`key`). Le même
fichier a toujours les mêmes cas, donc la même note ; un fichier changé, même d'un
octet, rencontre d'autres cas. Renvoyer sans fin contre un même secret (Gradescope)
n'apprend donc rien d'utile au rendu suivant : le contre-exemple montré par un retour
était celui de ce fichier-là, et le fichier qui l'apprend en aura d'autres. Les
vérifications du correcteur étant faites pour donner le même verdict quels que soient
les cas tirés, un code juste a 20/20 quel que soit le tirage.

>>> derive("tulipe-4821", "test_is_coord_ok") == derive("tulipe-4821", "test_is_coord_ok")
True
>>> derive("tulipe-4821", "test_is_coord_ok") != derive("tulipe-4822", "test_is_coord_ok")
True
>>> check("  tulipe-4821 ")
'tulipe-4821'
>>> check("ab cd")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
ValueError: le secret « ab cd » ne doit contenir que des lettres sans accent, ...
"""

from __future__ import annotations

import hashlib
import re
import secrets

# La variable d'environnement qui donne le secret (Gradescope, ou toute plateforme
# qui lance la commande de notation sans qu'on puisse lui passer d'option).
ENVIRONMENT = "TP_DEMINEUR_SECRET"

ALLOWED = re.compile(r"[A-Za-z0-9-]{4,64}")
# Un secret tiré : quatre groupes de quatre lettres ou chiffres sans ambiguïté de
# lecture (ni 0 ni o, ni 1 ni l) : 32 symboles, 80 bits.
SYMBOLS = "abcdefghijkmnpqrstuvwxyz23456789"

_active: str | None = None
_submission: str | None = None  # l'empreinte du rendu noté, mêlée au secret


def draw() -> str:
    """Un nouveau secret, tiré au hasard (module ``secrets``), facile à recopier."""
    groups = ("".join(secrets.choice(SYMBOLS) for _ in range(4)) for _ in range(4))
    return "-".join(groups)


def check(text: str) -> str:
    """Le secret ``text`` sans ses espaces autour ; ValueError (en français) sinon."""
    text = text.strip()
    if not ALLOWED.fullmatch(text):
        raise ValueError(
            f"le secret « {text} » ne doit contenir que des lettres sans accent, des chiffres "
            "et des tirets (de 4 à 64 caractères)"
        )
    return text


def derive(secret: str, label: str) -> int:
    """Une graine de 48 bits tirée du secret et de ``label`` (le nom d'un test…)."""
    digest = hashlib.sha256(f"tp_demineur\0{secret}\0{label}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def use(secret: str | None, submission: str | None = None) -> None:
    """Le secret de cette notation (None : les cas publics) et l'empreinte du rendu noté.
    Posés une fois, par conftest."""
    global _active, _submission
    _active = secret
    _submission = submission


def active() -> str | None:
    return _active


def key() -> str | None:
    """Ce d'où sont tirés les cas de cette notation : le secret mêlé à l'empreinte du rendu
    (le secret seul, sans rendu connu) ; None sans secret (les cas publics).

    >>> use("tulipe-4821", "abc"); k = key(); use("tulipe-4821", "abd"); k != key()
    True
    >>> use(None, "abc"); key() is None
    True
    """
    if _active is None:
        return None
    return _active if _submission is None else f"{_active}\0rendu\0{_submission}"


def seed(label: str, public: int) -> int:
    """La graine d'un cas écrit dans un test : ``public`` sans secret, tirée du secret sinon.

    >>> use(None); seed("uniformité 3x2", 3002)
    3002
    >>> use("tulipe-4821"); seed("uniformité 3x2", 3002) == derive("tulipe-4821", "uniformité 3x2")
    True
    >>> use(None)
    """
    mixed = key()
    return public if mixed is None else derive(mixed, label)


def fingerprint(secret: str) -> str:
    """Une empreinte courte du secret : elle dit si deux notations ont eu les mêmes cas,
    sans dévoiler le secret (qui permettrait de calculer les cas)."""
    return hashlib.sha256(f"empreinte\0{secret}".encode()).hexdigest()[:8]


def facts(secret: str | None) -> dict:
    """Ce que le résultat d'une notation dit de ses cas : leur origine et l'empreinte du secret.

    >>> facts(None)
    {'origin': 'public', 'fingerprint': None}
    """
    if secret is None:
        return {"origin": "public", "fingerprint": None}
    return {"origin": "secret", "fingerprint": fingerprint(secret)}


def sentence(secret: str | None) -> str:
    """La phrase qui dit d'où viennent les cas, pour l'enseignant."""
    if secret is None:
        return (
            "Cas : ceux du correcteur public (sans --secret), que chacun peut relancer et donc "
            "connaître d'avance."
        )
    return f"Cas : tirés du secret de la classe (empreinte {fingerprint(secret)})."
