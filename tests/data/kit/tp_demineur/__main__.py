"""``python -m tp_demineur`` : une partie de démineur avec vos fonctions.

Le jeu appelle votre fonction ``main()`` (question 3), qui appelle les autres.
Une fonction pas encore écrite est signalée, avec sa question, sans trace de la
pile ; toute autre erreur de votre code est montrée avec la trace de Python.
"""

import sys
import textwrap
import traceback
from pathlib import Path

if not __package__:  # lancé comme un fichier (F5 dans un éditeur) : comme python -m tp_demineur
    import runpy

    sys.path[0] = str(Path(__file__).resolve().parent.parent)
    runpy.run_module("tp_demineur", run_name="__main__", alter_sys=True)
    raise SystemExit

from . import tp
from .terminal import (
    PLAIN_SYMBOLS,
    shows_symbols,
    tolerate_bad_characters,
    too_narrow,
)

# La question du sujet de chaque fonction demandée (le générateur du kit la remplit).
QUESTIONS: dict[str, str] = {}
# Les appels imbriqués permis à votre code : autant que chez le correcteur (le générateur
# du kit la remplit). Une inondation récursive sur 50×20 cases en demande plus de 1 000,
# la limite ordinaire de Python.
RECURSION_LIMIT = 0

TP_FILE = Path(tp.__file__).resolve()
EXIT_INTERRUPTED = 130


def in_tp(filename: str) -> bool:
    try:
        return Path(filename).resolve() == TP_FILE
    except (OSError, ValueError):
        return False


def unwritten_function(error: NotImplementedError) -> str | None:
    """La fonction qui n'est pas encore écrite : celle de tp.py où l'erreur est née."""
    frames = [f.name for f in traceback.extract_tb(error.__traceback__) if in_tp(f.filename)]
    return frames[-1] if frames else None


def report_unwritten(error: NotImplementedError) -> None:
    name = unwritten_function(error)
    sys.stdout.flush()
    print(file=sys.stderr)
    if name in QUESTIONS:
        print(
            f"La fonction {name} n'est pas encore écrite : c'est la question "
            f"{QUESTIONS[name]} du sujet.",
            file=sys.stderr,
        )
    elif name:
        print(f"La fonction {name} lève NotImplementedError : à écrire.", file=sys.stderr)
    else:
        print("Une fonction de votre code lève NotImplementedError.", file=sys.stderr)
    print(
        "Écrivez-la dans tp_demineur/tp.py, à la place de raise NotImplementedError, puis "
        "relancez le jeu.\nPour jouer, main et toutes les fonctions qu'elle appelle doivent "
        "être écrites ; python -m pytest vous dit lesquelles sont déjà justes.",
        file=sys.stderr,
    )


def report_error(error: BaseException) -> None:
    """La trace de Python, à partir du premier appel de votre code."""
    tb = error.__traceback__
    while tb is not None and not in_tp(tb.tb_frame.f_code.co_filename):
        tb = tb.tb_next
    sys.stdout.flush()
    print(
        f"\nVotre code s'est arrêté sur une erreur ({type(error).__name__}). Python "
        "l'explique ci-dessous : la dernière ligne dit laquelle, les lignes du dessus "
        "montrent le chemin des appels, jusqu'à la ligne de votre code en cause.\n",
        file=sys.stderr,
    )
    traceback.print_exception(type(error), error, tb or error.__traceback__)


def symbols_notice() -> str | None:
    """Sur une console qui ne sait pas coder les symboles du sujet : ce qu'elle montre à
    leur place (dit une fois, au début)."""
    if shows_symbols(sys.stdout):
        return None
    shown = [
        PLAIN_SYMBOLS.get(getattr(tp, name, None), "?") for name in ("CLOSED", "EMPTY", "MINE")
    ]
    return textwrap.fill(
        "Cette console ne sait pas afficher les symboles du sujet : une case fermée, une case "
        f"vide et une mine s'y affichent {shown[0]}, {shown[1]} et {shown[2]}. Votre "
        "display_board doit quand même écrire ceux du sujet : le correcteur lit ce que votre "
        "code écrit, pas la console (voir le README du kit).",
        78,
    )


def warn_if_narrow(display_board):
    """Votre display_board, précédée d'un conseil quand le terminal est plus étroit que le
    plateau (chaque ligne y serait coupée en deux)."""

    def display_board_in_terminal(mines, neigh, opened, *args, **kwargs):
        try:
            needed = 2 * len(mines[0]) - 1  # les cases et une espace entre elles
        except (TypeError, IndexError):
            needed = 0
        narrow = too_narrow(needed)
        if narrow:
            print(textwrap.fill(narrow, 78))
        return display_board(mines, neigh, opened, *args, **kwargs)

    return display_board_in_terminal


def run() -> int:
    tolerate_bad_characters()
    notice = symbols_notice()
    if notice:
        print(notice)
    sys.setrecursionlimit(max(RECURSION_LIMIT, sys.getrecursionlimit()))
    tp.display_board = warn_if_narrow(tp.display_board)
    try:
        tp.main()
    except NotImplementedError as error:
        report_unwritten(error)
        return 1
    except EOFError:
        print("\nFin de l'entrée : partie abandonnée.")
    except KeyboardInterrupt:
        print("\nPartie interrompue.")
        return EXIT_INTERRUPTED
    except Exception as error:
        report_error(error)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(run())
