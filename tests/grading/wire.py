"""Les données qui passent entre le juge et le processus de travail, vérifiées.

Tout ce qui vient du processus de travail après le chargement du rendu est traité
comme venant de l'étudiant : chaque message est vérifié (forme et types) avant
d'être utilisé, et un message mal formé lève :class:`Malformed`, qui fait
échouer le test en cours avec une explication, jamais le correcteur.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .safe_text import printable

MAX_DEPTH = 50  # une grille a trois niveaux ; au-delà, rien de ce que le TP renvoie
SIMPLE = {type(None), bool, int, str}  # les valeurs simples d'une liste encodée
# Le message d'une exception levée par le rendu, tel que le juge le reçoit (le retour en
# cite moins : checks.common.QUOTED_CHARS).
MESSAGE_CHARS = 500


class Malformed(Exception):
    """Un message du processus de travail qui n'a pas la forme attendue."""


@dataclass(frozen=True)
class Opaque:
    """Une valeur d'un type inattendu, renvoyée par la soumission (jamais égale à rien)."""

    type_name: str
    text: str

    def __eq__(self, other):
        return False

    def __hash__(self):
        return hash((self.type_name, self.text))

    def __repr__(self):
        return f"{self.text} (de type {self.type_name})"


def parse(line: bytes) -> dict:
    """Une ligne JSON du processus de travail, qui doit être un objet."""
    try:
        message = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):
        raise Malformed("une ligne illisible") from None
    if type(message) is not dict:
        raise Malformed("un message qui n'est pas un objet JSON")
    return message


def decode(data, depth: int = 0):
    """Une valeur encodée par le processus de travail, traduite en valeur Python.

    >>> decode({"L": [{"L": [True, 1], "id": 1}], "id": 2})
    [[True, 1]]
    """
    if depth > MAX_DEPTH:
        raise Malformed("une valeur trop imbriquée")
    if data is None or type(data) in (bool, int, str):
        return data
    if type(data) is not dict:
        raise Malformed(f"une valeur de type JSON inattendu ({type(data).__name__})")
    if "L" in data:
        items = data["L"]
        if type(items) is not list or type(data.get("id")) is not int:
            raise Malformed("une liste mal encodée")
        if set(map(type, items)) <= SIMPLE:
            return list(items)  # une ligne de valeurs simples : le chemin rapide
        return [decode(v, depth + 1) for v in items]
    if "T" in data:
        if type(data["T"]) is not list:
            raise Malformed("un tuple mal encodé")
        return tuple(decode(v, depth + 1) for v in data["T"])
    if type(data.get("O")) is str and type(data.get("r")) is str:
        return Opaque(data["O"][:100], data["r"][:200])
    raise Malformed("une valeur mal encodée")


def count_values(data, limit: int) -> int | None:
    """Le nombre de valeurs JSON d'une donnée encodée (chaque objet, chaque liste et tout
    ce qu'ils contiennent ; un long texte compte pour un par tranche de 100 caractères),
    compté sans la décoder ; None dès qu'il dépasse ``limit``, sans aller plus loin.
    Une grille 50×20 encodée compte 1 063 valeurs.

    >>> count_values([{"L": [{"L": [True, False], "id": 2}], "id": 1}, 3], 100)
    10
    >>> count_values([{"L": [0] * 500, "id": 1}], 100) is None
    True
    """
    count, todo = 0, [data]
    while todo:
        value = todo.pop()
        count += 1
        kind = type(value)
        if kind is list or kind is dict:
            items = value if kind is list else list(value.values())
            kinds = set(map(type, items))
            if kinds <= SIMPLE:
                # Une ligne de valeurs simples, comptée sans boucle Python.
                count += len(items)
                if str in kinds:
                    count += sum(len(v) // 100 for v in items if type(v) is str)
            else:
                todo.extend(items)
        elif kind is str:
            count += len(value) // 100
        if count > limit:
            return None
    return count


def to_wire(value):
    """Une valeur Python simple, traduite pour le processus de travail.

    >>> to_wire([[True, 1], ("a", 2.5)])
    [[True, 1], {'T': ['a', None]}]
    """
    if isinstance(value, tuple):
        return {"T": [to_wire(v) for v in value]}
    if isinstance(value, list):
        if set(map(type, value)) <= SIMPLE:
            return list(value)  # une ligne de grille : copiée sans boucle Python
        return [to_wire(v) for v in value]
    if value is None or type(value) in (bool, int, str):
        return value
    return None


def clone(value):
    """Une copie des listes imbriquées (bien plus rapide que copy.deepcopy)."""
    if type(value) is list:
        return [clone(v) for v in value]
    return value


def identity(data) -> int | None:
    """Le numéro d'identité d'une liste encodée (None si ce n'est pas une liste)."""
    return data.get("id") if isinstance(data, dict) and "L" in data else None


def row_identities(data) -> list[int | None]:
    return [identity(row) for row in data["L"]] if identity(data) is not None else []


def same(a, b) -> bool:
    """Égalité stricte : mêmes valeurs et mêmes types exacts (``True`` n'est pas ``1``).

    >>> same([[True, 1], ("a", None)], [[True, 1], ("a", None)]), same([True], [1])
    (True, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return False
        kinds = list(map(type, a))
        if set(kinds) <= SIMPLE:  # une ligne de valeurs simples, comparée sans boucle Python
            return kinds == list(map(type, b)) and a == b
        return all(same(x, y) for x, y in zip(a, b))
    return a == b


def text_field(message: dict, key: str, limit: int) -> str:
    value = message.get(key, "")
    if type(value) is not str:
        raise Malformed(f"un champ {key} qui n'est pas un texte")
    if len(value) > limit:
        raise Malformed(f"un champ {key} de plus de {limit} caractères")
    return value


def function_name(name) -> bool:
    """Un nom de fonction que Python donne à un cadre d'exécution : un identifiant, ou
    celui d'une fonction sans nom (``<lambda>``, ``<genexpr>``, ``<listcomp>``…).

    >>> [function_name(n) for n in ("ask_move", "<lambda>", "<genexpr>", "a b", "<>", 3)]
    [True, True, True, False, False, False]
    """
    if type(name) is not str:
        return False
    return name.isidentifier() or (
        name.startswith("<") and name.endswith(">") and name[1:-1].isidentifier()
    )


def error_field(message: dict) -> dict | None:
    """L'exception sortie de la fonction : {"type", "message", "line", "function"} ou None.

    ``function`` est le nom de la fonction de la soumission où l'exception est née
    (None si elle est née hors de la soumission).
    """
    error = message.get("error")
    if error is None:
        return None
    if type(error) is not dict:
        raise Malformed("un champ error qui n'est pas un objet")
    kind, text, line = error.get("type"), error.get("message"), error.get("line")
    if type(kind) is not str or type(text) is not str:
        raise Malformed("un champ error mal formé")
    if line is not None:
        # [fichier, numéro, texte], ou [notebook, numéro, texte, cellule] (worker.py).
        ok = (
            type(line) is list
            and len(line) in (3, 4)
            and type(line[0]) is str
            and type(line[1]) is int
            and type(line[2]) is str
            and all(type(cell) is int for cell in line[3:])
        )
        if not ok:
            raise Malformed("une ligne d'erreur mal formée")
        line = [printable(line[0][:300]), line[1], printable(line[2][:300]), *line[3:]]
    function = error.get("function")
    if function is not None and not function_name(function):
        raise Malformed("un nom de fonction d'erreur mal formé")
    # Un message d'exception est écrit par le rendu : montré sans ses caractères de
    # contrôle ni ses demi-caractères (qu'aucun fichier UTF-8 ne peut contenir).
    return {
        "type": printable(kind[:100]),
        "message": printable(text[:MESSAGE_CHARS]),
        "line": line,
        "function": function,
    }


def check_done(message: dict, nargs: int, output_limit: int) -> dict:
    """Vérifie la réponse à un appel : ret, args (nargs valeurs), error, out, overflow,
    stderr (l'appel a-t-il écrit sur la sortie d'erreur ?), reseeded (la fonction a-t-elle
    re-semé le générateur de random, pendant cet appel ou un précédent ?)."""
    args = message.get("args")
    if type(args) is not list or len(args) != nargs:
        raise Malformed(f"un champ args qui n'a pas {nargs} valeur(s)")
    decoded_args = [decode(arg) for arg in args]
    for flag in ("overflow", "stderr", "reseeded"):
        if type(message.get(flag, False)) is not bool:
            raise Malformed(f"un champ {flag} qui n'est pas un booléen")
    return {
        "ret": decode(message.get("ret")),
        "wire_ret": message.get("ret"),
        "args": decoded_args,
        "wire_args": args,
        "error": error_field(message),
        "out": text_field(message, "out", output_limit),
        "overflow": message.get("overflow", False),
        "stderr": message.get("stderr", False),
        "reseeded": message.get("reseeded", False),
    }
