"""Q7 : is_move_ok et ask_move (les lignes valides, chaque classe de lignes refusées, les
messages, l'obstination, la fin de l'entrée).

Chaque vérification de ask_move ne juge qu'une chose : une classe de lignes refusées est
jugée sur le refus (ni erreur, ni coup accepté, la ligne suivante lue), pas sur la valeur
renvoyée ni sur les messages ; les messages, sur les seules lignes que ask_move refuse ;
l'obstination, sur une ligne qu'elle refuse seule. Une faute ne coûte ainsi que la ligne du
barème de sa classe.
"""

from __future__ import annotations

from .. import faults
from ..boards import (
    short,
    show_grids,
    size,
    typed,
)
from ..calls import GraderAbort, Outcome
from .common import (
    NotWritten,
    expect_exact,
    expect_no_error,
    expect_untouched,
    expect_written,
    explain_error,
    fail,
    lines_example,
    raised_in,
    screen,
)
from .messages import expect_messages


def is_move_ok_answers(sub, case: dict, expected: bool):
    opened, x, y = case["opened"], case["x"], case["y"]
    example = (
        f"  Exemple : is_move_ok(opened, {x}, {y}) sur un plateau {size(opened)} :\n"
        f"{show_grids(opened=opened)}"
    )
    outcome = sub.call("is_move_ok", opened, x, y)
    expect_no_error(outcome, "is_move_ok", example)
    cause = faults.negative_index("opened", opened, x, y) if outcome.ret is True else ""
    expect_exact("is_move_ok", expected, outcome.ret, example, cause)
    expect_untouched(outcome, "is_move_ok", ["opened"], [opened], example)


def is_move_ok_everywhere(sub, case: dict, expected: list[bool]):
    """is_move_ok sur chaque point du cas (une classe de points, autour d'un plateau)."""
    opened = case["opened"]

    def recheck(point, answer):
        x, y = point
        is_move_ok_answers(sub, {"opened": opened, "x": x, "y": y}, answer)

    screen(sub, "is_move_ok", [opened, 0, 0], [1, 2], case, expected, recheck)


def witness(opened: list, point: list[int]) -> list[int]:
    """Le point ordinaire du même côté du plateau qu'un point immense : chaque coordonnée
    immense remplacée par une case de plus que le plateau (de son signe)."""
    sides = (len(opened[0]), len(opened))
    return [
        value if abs(value) <= side else (side + 1 if value > 0 else -side - 2)
        for value, side in zip(point, sides)
    ]


def is_move_ok_huge(sub, case: dict, expected: list[bool]):
    """is_move_ok sur des entiers immenses. Un point n'est jugé que si is_move_ok répond
    juste au point ordinaire du même côté (``witness``) : ce qui se trompe déjà au-delà du
    plateau est la faute de ce test-là, pas des entiers immenses. Si aucun ne l'est, la
    case (0, 0) doit au moins avoir la bonne réponse."""
    opened = case["opened"]
    witnesses = [witness(opened, point) for point in case["points"]]
    outcomes = sub.cases("is_move_ok", [opened, 0, 0], [1, 2], witnesses, sub.limits.call_seconds)
    for point, outcome in zip(witnesses, outcomes):
        if (outcome.error or {}).get("type") == "NotImplementedError":
            is_move_ok_answers(sub, {"opened": opened, "x": point[0], "y": point[1]}, False)
    kept = [
        (point, answer)
        for point, answer, outcome in zip(case["points"], expected, outcomes)
        if outcome.error is None and not outcome.changed and outcome.ret is False
    ]
    if kept:
        points, wanted = zip(*kept)
        is_move_ok_everywhere(sub, {"opened": opened, "points": list(points)}, list(wanted))
        return
    # Aucun point ordinaire hors du plateau n'a la bonne réponse : il reste à savoir si
    # is_move_ok répond au moins sur le plateau (sinon, rien d'elle ne vaut un point).
    is_move_ok_answers(sub, {"opened": opened, "x": 0, "y": 0}, not opened[0][0])


def example_of(opened: list, lines: list[str]) -> str:
    board = f"  Exemple : plateau {size(opened)}\n{show_grids(opened=opened)}\n"
    return board + lines_example(lines)


def _ask(sub, opened: list, lines: list[str]) -> tuple[Outcome, str]:
    outcome = sub.call("ask_move", opened, stdin=lines)
    return outcome, example_of(opened, lines)


def _ask_until_end(sub, opened: list, lines: list[str]) -> tuple[Outcome | None, str]:
    """``_ask``, ou (None, exemple) si ask_move a lu chaque ligne puis redemandé sans fin
    après la fin de l'entrée (une EOFError rattrapée : la faute du test de la fin de
    l'entrée, qui la dit ; ici, chaque ligne a été refusée)."""
    try:
        return _ask(sub, opened, lines)
    except GraderAbort as abort:
        if abort.cause != "eof":
            raise
        return None, example_of(opened, lines)


def refused_all(outcome: Outcome, count: int) -> bool:
    """L'appel a lu les ``count`` lignes et n'a levé d'erreur qu'en trouvant la fin de
    l'entrée, s'il l'a trouvée : chaque ligne avant la dernière a été refusée (la dernière,
    un coup valide, est jugée par le test des lignes valides)."""
    at_end = outcome.read_at_eof and (outcome.error or {}).get("type") == "EOFError"
    return outcome.consumed == count and (outcome.error is None or at_end)


def returned_at_end(outcome: Outcome, count: int) -> bool:
    """L'appel a lu les ``count`` lignes sans erreur et s'est arrêté à la dernière : chaque
    ligne avant elle a été refusée, et elle acceptée (ce qui sépare une ligne refusée d'une
    ligne lue comme le début d'un coup, « Et y ? »)."""
    return outcome.error is None and outcome.consumed == count and not outcome.read_at_eof


def ask_move_returns_tuple(sub, case: dict, expected: list):
    """Chaque ligne valide, donnée seule : ask_move renvoie le tuple (x, y) d'entiers."""
    opened = case["opened"]
    for line, move in zip(case["lines"], expected):
        outcome, example = _ask(sub, opened, [line])
        expect_no_error(outcome, "ask_move", example)
        expect_exact(
            "ask_move", tuple(move), outcome.ret, example, faults.swapped_move(move, outcome.ret)
        )


def ask_move_refuses(sub, case: dict, expected: dict):
    """Les lignes d'une classe, puis un coup valide : chacune est refusée sans erreur, la
    suivante est lue, et ask_move s'arrête au coup valide."""
    opened, lines = case["opened"], case["lines"]
    if expected["consumed"] != len(lines):
        raise ValueError("un cas de lignes refusées doit finir par son seul coup valide")
    outcome, example = _ask_until_end(sub, opened, lines)
    if outcome is None:
        return
    expect_no_bad_line_accepted(outcome, lines, len(lines), example, opened)
    if outcome.error is not None and not refused_all(outcome, len(lines)):
        line = lines[max(outcome.consumed - 1, 0)]
        error = explain_error(outcome.error, "ask_move", outcome)
        message = (
            f"ask_move a levé une exception sur la ligne {typed(line)} : {error}\n"
            "  Une mauvaise ligne ne doit jamais provoquer d'erreur : un message, puis la "
            f"question reposée.{faults.bad_line_error(line, outcome.error)}\n{example}"
        )
        if outcome.error["type"] == "NotImplementedError":
            raise NotWritten(message, example, raised_in(outcome, "ask_move"))
        fail(message, example=example)
    expect_untouched(outcome, "ask_move", ["opened"], [opened], example)


def expect_no_bad_line_accepted(
    outcome: Outcome, lines: list[str], valid: int, example: str, opened: list
):
    """ask_move n'a renvoyé un coup qu'après la ligne numéro ``valid`` (la première ligne
    valide, comptée à partir de 1 ; au-delà des lignes : aucune ne l'est), ou après avoir
    trouvé la fin de l'entrée (un autre manquement, dit ailleurs)."""
    accepted = outcome.error is None and not outcome.read_at_eof
    if accepted and 0 < outcome.consumed < valid:
        line = lines[outcome.consumed - 1]
        fail(
            f"ask_move a accepté la ligne {typed(line)} (elle a renvoyé {short(outcome.ret)}), qui "
            "n'est pas un coup valide : il faut deux entiers séparés par des blancs, une case "
            "du plateau encore fermée. Pour toute autre ligne, un message, puis la question "
            f"reposée.{misread(line, outcome.ret, opened)}\n{example}",
            example=example,
        )


def misread(line: str, returned, opened: list) -> str:
    """La construction en cause quand une ligne refusée a été acceptée."""
    move = list(returned) if isinstance(returned, (list, tuple)) and len(returned) == 2 else None
    wrapped = faults.negative_index("opened", opened, *move) if move else ""
    return wrapped or faults.misread_line(line, returned)


def ask_move_explains(sub, case: dict, expected: dict):
    """Après chaque ligne refusée, un message en français (affiché, pas l'invite d'input()).

    Toutes les lignes d'abord, en un appel ; si ask_move ne va pas jusqu'au bout (une
    ligne acceptée, une erreur : la faute d'une classe, comptée par son test), chaque
    ligne seule, suivie du coup valide, et les messages des seules lignes refusées. Un
    cas tiré dont ask_move ne refuse aucune ligne est complété par chaque classe de lignes
    sur le même plateau (``fallback``) ; une ask_move qui n'en refuse aucune n'a jamais
    expliqué une mauvaise ligne."""
    opened, lines = case["opened"], case["lines"]
    if expected["consumed"] != len(lines):
        raise ValueError("un cas de messages doit finir par son seul coup valide")
    judged = explained(sub, opened, lines)
    if not judged and case.get("fallback"):
        judged = explained(sub, opened, case["fallback"])
    if not judged:
        example = example_of(opened, lines)
        fail(
            "ask_move n'a refusé aucune des lignes incorrectes (chacune, seule, suivie d'un "
            "coup valide) : elle n'a jamais expliqué une mauvaise ligne.\n" + example,
            example=example,
        )


def explained(sub, opened: list, lines: list[str]) -> int:
    """Juge les messages après les lignes refusées (toutes sauf la dernière, un coup
    valide) ; renvoie le nombre de lignes jugées."""
    outcome, example = _ask_until_end(sub, opened, lines)
    expect_written(outcome, "ask_move", example)
    if outcome is not None and returned_at_end(outcome, len(lines)):
        expect_messages(outcome, "ask_move", lines, list(range(len(lines) - 1)), example)
        return len(lines) - 1
    judged = 0
    for line in lines[:-1]:
        alone = [line, lines[-1]]
        outcome, example = _ask_until_end(sub, opened, alone)
        if outcome is not None and returned_at_end(outcome, 2):
            expect_messages(outcome, "ask_move", alone, [0], example)
            judged += 1
    return judged


def ask_move_keeps_asking(sub, case: dict, expected=None):
    """Une ligne refusée ``repeat`` fois de suite, puis le coup valide : ask_move redemande
    toujours. La ligne répétée est la première des candidates que ask_move refuse seule."""
    opened, candidates, closing = case["opened"], case["lines"][:-1], case["lines"][-1]
    for line in candidates:
        outcome, example = _ask_until_end(sub, opened, [line, closing])
        expect_written(outcome, "ask_move", example)
        if outcome is not None and returned_at_end(outcome, 2):
            break
    else:
        _, example = _ask_until_end(sub, opened, [candidates[0], closing])
        fail(
            "ask_move n'a refusé aucune des lignes incorrectes essayées "
            f"({', '.join(typed(c) for c in candidates)}), chacune seule suivie d'un coup "
            "valide : elle ne redemande jamais.\n" + example,
            example=example,
        )
    lines = [line] * case["repeat"] + [closing]
    outcome, example = _ask_until_end(sub, opened, lines)
    if outcome is None or not returned_at_end(outcome, len(lines)):
        if outcome is None:
            what = "a refusé le coup valide qui suivait, puis redemandé sans fin"
        elif outcome.error is not None:
            what = f"a levé {explain_error(outcome.error, 'ask_move', outcome)}"
        else:
            what = f"a renvoyé {short(outcome.ret)}"
        count = outcome.consumed if outcome is not None else len(lines)
        fail(
            f"ask_move refuse la ligne {typed(line)} seule, mais après {count} "
            f"fois de suite elle {what} : il faut redemander autant de fois qu'il le faut "
            "(une boucle while, pas un nombre d'essais fixé d'avance).\n" + example,
            example=example,
        )


def ask_move_end_of_input(sub, case: dict, expected=None):
    """Quand l'entrée se termine, EOFError remonte à l'appelant."""
    outcome, example = _ask(sub, case["opened"], case["lines"])
    if outcome.error is None:
        fail(
            "à la fin de l'entrée, ask_move doit laisser remonter EOFError ; elle a renvoyé "
            f"{short(outcome.ret)}.\n{example}",
            example=example,
        )
    if outcome.error["type"] != "EOFError":
        message = (
            "à la fin de l'entrée, ask_move doit laisser remonter EOFError, pas "
            f"{explain_error(outcome.error, 'ask_move', outcome)}\n{example}"
        )
        if outcome.error["type"] == "NotImplementedError":
            raise NotWritten(message, example, raised_in(outcome, "ask_move"))
        fail(message, example=example)
