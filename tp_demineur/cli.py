"""Le jeu en ligne de commande : ``python -m tp_demineur`` ou ``demineur``.

C'est la version confortable du jeu du TP : les tailles peuvent être données
en options, une graine permet de rejouer une partie, le plateau est entouré
de règles graduées (les numéros de colonnes au-dessus, ceux des lignes à
gauche et à droite) et les mines sont montrées à la fin d'une partie perdue.
Toute la logique vient des fonctions du TP (module :mod:`tp_demineur.tp`).
"""

import argparse
import contextlib
import io
import os
import random
import re
import sys
from typing import ClassVar

from .tp import (
    MAX_HEIGHT,
    MAX_WIDTH,
    ask_int,
    ask_move,
    compute_neigh,
    display_board,
    initialise_mines,
    initialise_open,
    is_finished,
    propagate_open_cells,
)

EXIT_INTERRUPTED = 130


def board_with_rulers(
    mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]
) -> str:
    """Le plateau de ``display_board``, entouré des numéros de colonnes et de lignes.

    >>> print(board_with_rulers([[False, True]], [[1, 0]], [[True, False]]))
        0 1
     0  1 ■  0
    """
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        display_board(mines, neigh, opened)
    width = len(mines[0])
    margin = " " * 4
    header = []
    if width > 10:
        # Les dizaines sur une première ligne, les unités sur la seconde.
        header.append(margin + " ".join(str(x // 10) if x >= 10 else " " for x in range(width)))
    header.append(margin + " ".join(str(x % 10) for x in range(width)))
    rows = [
        f"{y:>2}  {line.rstrip()}  {y}" for y, line in enumerate(buffer.getvalue().splitlines())
    ]
    return "\n".join(line.rstrip() for line in header + rows)


def play(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> int:
    """Joue la partie comme ``play_the_game``, avec l'affichage gradué."""
    last_move = None
    while is_finished(mines, opened) == 0:
        print()
        print(board_with_rulers(mines, neigh, opened))
        x, y = ask_move(opened)
        last_move = (x, y)
        opened[y][x] = True
        propagate_open_cells(mines, neigh, opened)
    result = is_finished(mines, opened)
    shown = opened
    if result == 2:
        # Un seul plateau final, où toutes les mines sont montrées, puis le
        # verdict en dernière ligne (au lieu de deux plateaux de 20 lignes).
        shown = [
            [opened[y][x] or mines[y][x] for x in range(len(mines[0]))] for y in range(len(mines))
        ]
    print()
    print(board_with_rulers(mines, neigh, shown))
    if result == 1:
        print("Bravo, vous avez gagné !")
    else:
        cell = f"la case ({last_move[0]}, {last_move[1]})" if last_move else "une case"
        print(f"Boum ! Vous avez perdu : {cell} cachait une mine. Les mines sont les ★.")
    return result


class FrenchParser(argparse.ArgumentParser):
    """Un analyseur d'options dont les messages d'erreur sont en français."""

    TRANSLATIONS: ClassVar[dict[str, str]] = {
        "the following arguments are required": "paramètre obligatoire manquant",
        "ignored explicit argument": "valeur en trop",
        "unrecognized arguments": "arguments non reconnus",
        "expected one argument": "attend une valeur",
        "ambiguous option": "option ambiguë",
        "could match": "peut désigner",
        "argument ": "option ",
    }

    def __init__(self, *args, **kwargs) -> None:
        # L'aide -h est ajoutée par options_group, avec un texte en français.
        super().__init__(*args, add_help=False, **kwargs)

    def options_group(self) -> argparse._ArgumentGroup:
        """Le groupe « options », qui contient déjà -h/--help."""
        options = self.add_argument_group("options")
        options.add_argument("-h", "--help", action="help", help="afficher cette aide et quitter")
        return options

    def format_usage(self) -> str:
        return super().format_usage().replace("usage:", "utilisation :", 1)

    def format_help(self) -> str:
        text = super().format_help().replace("usage:", "utilisation :", 1)
        # Les titres des groupes (« options: ») avec l'espace de la typographie française.
        return re.sub(r"^(\w[\w ]*):$", r"\1 :", text, flags=re.MULTILINE)

    def error(self, message: str) -> None:  # type: ignore[override]
        for english, french in self.TRANSLATIONS.items():
            message = message.replace(english, french)
        message = re.sub(r"(\S): ", r"\1 : ", message)  # typographie française
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog} : erreur : {message}\n")


def bounded_int(low: int, high: int | None):
    """Un type d'option : un entier dans [low, high] (sans maximum si high est None)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"« {text} » n'est pas un nombre entier") from None
        if value < low or (high is not None and value > high):
            limit = f"de {low} à {high}" if high is not None else f"supérieur ou égal à {low}"
            raise argparse.ArgumentTypeError(
                f"{value} n'est pas permis : il faut un nombre entier {limit}"
            )
        return value

    return parse


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = FrenchParser(
        prog="demineur",
        description="Le jeu du démineur du TP. Les tailles non données en option "
        "sont demandées au clavier. Un coup se joue en tapant x puis y "
        "(colonne puis ligne), par exemple « 3 2 ».",
        epilog="Ctrl-D (fin de l'entrée) ou Ctrl-C arrêtent la partie.",
    )
    options = parser.options_group()
    options.add_argument(
        "--width",
        type=bounded_int(1, MAX_WIDTH),
        metavar="L",
        help=f"largeur du plateau, de 1 à {MAX_WIDTH}",
    )
    options.add_argument(
        "--height",
        type=bounded_int(1, MAX_HEIGHT),
        metavar="H",
        help=f"hauteur du plateau, de 1 à {MAX_HEIGHT}",
    )
    options.add_argument(
        "--mines",
        type=bounded_int(1, None),
        metavar="N",
        help="nombre de mines, de 1 à L×H",
    )
    options.add_argument(
        "--seed",
        type=bounded_int(0, None),
        metavar="GRAINE",
        help="graine du hasard : la même graine redonne le même plateau",
    )
    arguments = parser.parse_args(argv)
    if arguments.mines is not None and arguments.width and arguments.height:
        cells = arguments.width * arguments.height
        if arguments.mines > cells:
            parser.error(
                f"option --mines : {arguments.mines} n'est pas permis : "
                f"un plateau {arguments.width}×{arguments.height} a {cells} cases"
            )
    return arguments


def new_game(arguments: argparse.Namespace) -> int:
    width = arguments.width or ask_int(f"Largeur du plateau (1 à {MAX_WIDTH}) : ", 1, MAX_WIDTH)
    height = arguments.height or ask_int(f"Hauteur du plateau (1 à {MAX_HEIGHT}) : ", 1, MAX_HEIGHT)
    cells = width * height
    nb_mines = arguments.mines
    if nb_mines is None or nb_mines > cells:
        if nb_mines is not None:
            print(f"{nb_mines} mines ne tiennent pas sur un plateau de {cells} cases.")
        nb_mines = ask_int(f"Nombre de mines (1 à {cells}) : ", 1, cells)
    seed = arguments.seed if arguments.seed is not None else random.randrange(1_000_000)
    print(f"Partie n° {seed} (pour la rejouer : --seed {seed}).")
    random.seed(seed)
    mines = [[False] * width for _ in range(height)]
    neigh = [[0] * width for _ in range(height)]
    opened = [[False] * width for _ in range(height)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    return play(mines, neigh, opened)


def run(argv: list[str] | None = None) -> int:
    """Lance le jeu et renvoie le code de sortie du programme."""
    arguments = parse_arguments(argv)
    try:
        new_game(arguments)
    except EOFError:
        print("\nFin de l'entrée : partie abandonnée.")
    except KeyboardInterrupt:
        print("\nPartie interrompue.")
        return EXIT_INTERRUPTED
    return 0


def tolerate_bad_characters() -> None:
    """Ne plus s'arrêter sur un caractère que l'entrée ou la sortie ne sait pas coder.

    Avec une locale UTF-8 stricte (fr_FR.UTF-8, en_US.UTF-8…), un octet
    invalide tapé ou envoyé au jeu ferait planter ``input()`` par une
    ``UnicodeDecodeError`` ; il devient « � » et reçoit un message d'erreur
    comme toute autre ligne incorrecte. De même, une sortie qui ne sait pas
    afficher « ■ » montre « ? » au lieu de planter.
    """
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def console_script() -> None:
    """Point d'entrée de la commande ``demineur``."""
    tolerate_bad_characters()
    try:
        sys.exit(run())
    except BrokenPipeError:
        # La sortie a été fermée (par exemple « demineur | head ») : on se tait.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
