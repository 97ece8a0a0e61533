"""Q10 : play_turn et play_the_game."""

from __future__ import annotations

from ..boards import (
    quote_lines,
    show_grids,
    size,
    typed,
)
from ..calls import Outcome
from .common import (
    expect_exact,
    expect_grid,
    expect_no_error,
    expect_rows_kept,
    expect_untouched,
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


def _display_calls_after_last_turn(outcome: Outcome) -> int:
    names = _relayed_names(outcome, {"play_turn", "display_board"})
    last_turn = max((i for i, name in enumerate(names) if name == "play_turn"), default=-1)
    return names[last_turn + 1 :].count("display_board")


def play_turn_plays(sub, case: dict, expected: dict):
    """play_turn affiche, demande, ouvre la case, puis inonde."""
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    example = _game_example(case)
    outcome = sub.call("play_turn", mines, neigh, opened, stdin=case["lines"])
    expect_no_error(outcome, "play_turn", example)
    if sub.reference is not None:
        steps = {"display_board", "ask_move", "propagate_open_cells"}
        order = _relayed_names(outcome, steps)
        if order != ["display_board", "ask_move", "propagate_open_cells"]:
            fail(
                "play_turn doit appeler, dans cet ordre et une fois chacune, display_board, "
                "ask_move puis propagate_open_cells ; elle a appelé : "
                f"{', '.join(order) or 'aucune des trois'}.\n{example}",
                example=example,
            )
        flood = next(c for c in outcome.relayed if c.name == "propagate_open_cells")
        x, y = expected["move"]
        seen = flood.args[2]
        if not (isinstance(seen, list) and seen[y][x] is True):
            fail(
                f"play_turn doit ouvrir la case choisie ({x}, {y}), opened[{y}][{x}] = True, "
                "avant d'appeler propagate_open_cells.\n" + example,
                example=example,
            )
    expect_rows_kept(outcome, "play_turn", [None, None, "opened"], example)
    expect_untouched(outcome, "play_turn", ["mines", "neigh"], [mines, neigh], example)
    expect_grid("play_turn", "opened", opened, expected["opened"], outcome.args[2], example)
    # Le plateau, en lignes entières, avant la question ; ce qui l'entoure (une ligne vide,
    # un titre « À vous de jouer ») est permis : le contrat ne l'interdit pas.
    shown = [line.rstrip() for line in outcome.stdout.split("\n")]
    board = expected["board"]
    if not any(shown[i : i + len(board)] == board for i in range(len(shown))):
        fail(
            "play_turn doit afficher le plateau (display_board) avant de demander le coup.\n"
            f"{example}\n  Ce qui a été affiché :\n{quote_lines(outcome.stdout)}",
            example=example,
        )


def play_the_game_plays(sub, case: dict, expected: dict):
    """play_the_game joue jusqu'à la fin, affiche le plateau et le verdict, renvoie le code."""
    mines, neigh, opened = case["mines"], case["neigh"], case["opened"]
    example = _game_example(case)
    outcome = sub.call("play_the_game", mines, neigh, opened, stdin=case["lines"])
    expect_no_error(outcome, "play_the_game", example)
    if sub.reference is not None:
        turns = _relayed_names(outcome, {"play_turn"})
        if len(turns) != expected["turns"]:
            fail(
                f"play_the_game doit appeler play_turn tant que la partie n'est pas finie : "
                f"ici {expected['turns']} fois, elle l'a appelée {len(turns)} fois.\n{example}",
                example=example,
            )
        shown = _display_calls_after_last_turn(outcome)
        if turns and shown > 1:
            fail(
                "une fois la partie finie, play_the_game doit afficher le plateau une seule "
                f"fois : display_board a été appelée {shown} fois après le dernier tour "
                "(un appel récursif sans return ?).\n" + example,
                example=example,
            )
    expect_exact("play_the_game", expected["code"], outcome.ret, example)
    expect_grid("play_the_game", "opened", opened, expected["opened"], outcome.args[2], example)
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
    final = expected["final_board"]
    # Le plateau final, en lignes entières, quelque part avant le verdict : ce qui les
    # sépare (une ligne vide, un trait) est permis, le contrat ne l'interdit pas. Aucun
    # plateau affiché avant le dernier coup ne lui est égal (chaque coup ouvre une case).
    # Sans terminal, l'invite d'input() et la ligne suivante se partagent une ligne : la
    # première ligne du plateau peut donc suivre du texte.
    if "\n".join(final) + "\n" not in "\n".join(lines[:-1]) + "\n":
        fail(
            "avant le verdict, play_the_game doit afficher le plateau une dernière fois.\n"
            f"{example}\n  Plateau final attendu :\n{quote_lines(chr(10).join(final))}\n"
            f"  Fin de l'affichage :\n{quote_lines(chr(10).join(lines[-8:]))}",
            example=example,
        )
