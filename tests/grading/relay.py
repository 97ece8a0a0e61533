"""Les relais : une fonction de l'étudiant appelle une autre fonction du contrat.

Le processus de travail envoie alors l'appel au juge (message ``rpc``), qui le fait
exécuter par la solution de référence : une erreur ne coûte des points qu'une
fois, là où elle est. La demande vient du code de l'étudiant : elle est vérifiée
avant d'atteindre la référence (les formes du contrat, au plus 50×20), et
l'appel de référence est limité en temps.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import inspect
import io
import random
import signal
import sys
import threading
from dataclasses import dataclass

from .contract import GRIDS, PARAMETERS, filled_positions
from .standins import StandIns, UnknownCall
from .wire import (
    Malformed,
    Opaque,
    clone,
    count_values,
    decode,
    identity,
    row_identities,
    to_wire,
)

MAX_WIDTH, MAX_HEIGHT = 50, 20
# Le contrat permet n'importe quel entier comme coordonnée (« négatif ou immense ») :
# seule la taille de l'entier est bornée, pour le juge.
COORDINATE_BITS = 4096
SECONDS = 2.0  # un appel de la référence prend quelques millisecondes
# La taille des arguments d'un relais, en valeurs JSON (wire.count_values) : trois
# grilles 50×20 en font 3 189 ; au-delà, le relais est refusé sans être décodé.
RELAY_VALUES = 4_096


@functools.cache
def reached_by(reference) -> dict[str, set[str]]:
    """Pour chaque fonction du contrat, celles qu'elle appelle dans la référence, de proche
    en proche (lu dans le code de la référence).

    Un relais vers ``play_turn`` pendant la notation de ``ask_move`` ferait écrire
    ``ask_move`` par la référence : ``play_turn`` l'appelle. Un tel relais est refusé.
    """
    if isinstance(reference, StandIns):  # les remplaçants du kit savent qui appelle qui
        return reference.reached
    tree = ast.parse(inspect.getsource(inspect.getmodule(reference.main)))
    direct = {
        node.name: {
            call.func.id
            for call in ast.walk(node)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
        }
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }
    reached = {}
    for name in PARAMETERS:
        seen, todo = set(), [name]
        while todo:
            for callee in direct.get(todo.pop(), ()):
                if callee not in seen:
                    seen.add(callee)
                    todo.append(callee)
        reached[name] = seen & set(PARAMETERS)
    return reached


def refuses(reference, name: str, graded: str) -> bool:
    """Le juge refuse-t-il d'exécuter ``name`` par la référence pendant la notation de
    ``graded`` ? Oui pour ``graded`` elle-même et pour les fonctions qui l'appellent :
    la référence écrirait à sa place ce qui est noté."""
    return reference is None or name == graded or graded in reached_by(reference)[name]


class OutOfContract(Exception):
    """Des arguments que le contrat ne permet pas : la référence n'est pas appelée."""


class RelayTimeout(Exception):
    """La référence n'a pas fini à temps."""


@dataclass
class RelayedCall:
    """Un appel d'une autre fonction du contrat, exécuté par la référence (ou refusé).

    Le juge n'en garde que ce que les vérifications lisent : les arguments reçus
    (avant l'appel ; à leur place, des :class:`Opaque` quand ils étaient trop gros pour
    être seulement décodés) et l'identité de chaque grille et de ses lignes.
    """

    name: str
    args: list  # les arguments reçus, avant l'appel
    identities: list[tuple[int | None, list]]  # par argument : (numéro, numéros des lignes)
    ret: object
    raised: str | None
    output: str
    size: int  # le nombre de valeurs reçues (wire.count_values) : ce que le juge garde


class LineFeeder(io.TextIOBase):
    """L'entrée standard de la référence : les lignes de l'appel, à partir du curseur."""

    def __init__(self, lines: list[str], position: int):
        self.lines = lines
        self.position = position

    def readline(self, size=-1):
        if self.position >= len(self.lines):
            return ""
        self.position += 1
        return self.lines[self.position - 1] + "\n"

    def readable(self):
        return True


def check_grid(name: str, value) -> tuple[int, int]:
    if type(value) is not list or not value or len(value) > MAX_HEIGHT:
        raise OutOfContract(f"{name} doit être une liste de 1 à {MAX_HEIGHT} lignes")
    width = None
    for row in value:
        if type(row) is not list or not row or len(row) > MAX_WIDTH:
            raise OutOfContract(f"chaque ligne de {name} doit être une liste de 1 à 50 cases")
        if width is not None and len(row) != width:
            raise OutOfContract(f"les lignes de {name} n'ont pas toutes la même longueur")
        width = len(row)
        # Vérifié par des fonctions intégrées (une grille 50×20 arrive des milliers de fois).
        if not set(map(type, row)) <= {bool, int} or min(row) < -8 or max(row) > 8:
            raise OutOfContract(f"les cases de {name} doivent être des booléens ou des entiers")
    return len(value[0]), len(value)


def check_arguments(name: str, args: list) -> None:
    """Les arguments d'un relais respectent-ils les formes du contrat ?"""
    params = PARAMETERS[name]
    if len(args) != len(params):
        raise OutOfContract(f"{name} attend {len(params)} paramètre(s)")
    sizes = set()
    for param, value in zip(params, args):
        if param in GRIDS:
            sizes.add(check_grid(param, value))
        elif type(value) is not int or value.bit_length() > COORDINATE_BITS:
            raise OutOfContract(f"{param} doit être un entier (d'au plus {COORDINATE_BITS} bits)")
    if len(sizes) > 1:
        raise OutOfContract("les grilles reçues n'ont pas les mêmes dimensions")
    # Les préconditions du contrat (../CONTRAT.md) : hors d'elles, la référence n'a rien
    # promis, et un rendu ne doit pas lui faire faire autre chose (initialise_mines avec
    # 0 mine ferait le travail de initialise_open).
    if name == "initialise_mines":
        width, height = sizes.pop()
        if not 1 <= args[1] <= width * height:
            raise OutOfContract(f"nb_mines doit être entre 1 et {width * height}")
    if name == "nb_adjacent_mines":
        width, height = sizes.pop()
        if not (0 <= args[1] < width and 0 <= args[2] < height):
            raise OutOfContract(f"(x, y) doit être une case du plateau {width}×{height}")


@contextlib.contextmanager
def time_limit(seconds: float):
    """Lève :class:`RelayTimeout` si le bloc dure plus de ``seconds`` secondes.

    Un minuteur du système (``setitimer``), là où il existe (fil principal, Unix).
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def expire(signum, frame):
        raise RelayTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def refused(name: str, args: list, identities: list, size: int, reason: str):
    """Un relais refusé : la réponse au processus de travail et ce qu'on en garde."""
    call = RelayedCall(name, args, identities, None, reason, "", size)
    return {"raise": reason}, call


def copy(value):
    """``clone(value)``, sans descendre case par case dans une grille (des lignes de
    valeurs simples, copiées d'un coup) : une partie en fait des centaines par appel."""
    if type(value) is list and all(
        type(row) is list and list not in map(type, row) for row in value
    ):
        return [row[:] for row in value]
    return clone(value)


def known_grid(data, known: dict) -> tuple | None:
    """Une grille envoyée par son numéro (``{"ref": n}``) : celle que le juge a déjà
    reçue pendant cet appel, (valeur, identités, nombre de valeurs) ; None si l'argument
    est envoyé en entier."""
    if type(data) is not dict or "ref" not in data:
        return None
    if len(data) != 1 or data["ref"] not in known:
        raise Malformed("une référence à une grille inconnue")
    return known[data["ref"]]


def serve(
    reference,
    message: dict,
    graded: str,
    lines: list[str],
    position: int,
    seed: int,
    known: dict | None = None,
):
    """Exécute le relais ``message`` ; renvoie (réponse, RelayedCall, nouvelle position).

    La taille des arguments est vérifiée avant qu'ils soient décodés : des arguments
    plus gros que ce que le contrat permet ne coûtent au juge ni mémoire ni temps.
    ``known`` : les grilles déjà reçues pendant cet appel, par numéro ; le processus de
    travail renvoie par son seul numéro une grille inchangée depuis (la valeur gardée
    est celle que le juge a lui-même décodée et vérifiée).
    """
    known = {} if known is None else known
    name = message.get("rpc")
    wire = message.get("args")
    if name not in PARAMETERS or type(wire) is not list:
        raise Malformed("une demande de relais mal formée")
    kept = [known_grid(data, known) for data in wire]
    fresh = [data for data, grid in zip(wire, kept) if grid is None]
    size = count_values(fresh, RELAY_VALUES)
    if size is None:
        reason = (
            f"appel de {name} hors du contrat : des arguments de plus de {RELAY_VALUES} "
            "valeurs (une grille a au plus 50×20 cases)"
        )
        placeholders = [Opaque("argument", "trop gros pour être lu")] * len(wire)
        reply, call = refused(name, placeholders, [(None, [])] * len(wire), 1, reason)
        return reply, call, position
    filled = filled_positions(name)
    # Une grille envoyée par son numéro ne coûte rien de plus au juge, sauf quand la
    # fonction remplit une grille : ses arguments sont alors copiés, et comptés en entier.
    size += sum((grid[2] if filled else 1) for grid in kept if grid is not None)
    args, identities, sizes = [], [], []
    for index, (data, grid) in enumerate(zip(wire, kept)):
        if grid is None:
            args.append(decode(data))
            identities.append((identity(data), row_identities(data)))
            sizes.append(count_values(data, RELAY_VALUES))
        else:  # une grille que la référence va remplir : sur une copie, la gardée ne change pas
            args.append(copy(grid[0]) if index in filled else grid[0])
            identities.append(grid[1])
            sizes.append(grid[2])
    # Gardées telles qu'avant l'appel : une grille que la référence remplit est oubliée
    # par le processus de travail (il la renverra en entier), sauf si l'appel est refusé.
    for index, (arg, ids, count) in enumerate(zip(args, identities, sizes)):
        if ids[0] is not None:
            known[ids[0]] = (copy(arg) if index in filled else arg, ids, count)
    if refuses(reference, name, graded):
        reply, call = refused(name, args, identities, size, f"{name} n'est pas disponible ici")
        return reply, call, position
    try:
        check_arguments(name, args)
    except OutOfContract as error:
        reason = f"appel de {name} hors du contrat : {error}"
        reply, call = refused(name, args, identities, size, reason)
        return reply, call, position
    # Seules les grilles qu'une fonction remplit changent : elles seules sont copiées
    # (nb_adjacent_mines, appelée mille fois sur 50×20, ne copie rien).
    before = [copy(arg) if index in filled else arg for index, arg in enumerate(args)]
    feeder = LineFeeder(lines, position)
    output = io.StringIO()
    # Seul initialise_mines tire au hasard : la graine de l'appel n'est posée (et l'état du
    # générateur du juge gardé) que pour elle et pour ce qui l'appelle.
    draws = "initialise_mines" in {name, *reached_by(reference)[name]}
    state = random.getstate() if draws else None
    if draws:
        random.seed(seed)
    saved_stdin = sys.stdin
    sys.stdin = feeder
    raised = None
    ret = None
    try:
        with contextlib.redirect_stdout(output), time_limit(SECONDS):
            ret = getattr(reference, name)(*args)
    except EOFError:
        raised = "EOFError"
    except RelayTimeout:
        raised = f"la fonction de référence {name} n'a pas fini en {SECONDS:g} s"
    except UnknownCall as error:
        raised = str(error)
    except Exception as error:
        raised = (
            f"la fonction de référence {name} a échoué sur les valeurs reçues "
            f"({type(error).__name__} : {error})"
        )
    finally:
        sys.stdin = saved_stdin
        if state is not None:
            random.setstate(state)
    call = RelayedCall(name, before, identities, ret, raised, output.getvalue(), size)
    reply = {
        "ret": to_wire(ret),
        "args": [to_wire(a) if i in filled_positions(name) else None for i, a in enumerate(args)],
        "raise": raised,
    }
    if name == "nb_adjacent_mines" and raised is None and identities[0][0] is not None:
        table = neighbour_table(reference, args[0])
        if table is not None:
            reply["table"] = table
    if name == "play_turn" and raised is None and not refuses(reference, "is_finished", graded):
        finished = finished_after_turn(reference, args[0], args[2])
        if finished is not None:
            reply["finished"] = finished
    return reply, call, feeder.position


def finished_after_turn(reference, mines: list, opened: list) -> int | None:
    """La réponse de la référence à is_finished(mines, opened), sur le plateau tel que
    play_turn vient de le laisser.

    Jointe au relais de play_turn : le processus de travail répond ensuite lui-même à
    is_finished sur ces deux grilles tant qu'elles n'ont pas changé (une partie l'appelle
    à chaque tour). La fonction notée pouvait la demander par un relais ; elle n'est
    jointe que si ce relais serait accepté. None si la référence ne sait pas répondre (les
    remplaçants du kit ne connaissent que les cas publics) ou si les grilles sortent du
    contrat.
    """
    try:
        check_arguments("is_finished", [mines, opened])
        with contextlib.redirect_stdout(io.StringIO()), time_limit(SECONDS):
            answer = reference.is_finished(mines, opened)
    except (Exception, RelayTimeout):
        return None
    return answer if type(answer) is int else None


def neighbour_table(reference, mines: list) -> list | None:
    """Les réponses de la référence à nb_adjacent_mines sur chaque case de ``mines``.

    Jointes au premier relais de nb_adjacent_mines sur une grille : le processus de
    travail répond ensuite lui-même aux appels sur cette grille tant qu'elle ne change
    pas (compute_neigh en fait un par case). Ces réponses, la fonction notée pouvait
    déjà les demander une à une ; elles ne sont jamais jointes quand la fonction notée
    est nb_adjacent_mines ou une fonction qu'elle appelle (le relais est alors refusé).
    None si la référence ne sait pas répondre partout (les remplaçants du kit ne
    connaissent que les cas publics).
    """
    try:
        with contextlib.redirect_stdout(io.StringIO()), time_limit(SECONDS):
            table = [
                [reference.nb_adjacent_mines(mines, x, y) for x in range(len(mines[0]))]
                for y in range(len(mines))
            ]
    except (Exception, RelayTimeout):
        return None
    if not all(type(count) is int for row in table for count in row):
        return None
    return table
