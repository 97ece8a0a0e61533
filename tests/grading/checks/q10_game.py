"""Q10 : play_turn et play_the_game, une vérification par classe.

play_turn fait quatre choses, chacune jugée seule (``tests/graded/test_q10_game.py``) :
afficher le plateau (display_board), demander le coup (ask_move), ouvrir la case choisie,
inonder (propagate_open_cells). Chaque étape se lit dans les appels que play_turn fait aux
autres fonctions du contrat (les relais), dans l'ordre.

play_the_game : jouer autant de tours qu'il faut ; afficher le plateau final une fois de
plus ; annoncer le résultat (la dernière ligne, le code renvoyé). Le plateau final et le
résultat ne sont jugés que sur les parties que la fonction a menées là où il faut (même
grille opened à la fin que la partie attendue) : une partie arrêtée trop tôt ou jouée
trop longtemps est la faute de la classe des tours.
"""

from __future__ import annotations

from .. import faults
from ..boards import quote_lines, show_grids, size, typed
from ..calls import Outcome
from ..wire import same
from .common import (
    expect_exact,
    expect_grid,
    expect_no_error,
    expect_rows_kept,
    expect_untouched,
    expect_written,
    fail,
    folded,
    lines_example,
)


def _game_example(case: dict) -> str:
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    grids = show_grids(mines=mines, neigh=neigh, opened=opened)
    return f"  Exemple : plateau {size(mines)}\n{grids}\n" + lines_example(case["lines"])


def _relayed_names(outcome: Outcome, names: set[str]) -> list[str]:
    return [call.name for call in outcome.relayed if call.name in names]


def _turn(sub, case: dict) -> Outcome:
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    outcome = sub.call("play_turn", mines, neigh, opened, stdin=case["lines"])
    if outcome.error:
        expect_written(outcome, "play_turn", _game_example(case))
    return outcome


def _calls(outcome: Outcome) -> str:
    order = _relayed_names(outcome, {"display_board", "ask_move", "propagate_open_cells"})
    return ", ".join(order) or "aucune des trois"


def shows_board(printed: str, board: list[str]) -> bool:
    """Le plateau ``board`` est-il affiché, en lignes entières, quelque part dans ``printed``
    (les espaces de fin de ligne ignorées) ? Sans terminal, l'invite d'input() et la ligne
    suivante se partagent une ligne : la première ligne du plateau peut suivre du texte."""
    shown = [line.rstrip() for line in printed.split("\n")]
    text = "\n".join(shown) + "\n"
    return "\n".join(board) + "\n" in text or any(
        shown[i].endswith(board[0]) and shown[i + 1 : i + len(board)] == board[1:]
        for i in range(len(shown))
    )


# -- play_turn ------------------------------------------------------------------


def play_turn_displays_the_board(sub, case: dict, expected: dict):
    """display_board, une fois, avant ask_move ; le plateau affiché."""
    outcome = _turn(sub, case)
    example = _game_example(case)
    if sub.reference is not None:
        order = _relayed_names(outcome, {"display_board", "ask_move"})
        asked = order.index("ask_move") if "ask_move" in order else len(order)
        if order.count("display_board") != 1 or order[:asked] != ["display_board"]:
            fail(
                "play_turn doit d'abord afficher le plateau en appelant display_board, une "
                f"fois, puis demander le coup (ask_move) ; elle a appelé : {_calls(outcome)}."
                f"\n{example}\n  Ce qui a été affiché :\n{quote_lines(outcome.stdout)}",
                example=example,
            )
    if not shows_board(outcome.stdout, expected["board"]):
        expect_no_error(outcome, "play_turn", example)
        fail(
            "play_turn doit afficher le plateau (display_board) avant de demander le coup.\n"
            f"{example}\n  Ce qui a été affiché :\n{quote_lines(outcome.stdout)}",
            example=example,
        )


def play_turn_asks_for_the_move(sub, case: dict, expected: dict):
    """Le coup demandé à ask_move, une fois : play_turn ne lit rien elle-même."""
    outcome = _turn(sub, case)
    example = _game_example(case)
    if sub.reference is None:
        return
    asked = _relayed_names(outcome, {"ask_move"}).count("ask_move")
    if asked == 1:
        return
    itself = (
        " ; elle lit elle-même l'entrée (input) : c'est ask_move qui lit, vérifie et redemande"
        if asked == 0 and outcome.consumed
        else ""
    )
    fail(
        f"play_turn doit demander le coup en appelant ask_move, une fois ; elle l'a "
        f"appelée {asked} fois{itself}.\n{example}",
        example=example,
    )


def play_turn_opens_the_chosen_cell(sub, case: dict, expected: dict):
    """La case (x, y) que ask_move a renvoyée, opened[y][x] = True, et elle seule, avant
    l'inondation ; mines et neigh intactes, les lignes de opened gardées."""
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    outcome = _turn(sub, case)
    example = _game_example(case)
    expect_no_error(outcome, "play_turn", example)
    x, y = faults.chosen_move(outcome) or tuple(expected["move"])
    floods = [c for c in outcome.relayed if c.name == "propagate_open_cells"]
    before = floods[0].args[2] if floods else None
    # La grille que l'inondation a reçue ; si rien n'y était ouvert (l'inondation avant
    # l'ouverture, la faute d'une autre classe), la grille à la fin de l'appel.
    if not (isinstance(before, list) and not same(before, opened)):
        before = outcome.args[2]
    if not (isinstance(before, list) and len(before) == len(opened)):
        expect_grid("play_turn", "opened", opened, expected["opened"], before, example)
    new = [
        (i, j)
        for j, row in enumerate(before)
        for i, cell in enumerate(row if isinstance(row, list) else [])
        if cell is True and not opened[j][i]
    ]
    where = "avant d'appeler propagate_open_cells" if floods else ""
    if (x, y) not in new or (floods and len(new) > 1):
        cause = ""
        if (y, x) in new:
            cause = " " + faults.transposed_index(x, y, len(opened[0]), len(opened)) + "."
        shown = ", ".join(f"({i}, {j})" for i, j in new[:4]) or "aucune"
        fail(
            f"play_turn doit ouvrir la case choisie ({x}, {y}), opened[{y}][{x}] = True, et "
            f"elle seule, {where or 'puis inonder'} ; cases ouvertes : {shown}.{cause}\n"
            f"{example}",
            example=example,
        )
    expect_rows_kept(outcome, "play_turn", [None, None, "opened"], example)
    expect_untouched(outcome, "play_turn", ["mines", "neigh"], [mines, neigh], example)


def play_turn_floods_after_opening(sub, case: dict, expected: dict):
    """propagate_open_cells, une fois, après l'ouverture de la case ; son inondation gardée."""
    opened = case["opened"]
    outcome = _turn(sub, case)
    example = _game_example(case)
    expect_no_error(outcome, "play_turn", example)
    if sub.reference is not None:
        floods = [c for c in outcome.relayed if c.name == "propagate_open_cells"]
        opened_first = bool(floods) and not same(floods[0].args[2], opened)
        if len(floods) != 1 or not opened_first:
            why = (
                "elle ne l'a pas appelée"
                if not floods
                else f"elle l'a appelée {len(floods)} fois"
                if len(floods) > 1
                else "elle l'a appelée avant d'ouvrir la case"
            )
            fail(
                "play_turn doit ouvrir la case choisie, puis appeler propagate_open_cells, une "
                f"fois, pour inonder autour d'elle ; {why} (appels : {_calls(outcome)}).\n"
                f"{example}",
                example=example,
            )
    expect_grid("play_turn", "opened", opened, expected["opened"], outcome.args[2], example)


# -- play_the_game ------------------------------------------------------------


def _game(sub, case: dict) -> Outcome:
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    outcome = sub.call("play_the_game", mines, neigh, opened, stdin=case["lines"])
    if outcome.error:
        expect_written(outcome, "play_the_game", _game_example(case))
    return outcome


def ran_out_of_moves(outcome: Outcome) -> bool:
    """La partie s'est arrêtée faute de coups : un tour de trop (EOFError dans play_turn)."""
    turns = [c for c in outcome.relayed if c.name == "play_turn"]
    return bool(outcome.error) and bool(turns) and turns[-1].raised == "EOFError"


def played_to_the_end(outcome: Outcome, expected: dict) -> bool:
    """La fonction a-t-elle mené la partie là où il faut (la grille finale attendue) ?"""
    return not ran_out_of_moves(outcome) and same(outcome.args[2], expected["opened"])


def play_the_game_plays_until_the_end(sub, case: dict, expected: dict):
    """play_turn tant que la partie n'est pas finie, et pas plus : le nombre de tours, la
    grille opened à la fin."""
    opened = case["opened"]
    outcome = _game(sub, case)
    example = _game_example(case)
    turns = _relayed_names(outcome, {"play_turn"}) if sub.reference is not None else None
    # Une exception après une partie bien jouée (dans le verdict) est l'affaire d'une autre
    # classe ; faute de coups dans un tour de trop, c'est celle-ci.
    right = same(outcome.args[2], expected["opened"]) and (
        turns is None or len(turns) == expected["turns"]
    )
    if outcome.error and not (right and not ran_out_of_moves(outcome)):
        expect_no_error(outcome, "play_the_game", example)
    if turns is not None and len(turns) != expected["turns"]:
        fail(
            f"play_the_game doit appeler play_turn tant que la partie n'est pas finie : "
            f"ici {expected['turns']} fois, elle l'a appelée {len(turns)} fois.\n{example}",
            example=example,
        )
    expect_grid("play_the_game", "opened", opened, expected["opened"], outcome.args[2], example)


def play_the_game_shows_the_final_board(sub, case: dict, expected: dict):
    """Une fois la partie finie, le plateau final affiché une fois de plus (après le
    dernier tour)."""
    outcome = _game(sub, case)
    example = _game_example(case)
    if not played_to_the_end(outcome, expected):
        return
    turns = [i for i, c in enumerate(outcome.relayed) if c.name == "play_turn"]
    last = turns[-1] if turns else -1
    after = [c for c in outcome.relayed[last + 1 :] if c.name == "display_board"]
    if sub.reference is not None and len(after) > 1:
        fail(
            "une fois la partie finie, play_the_game doit afficher le plateau une seule "
            f"fois : display_board a été appelée {len(after)} fois après le dernier tour "
            "(un appel récursif sans return ?).\n" + example,
            example=example,
        )
    printed = outcome.stdout
    if turns:
        output = outcome.relayed[last].output
        start = printed.rfind(output) + len(output) if output else 0
        printed = printed[start:]
    final = expected["final_board"]
    if not shows_board(printed, final):
        expect_no_error(outcome, "play_the_game", example)
        fail(
            "une fois la partie finie, play_the_game doit afficher le plateau une dernière "
            f"fois (display_board).\n{example}\n  Plateau final attendu :\n"
            f"{quote_lines(chr(10).join(final))}\n  Ce qui a été affiché après le dernier "
            f"tour :\n{quote_lines(printed)}",
            example=example,
        )


def play_the_game_announces_the_result(sub, case: dict, expected: dict):
    """La dernière ligne affichée dit « gagné » ou « perdu » (en minuscules, sans accents),
    et seulement le bon mot ; le code renvoyé est 1 ou 2."""
    outcome = _game(sub, case)
    example = _game_example(case)
    if not played_to_the_end(outcome, expected):
        return
    expect_no_error(outcome, "play_the_game", example)
    lines = [line.rstrip() for line in outcome.stdout.rstrip().split("\n")]
    verdict = folded(lines[-1]) if lines else ""
    word, other = ("gagne", "perdu") if expected["code"] == 1 else ("perdu", "gagne")
    if word not in verdict or other in verdict:
        said = {"gagne": "gagné", "perdu": "perdu"}
        both = (
            f" : elle dit aussi « {said[other]} », que le correcteur lit comme l'autre verdict "
            f"(même dans « pas {said[other]} ») ; n'écrivez que « {said[word]} »"
            if word in verdict
            else ""
        )
        fail(
            f"la dernière ligne affichée par play_the_game doit dire « "
            f"{said[word]} » ; c'est {typed(lines[-1])}{both}.\n{example}\n"
            f"  Fin de l'affichage :\n{quote_lines(chr(10).join(lines[-8:]))}",
            example=example,
        )
    expect_exact("play_the_game", expected["code"], outcome.ret, example)
