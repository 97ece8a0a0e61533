"""Le jeu en ligne de commande : ``python -m tp_demineur`` ou ``demineur``.

Ce module lit les options, demande au clavier les tailles qui manquent, puis
enchaîne les parties (``session.py``) tant que le joueur veut rejouer. Toute
la logique du plateau vient des fonctions du TP (module :mod:`tp_demineur.tp`),
par l'intermédiaire de :mod:`tp_demineur.game`.
"""

import argparse
import os
import random
import sys

from . import scores
from .arguments import FrenchParser, bounded_float, bounded_int
from .game import PLAYING
from .levels import LEVELS, Level, level_named, level_of
from .screen import all_scores_text, plain_symbols_notice
from .session import Session, Settings, colour_wanted, warn
from .terminal import PlainSymbols, shows_symbols, tolerate_bad_characters
from .tp import MAX_HEIGHT, MAX_WIDTH, ask_int

EXIT_OK = 0
EXIT_BAD_OPTIONS = 2
EXIT_INTERRUPTED = 130
PROGRAM = "python -m tp_demineur"


def level_option(text: str) -> Level:
    """Un type d'option : le nom d'un niveau, tel que le jeu l'écrit (accents permis) ou non."""
    level = level_named(text)
    if level is None:
        titles = [level.title for level in LEVELS]
        raise argparse.ArgumentTypeError(
            f"« {text} » n'est pas un niveau : il faut {', '.join(titles[:-1])} ou {titles[-1]}"
        )
    return level


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    levels = ", ".join(
        f"{level.title} ({level.width}×{level.height}, {level.mines} mines)" for level in LEVELS
    )
    parser = FrenchParser(
        prog="demineur",
        description="Le jeu du démineur du TP. Les tailles non données en option "
        "sont demandées au clavier. Un coup se joue en tapant x puis y "
        "(colonne puis ligne), par exemple « 3 2 » ; « d 3 2 » pose un drapeau, "
        "« aide » liste toutes les commandes.",
        epilog="Ctrl-D (fin de l'entrée) ou Ctrl-C arrêtent le jeu.",
    )
    options = parser.options_group()
    options.add_argument(
        "--niveau",
        type=level_option,
        metavar="NIVEAU",
        help=f"un plateau classique : {levels}",
    )
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
        "--regles-du-tp",
        action="store_true",
        help="les règles exactes du TP : les mines sont placées avant le premier coup, "
        "qui peut donc perdre (par défaut, le premier coup est sans danger)",
    )
    options.add_argument(
        "--seed",
        type=bounded_int(0, None),
        metavar="GRAINE",
        help="graine du hasard : avec le même premier coup, la même graine redonne le même plateau",
    )
    options.add_argument(
        "--premier-coup",
        type=bounded_int(0, None),
        nargs=2,
        metavar=("X", "Y"),
        help="joue d'abord ce coup (les mines sont placées autour de lui) : avec --seed, "
        "rejoue un plateau, comme le propose la fin de chaque partie",
    )
    options.add_argument(
        "--sans-hasard",
        action="store_true",
        help="un plateau qui se résout sans jamais deviner, depuis le premier coup",
    )
    options.add_argument(
        "--auto",
        action="store_true",
        help="la machine joue la partie à l'écran, en expliquant chaque coup",
    )
    options.add_argument(
        "--pause",
        type=bounded_float(0, 60),
        default=1.0,
        metavar="SECONDES",
        help="avec --auto, la pause entre deux coups (1 seconde)",
    )
    options.add_argument(
        "--ascii",
        action="store_true",
        help="le plateau en caractères simples (# fermée, . vide, D drapeau…), pour une "
        "console qui ne dessine pas ■ ⋄ ★ ⚑ ; choisi d'office quand la sortie ne sait pas "
        "les coder",
    )
    options.add_argument(
        "--scores",
        action="store_true",
        help="affiche les meilleurs temps (ceux du plateau donné par --niveau ou les "
        "tailles, s'il y en a un) et s'arrête",
    )
    arguments = parser.parse_args(argv)
    sizes = [arguments.width, arguments.height, arguments.mines]
    if arguments.niveau is not None:
        if any(size is not None for size in sizes):
            parser.error("option --niveau : elle donne déjà la largeur, la hauteur et les mines")
        level = arguments.niveau
        arguments.width, arguments.height = level.width, level.height
        arguments.mines = level.mines
    if arguments.mines is not None and arguments.width and arguments.height:
        cells = arguments.width * arguments.height
        if arguments.mines > cells:
            parser.error(
                f"option --mines : {arguments.mines} n'est pas permis : "
                f"un plateau {arguments.width}×{arguments.height} a {cells} cases"
            )
    if arguments.sans_hasard and arguments.regles_du_tp:
        parser.error(
            "option --sans-hasard : elle place les mines après le premier coup, "
            "ce que --regles-du-tp ne fait pas"
        )
    if arguments.premier_coup is not None:
        if arguments.regles_du_tp:
            parser.error(
                "option --premier-coup : elle place les mines autour du premier coup, "
                "ce que --regles-du-tp ne fait pas"
            )
        if arguments.width is None or arguments.height is None:
            parser.error("option --premier-coup : donnez aussi --niveau, ou --width et --height")
        x, y = arguments.premier_coup
        if x >= arguments.width or y >= arguments.height:
            parser.error(
                f"option --premier-coup : la case ({x}, {y}) est hors du plateau "
                f"{arguments.width}×{arguments.height}"
            )
    return arguments


def ask_settings(arguments: argparse.Namespace) -> Settings:
    """Le plateau des options, en demandant au clavier ce qui manque."""
    width = arguments.width or ask_int(f"Largeur du plateau (1 à {MAX_WIDTH}) : ", 1, MAX_WIDTH)
    height = arguments.height or ask_int(f"Hauteur du plateau (1 à {MAX_HEIGHT}) : ", 1, MAX_HEIGHT)
    cells = width * height
    nb_mines = arguments.mines
    if nb_mines is None or nb_mines > cells:
        if nb_mines is not None:
            print(f"{nb_mines} mines ne tiennent pas sur un plateau de {cells} cases.")
        nb_mines = ask_int(f"Nombre de mines (1 à {cells}) : ", 1, cells)
    return Settings(
        width,
        height,
        nb_mines,
        safe_first=not arguments.regles_du_tp,
        no_guess=arguments.sans_hasard,
    )


def replay_arguments(settings: Settings, seed: int, first: tuple[int, int] | None) -> list[str]:
    """Les options qui rejouent exactement ce plateau.

    >>> " ".join(replay_arguments(Settings(9, 9, 10), 7, (4, 4)))
    '--niveau debutant --seed 7 --premier-coup 4 4'
    >>> " ".join(replay_arguments(Settings(5, 3, 2, safe_first=False), 7, (0, 0)))
    '--width 5 --height 3 --mines 2 --regles-du-tp --seed 7'
    """
    level = level_of(settings.width, settings.height, settings.nb_mines)
    if level is not None:
        words = ["--niveau", level.name]
    else:
        words = ["--width", settings.width, "--height", settings.height]
        words += ["--mines", settings.nb_mines]
    if not settings.safe_first:
        words.append("--regles-du-tp")
    if settings.no_guess:
        words.append("--sans-hasard")
    words += ["--seed", seed]
    if settings.safe_first and first is not None:
        words += ["--premier-coup", *first]
    return [str(word) for word in words]


def show_scores(arguments: argparse.Namespace) -> None:
    """Les meilleurs temps : ceux du plateau des options s'il y en a, sinon tous."""
    try:
        path = scores.scores_path()
        table = scores.load(path)
    except scores.ScoresError as error:
        warn(error.warning())
        return
    print(all_scores_text(table, path, (arguments.width, arguments.height, arguments.mines)))


def play_games(arguments: argparse.Namespace, program: str, sessions: list[Session]) -> None:
    """Joue des parties tant que le joueur veut rejouer ; chacune est ajoutée à ``sessions``."""
    settings = ask_settings(arguments)
    seed = arguments.seed
    first = tuple(arguments.premier_coup) if arguments.premier_coup else None
    colour = colour_wanted()

    def replay_command(seed: int, first: tuple[int, int] | None) -> str:
        return " ".join([program, *replay_arguments(settings, seed, first)])

    while True:
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        session = Session(settings, seed, replay_command, colour)
        sessions.append(session)
        if arguments.auto:
            session.play_auto(arguments.pause)
            return
        if not session.play(first):  # type: ignore[arg-type]
            return
        seed, first = None, None  # une nouvelle partie, même plateau et mêmes règles


def run(argv: list[str] | None = None, program: str = PROGRAM) -> int:
    """Lance le jeu et renvoie le code de sortie du programme."""
    arguments = parse_arguments(argv)
    sessions: list[Session] = []
    try:
        if arguments.scores:
            show_scores(arguments)
        else:
            choose_symbols(arguments.ascii)
            play_games(arguments, program, sessions)
    except EOFError:
        print("\nFin de l'entrée : le jeu s'arrête.")
        show_replay(sessions)
    except KeyboardInterrupt:
        print("\nPartie interrompue.")
        show_replay(sessions)
        return EXIT_INTERRUPTED
    return EXIT_OK


def choose_symbols(asked: bool) -> None:
    """Les symboles simples du plateau, demandés (--ascii) ou d'office quand la sortie ne
    sait pas coder les autres (la sortie les remplace alors elle-même) ; dit une fois."""
    if asked and shows_symbols(sys.stdout):
        sys.stdout = PlainSymbols(sys.stdout)
    elif shows_symbols(sys.stdout):
        return
    print(plain_symbols_notice(asked))


def show_replay(sessions: list[Session]) -> None:
    """Après un arrêt en pleine partie (Ctrl-C, fin de l'entrée), comment la rejouer,
    comme après « q » ; une partie finie l'a déjà dit, une partie sans mines n'a rien
    à rejouer."""
    if sessions and sessions[-1].game.placed and sessions[-1].game.status == PLAYING:
        print(sessions[-1].replay_line())


def program_name() -> str:
    """Le nom sous lequel le jeu a été lancé, pour la commande qui rejoue un plateau."""
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return PROGRAM if name in ("", "__main__.py", "-m", "-c") else name


def console_script() -> None:
    """Point d'entrée de la commande ``demineur``."""
    tolerate_bad_characters()
    try:
        sys.exit(run(program=program_name()))
    except BrokenPipeError:
        # La sortie a été fermée (par exemple « demineur | head ») : on se tait.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
