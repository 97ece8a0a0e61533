"""Q6 : display_board, ce qu'elle affiche et comment on le montre."""

from __future__ import annotations

from ..boards import (
    first_difference,
    quote_window,
    show_grids,
    size,
)
from ..calls import Outcome
from .common import expect_no_error, expect_untouched, fail


def display_board_prints(sub, case: dict, expected: list[str]):
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    example = (
        f"  Exemple : plateau {size(mines)}\n{show_grids(mines=mines, neigh=neigh, opened=opened)}"
    )
    outcome = sub.call("display_board", mines, neigh, opened)
    expect_no_error(outcome, "display_board", example)
    got = [line.rstrip() for line in outcome.stdout.split("\n")]
    if got != [*expected, ""]:
        fail(
            f"{display_mistake(expected, outcome)}\n{example}\n"
            f"{display_comparison(expected, outcome.stdout)}",
            example=example,
        )
    expect_untouched(
        outcome, "display_board", ["mines", "neigh", "opened"], [mines, neigh, opened], example
    )


def display_mistake(expected: list[str], outcome: Outcome) -> str:
    """Ce qui ne va pas dans l'affichage de display_board, nommé quand on le reconnaît."""
    printed = outcome.stdout
    lines = [line.rstrip() for line in printed.split("\n")]
    returned = outcome.ret
    if not printed and isinstance(returned, str) and returned.strip():
        same_text = [line.rstrip() for line in returned.rstrip("\n").split("\n")] == expected
        verdict = " (et ce texte est le bon)" if same_text else ""
        return (
            "display_board renvoie le texte du plateau au lieu de l'afficher" + verdict + " : "
            "il faut l'afficher avec print() ; display_board ne renvoie rien."
        )
    if not printed:
        return "display_board n'affiche rien : il faut afficher le plateau avec print()."
    if lines[-1] != "":
        return (
            "display_board n'affiche pas ce qu'il faut : la dernière ligne doit se terminer "
            "par un retour à la ligne."
        )
    body = lines[:-1]
    if "\t" in printed and [line.replace("\t", " ") for line in body] == expected:
        return (
            "display_board sépare les cases par des tabulations (→ ci-dessous) : à l'écran "
            'on dirait des espaces, mais il faut une espace " " entre deux cases.'
        )
    if body[: len(expected)] == expected and not any(body[len(expected) :]):
        extra = len(body) - len(expected)
        return (
            f"display_board affiche {extra} ligne(s) vide(s) de trop à la fin : print() "
            "ajoute déjà un retour à la ligne ; print(texte), quand texte finit par "
            '"\\n", en affiche deux.'
        )
    if [line for line in body if line] == expected:
        return (
            "display_board affiche des lignes vides entre les lignes du plateau : print() "
            'ajoute déjà un retour à la ligne (un "\\n" à la fin de chaque ligne en fait un '
            "de plus)."
        )
    if len(body) != len(expected):
        return (
            f"display_board n'affiche pas ce qu'il faut : il faut exactement {len(expected)} "
            f"ligne(s), une par ligne du plateau ; il en affiche {len(body)}."
        )
    return "display_board n'affiche pas ce qu'il faut."


def display_comparison(expected: list[str], printed: str) -> str:
    """L'affichage attendu et l'obtenu, ligne à ligne, la première différence marquée,
    l'invisible rendu visible, dans 80 colonnes."""
    got = printed.split("\n")
    if got[-1] == "":
        got.pop()
    where = first_difference(expected, [line.rstrip() for line in got])
    row, column = where if where is not None else (None, 0)
    place = ""
    if row is not None:
        place = f" (première différence : ligne {row + 1}, colonne {column + 1}, marquée ✗)"
    limit = 30
    if row is not None and row >= limit:
        expected, got = expected[row - limit // 2 :], got[row - limit // 2 :]
        row = limit // 2
    return (
        f"  Affichage attendu :\n{quote_window(expected[:limit], column)}\n"
        f"  Affichage obtenu{place} :\n{quote_window(got[:limit], column, row)}"
    )
