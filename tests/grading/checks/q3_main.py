"""Q3 : main, ce qu'elle demande et la partie qu'elle lance.

Chaque vérification ne juge qu'une chose : une classe de réponses refusées est jugée sur
le refus (ni erreur, ni réponse retenue à la place de la réponse permise), pas sur les
messages ; les messages, sur les seules réponses que main refuse ; les grilles et les
appels, sur des parties qui ne tapent que des réponses permises. Une faute ne coûte ainsi
que la ligne du barème de sa classe.
"""

from __future__ import annotations

from .. import faults
from ..boards import short, typed
from ..calls import GraderAbort, Outcome
from ..contract import GRIDS, PARAMETERS
from ..wire import same
from .common import (
    NotWritten,
    expect_written,
    explain_error,
    fail,
    folded,
    lines_example,
    raised_in,
)
from .messages import expect_messages

QUESTIONS = ("la largeur", "la hauteur", "le nombre de mines")
CALLS = ("initialise_mines", "initialise_open", "compute_neigh", "play_the_game")


def call_lines(call: dict) -> list[str]:
    return [line for answers in call["answers"] for line in answers] + call["moves"]


def _main(sub, call: dict, seed: int, sizes: dict) -> tuple[Outcome, str, list[str]]:
    lines = call_lines(call)
    example = lines_example(lines) + (
        f"\n  (soit un plateau {sizes['width']}×{sizes['height']} et {sizes['nb_mines']} mine(s))"
    )
    outcome = sub.call("main", stdin=lines, seed=seed, seconds=10)
    return outcome, example, lines


def retained(outcome: Outcome) -> dict:
    """Les tailles que main a retenues, telles que ses appels les montrent : les deux
    dimensions d'une grille passée (initialise_mines d'abord ; dans l'un ou l'autre sens,
    une grille transposée est la faute du test des grilles), le nombre de mines
    d'initialise_mines."""
    found: dict = {}
    ordered = sorted(outcome.relayed, key=lambda c: c.name != "initialise_mines")
    for call in ordered:
        grid = call.args[0] if call.args else None
        if "sides" not in found and isinstance(grid, list) and grid and isinstance(grid[0], list):
            found["sides"] = sorted([len(grid), len(grid[0])])
        if call.name == "initialise_mines" and len(call.args) > 1 and "nb_mines" not in found:
            found["nb_mines"] = call.args[1]
    return found


def answered(call: dict) -> int:
    """Le nombre de réponses tapées aux trois questions."""
    return sum(len(answers) for answers in call["answers"])


def refusal_error(outcome: Outcome, call: dict, example: str) -> None:
    """main a levé une exception en lisant ses réponses : sur laquelle, et pourquoi."""
    if outcome.error is None or outcome.relayed:
        return  # après les réponses : la faute des grilles ou des appels, dite par leur test
    lines = call_lines(call)
    if outcome.read_at_eof and outcome.error["type"] == "EOFError":
        fail(
            "main a demandé plus de réponses que celles tapées : elle a refusé une réponse "
            f"permise.{faults.bounds_excluded(call['answers'])}\n{example}",
            example=example,
        )
    answer = lines[max(outcome.consumed - 1, 0)] if lines else ""
    message = (
        f"main a levé une exception sur la réponse {typed(answer)} : "
        f"{explain_error(outcome.error, 'main', outcome)}\n  Une mauvaise réponse ne doit "
        f"jamais provoquer d'erreur : un message, puis la question reposée."
        f"{faults.bad_line_error(answer, outcome.error)}\n{example}"
    )
    if outcome.error["type"] == "NotImplementedError":
        raise NotWritten(message, example, raised_in(outcome, "main"))
    fail(message, example=example)


def expect_sizes(outcome: Outcome, call: dict, sizes: dict, example: str) -> None:
    """main a retenu les réponses permises (la dernière à chaque question), et aucune
    réponse refusée avant elles."""
    found = retained(outcome)
    sides = sorted([sizes["width"], sizes["height"]])
    if ("sides" in found and found["sides"] != sides) or (
        "nb_mines" in found and not same(found["nb_mines"], sizes["nb_mines"])
    ):
        wanted = f"largeur {sizes['width']}, hauteur {sizes['height']}, {sizes['nb_mines']} mine(s)"
        got = []
        if "sides" in found:
            got.append(f"des grilles de {found['sides'][0]}×{found['sides'][1]} cases")
        if "nb_mines" in found:
            got.append(f"{short(found['nb_mines'])} mine(s)")
        refused = [typed(a) for answers in call["answers"] for a in answers[:-1]]
        what = (
            f"elle a accepté une réponse refusée ({', '.join(refused)})"
            if refused
            else "elle a mal lu une réponse permise"
        )
        fail(
            f"main devait retenir {wanted} ; elle a créé {' et '.join(got)} : {what}."
            f"{bound_hint(found, call, sizes)}\n{example}",
            example=example,
        )
    if not found:
        fail(
            "main n'a passé aucune grille à initialise_mines, initialise_open, compute_neigh "
            "ou play_the_game : on ne peut pas voir les tailles qu'elle a retenues.\n" + example,
            example=example,
        )


def bound_hint(found: dict, call: dict, sizes: dict) -> str:
    """La construction en cause : la borne mal écrite, si une réponse hors des bornes a été
    retenue, ou la lecture fautive (int(float(...)), eval) d'une réponse refusée."""
    retained_values = [*found.get("sides", ()), found.get("nb_mines")]
    for answers in call["answers"]:
        for answer in answers[:-1]:
            hint = faults.misread_answer(answer, retained_values)
            if hint:
                return hint
    highs = [50, 20, sizes["width"] * sizes["height"]]
    for question, answers, high in zip(QUESTIONS, call["answers"], highs):
        for answer in answers[:-1]:
            number = int(answer) if answer.strip().lstrip("-").isdecimal() else None
            if number is None or 1 <= number <= high:
                continue
            if number == found.get("nb_mines") or number in found.get("sides", ()):
                return faults.bound_answer(question, high, number)
    return ""


def asks_right(outcome: Outcome | None, call: dict, sizes: dict) -> bool:
    """main a refusé chaque réponse refusée et retenu les permises, sans erreur avant ses
    appels (sans juger les messages) ; None : l'appel n'a pas abouti."""
    if outcome is None or (outcome.error is not None and not outcome.relayed):
        return False
    found = retained(outcome)
    wanted = {"sides": sorted([sizes["width"], sizes["height"]]), "nb_mines": sizes["nb_mines"]}
    return bool(found) and all(same(found[k], wanted[k]) for k in found)


def main_refuses(sub, case: dict, expected: dict):
    """Des réponses refusées d'une classe, une par question et par appel : main les refuse
    sans erreur et retient les réponses permises."""
    for call in case["calls"]:
        outcome, example, _ = _main(sub, call, case["seed"], expected)
        refusal_error(outcome, call, example)
        expect_sizes(outcome, call, expected, example)


def main_accepts(sub, case: dict, expected=None):
    """Des réponses permises seulement : main les retient toutes, sans redemander."""
    for call in case["calls"]:
        sizes = expected_of(call)
        outcome, example, _ = _main(sub, call, case["seed"], sizes)
        refusal_error(outcome, call, example)
        expect_sizes(outcome, call, sizes, example)


def expected_of(call: dict) -> dict:
    """Les tailles d'un appel qui ne tape que des réponses permises."""
    width, height, nb_mines = (int(answers[-1]) for answers in call["answers"])
    return {"width": width, "height": height, "nb_mines": nb_mines}


def expect_game(sub, outcome: Outcome, example: str) -> None:
    """La partie a été jouée jusqu'au bout, sans erreur."""
    if sub.reference is None:
        if "gagn" not in folded(outcome.stdout) and "perdu" not in folded(outcome.stdout):
            fail(
                "main doit lancer la partie (play_the_game) jusqu'au bout.\n" + example,
                example=example,
            )
    if outcome.error is not None:
        fail(
            f"main a levé une exception : {explain_error(outcome.error, 'main', outcome)}\n"
            + example,
            example=example,
        )


def main_refuses_again(sub, case: dict, expected: dict):
    """À chaque question, des réponses refusées de suite : main les refuse toutes. Une
    réponse que main refuse mal même seule (la faute de sa classe) est laissée de côté."""
    call = case["calls"][0]
    seed = case["seed"]
    outcome = safely(sub, call, seed, expected)
    expect_written(outcome, "main", lines_example(call_lines(call)))
    if asks_right(outcome, call, expected):
        return
    kept = []
    for question, answers in enumerate(call["answers"]):
        alone = []
        for answer in answers[:-1]:
            single = only(call, question, [answer, answers[-1]])
            if asks_right(safely(sub, single, seed, expected), single, expected):
                alone.append(answer)
        kept.append([*alone, answers[-1]])
    again = {"answers": kept, "moves": call["moves"]}
    if all(len(answers) < 3 for answers in kept):
        # Moins de deux réponses refusées seules à chaque question : un cas tiré est jugé sur
        # toutes les classes (``fallback``), un main qui n'en refuse aucune ne l'est pas.
        if case.get("fallback"):
            return main_refuses_again(sub, case["fallback"], expected)
        if all(len(answers) < 2 for answers in kept):
            fail(
                "main n'a refusé aucune des réponses incorrectes, chacune seule suivie "
                "d'une réponse permise.\n" + lines_example(call_lines(call)),
                example=lines_example(call_lines(call)),
            )
        return
    if asks_right(safely(sub, again, seed, expected), again, expected):
        return
    outcome, example, _ = _main(sub, again, seed, expected)
    what = (
        f"elle a levé {explain_error(outcome.error, 'main', outcome)}"
        if outcome.error is not None
        else "elle en a accepté une"
    )
    fail(
        "main refuse chacune de ces réponses quand elle vient seule, mais pas quand elles se "
        f"suivent : {what}. Chaque nouvelle réponse doit être vérifiée comme la première (une "
        "boucle while autour de la lecture, de la conversion sous try et du test des "
        "bornes).\n" + example,
        example=example,
    )


# Les arrêts d'un appel qui ne disent rien des messages : une réponse refusée retenue comme
# taille (une grille immense épuise la mémoire…) est la faute de sa classe.
STOPPED = {"memory", "cpu", "idle", "output", "eof", "relays", "died"}


def safely(sub, call: dict, seed: int, sizes: dict) -> Outcome | None:
    """L'appel de main, ou None s'il n'a pas abouti (``STOPPED``)."""
    try:
        return _main(sub, call, seed, sizes)[0]
    except GraderAbort as abort:
        if abort.cause not in STOPPED:
            raise
        return None


def main_explains(sub, case: dict, expected: dict):
    """Après chaque réponse refusée, un message en français (affiché, pas l'invite).

    Toutes les réponses d'abord, en un appel ; si main ne va pas jusqu'au bout (une réponse
    refusée acceptée, une erreur : la faute d'une classe, comptée par son test), chaque
    question seule, puis chaque réponse seule, et les messages des seules réponses
    refusées. Un cas tiré dont main ne refuse aucune réponse est complété par chaque
    classe de réponses (``fallback``) ; un main qui n'en refuse aucune n'a jamais expliqué
    une mauvaise réponse."""
    judged = explained(sub, case["calls"][0], case["seed"], expected)
    if not judged and case.get("fallback"):
        fallback = case["fallback"]
        judged = explained(sub, fallback["calls"][0], fallback["seed"], expected)
    if not judged:
        example = lines_example(call_lines(case["calls"][0]))
        fail(
            "main n'a refusé aucune des réponses incorrectes (chacune, seule, suivie d'une "
            "réponse permise) : elle n'a jamais expliqué une mauvaise réponse.\n" + example,
            example=example,
        )


def explained(sub, call: dict, seed: int, sizes: dict) -> int:
    """Juge les messages après les réponses refusées d'un appel ; renvoie le nombre de
    réponses jugées."""
    if judge_messages(sub, call, seed, sizes):
        return answered(call) - 3
    judged = 0
    for question, answers in enumerate(call["answers"]):
        if judge_messages(sub, only(call, question, answers), seed, sizes):
            judged += len(answers) - 1
            continue
        for answer in answers[:-1]:
            judged += judge_messages(sub, only(call, question, [answer, answers[-1]]), seed, sizes)
    return judged


def only(call: dict, question: int, answers: list[str]) -> dict:
    """L'appel où la question ``question`` reçoit ``answers`` et les autres leur seule
    réponse permise."""
    return {
        "answers": [
            answers if q == question else [given[-1]] for q, given in enumerate(call["answers"])
        ],
        "moves": call["moves"],
    }


def judge_messages(sub, call: dict, seed: int, sizes: dict) -> bool:
    """Juge les messages d'un appel s'il refuse chaque réponse refusée ; False sinon."""
    outcome = safely(sub, call, seed, sizes)
    expect_written(outcome, "main", lines_example(call_lines(call)))
    if not asks_right(outcome, call, sizes):
        return False
    lines = call_lines(call)
    example = lines_example(lines)
    bad, index = [], 0
    for answers in call["answers"]:
        bad += list(range(index, index + len(answers) - 1))
        index += len(answers)
    expect_messages(outcome, "main", lines, bad, example)
    return True


def main_builds_grids(sub, case: dict, expected=None):
    """Les grilles : hauteur lignes de largeur cases, aucune ligne partagée, et ce sont
    elles qui sont initialisées puis jouées."""
    for call in case["calls"]:
        sizes = expected_of(call)
        outcome, example, _ = _main(sub, call, case["seed"], sizes)
        refusal_error(outcome, call, example)
        if sub.reference is None:
            expect_game(sub, outcome, example)
            continue
        width, height = sizes["width"], sizes["height"]
        grids_seen = [c for c in outcome.relayed if c.name in CALLS]
        if not grids_seen:
            fail(
                "main doit créer les grilles et les passer à initialise_mines, "
                f"initialise_open, compute_neigh et play_the_game ; elle n'en a appelé aucune."
                f"\n{example}",
                example=example,
            )
        for relayed in grids_seen:
            for param, grid in zip(PARAMETERS[relayed.name], relayed.args):
                if param in GRIDS:
                    expect_shape(grid, param, relayed.name, width, height, example)
            rows = [row for _, grid_rows in relayed.identities for row in grid_rows or ()]
            if len(set(rows)) != len(rows):
                fail(
                    "main a créé des grilles dont plusieurs lignes sont une seule et même liste "
                    "(par exemple [[False] * largeur] * hauteur) : ouvrir une case l'ouvrirait "
                    "dans toutes ces lignes. Créez une liste neuve par ligne.\n" + example,
                    example=example,
                )
        game = next((c for c in outcome.relayed if c.name == "play_the_game"), None)
        calls = {c.name: c for c in outcome.relayed}
        if game is None or not all(name in calls for name in CALLS[:3]):
            continue  # les appels manquants : test_main_calls
        grids = dict(zip(["mines", "neigh", "opened"], game.identities))
        if len({grid_id for grid_id, _ in grids.values()}) != 3:
            fail(
                "main a passé la même liste pour deux grilles différentes à play_the_game : "
                "créez trois grilles, chacune avec ses lignes.\n" + example,
                example=example,
            )
        same_grid = {
            "mines": [
                calls["initialise_mines"].identities[0],
                calls["compute_neigh"].identities[0],
            ],
            "neigh": [calls["compute_neigh"].identities[1]],
            "opened": [calls["initialise_open"].identities[0]],
        }
        for name, passed in same_grid.items():
            if any(grid_id != grids[name][0] for grid_id, _ in passed):
                fail(
                    f"main doit initialiser la grille {name} puis la passer à play_the_game ; "
                    "ce n'est pas la même liste.\n" + example,
                    example=example,
                )


def expect_shape(grid, name: str, where: str, width: int, height: int, example: str) -> None:
    if not (
        isinstance(grid, list)
        and len(grid) == height
        and all(isinstance(row, list) and len(row) == width for row in grid)
    ):
        fail(
            f"la grille {name} doit avoir {height} ligne(s) de {width} case(s) (hauteur "
            f"{height}, largeur {width}) ; main a passé à {where} : {short(grid)}.\n{example}",
            example=example,
        )


def main_calls_in_order(sub, case: dict, expected=None):
    """initialise_mines(mines, nb_mines), initialise_open, compute_neigh, play_the_game :
    chacune appelée, dans cet ordre."""
    for call in case["calls"]:
        sizes = expected_of(call)
        outcome, example, _ = _main(sub, call, case["seed"], sizes)
        refusal_error(outcome, call, example)
        if sub.reference is None:
            expect_game(sub, outcome, example)
            continue
        order = [c.name for c in outcome.relayed if c.name in CALLS]
        for name in CALLS:
            if name not in order:
                fail(f"main doit appeler {name}, elle ne l'a pas fait.\n{example}", example=example)
        first = {name: order.index(name) for name in CALLS}
        if not (
            first["initialise_mines"] < first["compute_neigh"] < first["play_the_game"]
            and first["initialise_open"] < first["play_the_game"]
        ):
            fail(
                "main doit appeler initialise_mines avant compute_neigh, et les trois "
                f"initialisations avant play_the_game ; ordre obtenu : {', '.join(order)}.\n"
                f"{example}",
                example=example,
            )
        placing = next(c for c in outcome.relayed if c.name == "initialise_mines")
        if not same(placing.args[1], sizes["nb_mines"]):
            fail(
                f"main doit appeler initialise_mines(mines, {sizes['nb_mines']}) ; elle a passé "
                f"{short(placing.args[1])} comme nombre de mines.\n{example}",
                example=example,
            )
        # Une erreur pendant la partie (jouée par la référence, sur les grilles de main) est
        # la faute des grilles, dite par leur test.
