"""Les messages affichés entre deux lectures (ask_move, main) : ce qui a été écrit, à
part les invites d'``input()``, et en quelle langue.

Un message est du texte affiché (``print``, ``sys.stdout.write``…) après la ligne
refusée et avant la lecture suivante, qui n'est pas la question déjà posée : l'invite
d'``input()`` n'en est jamais un, même changée (``Outcome.prompts`` dit où sont les
invites). Reposer la question, par ``print`` ou par l'invite, ne suffit pas.
"""

from __future__ import annotations

import re

from ..boards import quote_lines, typed
from ..calls import Outcome
from .common import fail
from .french import english


def without_prompts(outcome: Outcome, start: int, end: int) -> str:
    """Le texte affiché entre ``start`` et ``end``, chaque invite d'input() remplacée par
    un retour à la ligne (ce qui l'entoure reste sur deux lignes à part)."""
    parts, position = [], start
    for first, last in outcome.prompts:
        if last <= start or first >= end:
            continue
        parts.append(outcome.stdout[position : max(first, position)])
        parts.append("\n")
        position = max(position, min(last, end))
    parts.append(outcome.stdout[position:end])
    return "".join(parts)


def prompt_at(outcome: Outcome, read: int) -> str:
    """L'invite d'input() de la lecture numéro ``read`` (« » sans invite)."""
    if read >= len(outcome.reads):
        return ""
    end = outcome.reads[read]
    return next((outcome.stdout[a:b] for a, b in outcome.prompts if b == end), "")


def after_line(outcome: Outcome, index: int) -> str:
    """Ce qui a été affiché (sans les invites) après la lecture de la ligne ``index``,
    jusqu'à la lecture suivante, ou jusqu'à la fin de l'appel."""
    reads = outcome.reads
    if index >= len(reads):
        return ""
    end = reads[index + 1] if index + 1 < len(reads) else len(outcome.stdout)
    return without_prompts(outcome, reads[index], end)


def asked_before(outcome: Outcome, index: int) -> set[str]:
    """Les lignes de la question affichée (sans l'invite) avant la lecture ``index`` :
    depuis la lecture d'avant, ou depuis le début de l'appel."""
    reads = outcome.reads
    if index >= len(reads):
        return set()
    start = reads[index - 1] if index > 0 else 0
    return {text.strip() for text in without_prompts(outcome, start, reads[index]).split("\n")}


def message_after(outcome: Outcome, index: int, first: int) -> list[str]:
    """Les lignes du message affiché après la ligne refusée ``index`` : ce qui a été affiché
    jusqu'à la lecture suivante, sans les invites ni les lignes de la question posée avant
    ``first``, la première des lignes refusées qui se suivent jusqu'à celle-ci."""
    asked = asked_before(outcome, first)
    return [text for text in after_line(outcome, index).split("\n") if text.strip() not in asked]


def has_letters(lines: list[str]) -> bool:
    return any(re.search(r"[^\W\d_]", text) for text in lines)


def expect_messages(outcome: Outcome, func: str, lines: list[str], bad: list[int], example: str):
    """Après chaque ligne refusée (``lines[i]`` pour i dans ``bad``), un message en français
    est affiché avant la lecture suivante (voir le module)."""
    refused = set(bad)
    for index in bad:
        line = lines[index]
        first = index
        while first - 1 in refused:
            first -= 1
        new = message_after(outcome, index, first)
        if not has_letters(new):
            fail(
                f"{func} n'affiche aucun message après la ligne incorrecte {typed(line)} : "
                "il faut la refuser et dire au joueur ce qui ne va pas avant de redemander "
                "(reposer la même question ne suffit pas ; passer à la suivante, c'est "
                f"l'accepter).{silent_hint(outcome, index, first)}\n{shown(outcome, example)}",
                example=example,
            )
        text = "\n".join(new)
        if line.strip():  # la ligne refusée, citée dans le message, ne dit rien de sa langue
            text = text.replace(line.strip(), " ")
        if english(text):
            fail(
                f"{func} répond en anglais à la ligne incorrecte {typed(line)} "
                f"({typed(' '.join(t.strip() for t in new if t.strip()))}) : le sujet demande "
                f"un message en français.\n{shown(outcome, example)}",
                example=example,
            )


def shown(outcome: Outcome, example: str) -> str:
    """L'exemple d'un échec, suivi de tout ce que l'appel a affiché."""
    return f"{example}\n  Ce qui a été affiché :\n{quote_lines(outcome.stdout)}"


def silent_hint(outcome: Outcome, index: int, first: int) -> str:
    """Pourquoi rien ne compte comme message : il est sur sys.stderr, ou dans l'invite."""
    if outcome.wrote_stderr:
        return " Ce qui est écrit sur sys.stderr n'est pas lu : affichez le message avec print."
    before, after = prompt_at(outcome, first), prompt_at(outcome, index + 1)
    if after.strip() and after != before and has_letters([after]):
        return (
            f" L'invite d'input() a changé ({typed(before)} puis {typed(after)}), mais "
            "l'invite n'est pas un message : affichez le message avec print() avant de "
            "reposer la question."
        )
    return ""
