"""Le processus de travail du correcteur : il charge la soumission et exécute ses fonctions.

Le juge (``judge.py``) le lance dans un bac à sable (``sandbox.py``), ou à défaut
dans un dossier jetable, avec ``python -S -s -B worker.py`` : ni le dossier de
l'étudiant, ni les paquets installés, ni la solution de référence ne sont à sa
portée. Ce fichier ne dépend que de la bibliothèque standard (et de
``lockdown.py`` et ``rescue.py``, copiés à côté de lui, ``rescue.py`` avec ce qu'il
emporte).

Avant de charger le code de l'étudiant, il s'interdit ce dont le TP n'a pas
besoin (``lockdown.py``) et le dit au juge : c'est le seul message qu'il envoie
avant que du code de l'étudiant ne tourne. Ensuite, tout ce qu'il dit est traité
par le juge comme venant de l'étudiant : le juge ne croit que les données de
l'appel en cours (valeurs renvoyées, grilles, texte affiché), et compte lui-même
les lignes lues, le temps de calcul et les morts du processus.

Le dialogue avec le juge passe par des lignes JSON, sur des copies privées des
descripteurs 0 et 1 ; les descripteurs 0, 1 et 2 eux-mêmes sont redirigés
(entrée vide, sorties jetées). Seules des données simples reviennent au juge :
des listes, des entiers, des booléens, des chaînes, jamais un objet de la
soumission. Chaque valeur garde son type exact : un objet d'un autre type (même
une sous-classe de ``int``) revient comme ``{"O": nom_du_type, "r": repr}``.

Pendant un appel, chaque ligne lue par ``input()`` est demandée au juge
(message ``read``), avec le texte affiché depuis le message précédent, dont
l'invite d'``input()`` (``prompt`` : sa longueur, à la fin du texte) ; les
autres fonctions du contrat qu'appelle la fonction notée sont remplacées par
des relais vers le juge (message ``rpc``), qui les exécute avec la solution de
référence : une erreur ne coûte des points qu'une fois, là où elle est.
"""

import importlib.machinery
import importlib.util
import itertools
import json
import operator
import os
import random
import sys
import types

# Le chargement indulgent (et les cellules d'un notebook), copié à côté de ce fichier ; le
# juge importe aussi ce module, depuis son paquet.
try:
    from . import rescue
except ImportError:
    import rescue  # type: ignore[no-redef]

MAX_NODES = 200_000  # au-delà, une valeur est « trop grosse » pour être renvoyée
SIMPLE = (type(None), bool, int)  # renvoyées telles quelles (Encoder.encode les garde)


class OutputLimitExceeded(BaseException):
    """La soumission a écrit plus que la limite permise."""


class CallStopped(BaseException):
    """Le juge arrête l'appel : il redemandait sans fin une ligne après la fin de l'entrée
    (``calls.EOF_RETRIES``). Ni « except Exception: » ni « except EOFError: » ne la
    rattrapent : l'appel se termine, et le processus de travail sert encore."""


class CappedText:
    """Une sortie texte qui garde ce qu'on y écrit, jusqu'à une limite."""

    def __init__(self, limit: int):
        self.parts: list[str] = []
        self.size = 0
        self.limit = limit
        self.overflow = False
        self.sent = 0  # combien de morceaux ont déjà été envoyés au juge
        self.unsent = 0  # combien de caractères gardés ne l'ont pas encore été

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() attend une chaîne, pas {type(text).__name__}")
        self.size += len(text)
        if self.size > self.limit:
            self.overflow = True
            raise OutputLimitExceeded(f"plus de {self.limit} caractères écrits")
        self.parts.append(text)
        self.unsent += len(text)
        return len(text)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        pass

    def isatty(self):
        return False

    def writable(self):
        return True

    @property
    def encoding(self):
        return "utf-8"

    def getvalue(self) -> str:
        return "".join(self.parts)

    def take_new(self) -> str:
        """Le texte écrit depuis le dernier appel (il part chez le juge)."""
        text = "".join(self.parts[self.sent :])
        self.sent = len(self.parts)
        self.unsent = 0
        return text


class ScriptedInput:
    """L'entrée standard de la soumission.

    Pendant un appel, chaque ligne est prise dans celles que le juge a envoyées avec la
    demande (``Worker.ask_line``), puis, quand il n'y en a plus, demandée au juge ; au
    chargement et pendant une série de tirages (``ask`` vaut None), l'entrée est vide.
    """

    def __init__(self, ask=None):
        self.ask = ask
        self.reads = 0

    def readline(self, size=-1):
        self.reads += 1
        if self.ask is None:
            return ""
        line = self.ask()
        return "" if line is None else line + "\n"

    def read(self, size=-1):
        text = []
        while line := self.readline():
            text.append(line)
        return "".join(text)

    def readlines(self, hint=-1):
        return self.read().splitlines(keepends=True)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def isatty(self):
        return False

    def readable(self):
        return True

    def close(self):
        pass

    @property
    def encoding(self):
        return "utf-8"


class Encoder:
    """Traduit une valeur de la soumission en données JSON simples.

    Chaque liste reçoit un numéro d'identité, le même pendant tout un appel :
    le juge voit ainsi si deux lignes d'une grille sont la même liste, ou si une
    fonction reçoit bien la grille créée plus tôt.
    """

    def __init__(self):
        self.ids: dict[int, int] = {}
        self.alive: list[object] = []  # garde les objets vivants : un id reste unique
        self.nodes = 0
        # Les grilles envoyées au juge pendant cet appel : leurs lignes et une copie.
        self.sent: dict[int, tuple[list, list, list]] = {}
        # Pour une grille de mines envoyée : les réponses de nb_adjacent_mines sur
        # chaque case, jointes par le juge à un relais (relay.neighbour_table).
        self.tables: dict[int, list] = {}
        # La réponse d'is_finished jointe au dernier relais de play_turn
        # (relay.finished_after_turn) : (mines, opened, lignes, copie, types, réponse).
        self.finished: tuple | None = None

    def encode_argument(self, value):
        """Un argument de relais : une grille déjà envoyée pendant cet appel, et inchangée
        depuis (mêmes lignes, mêmes valeurs, mêmes types), part par son seul numéro."""
        kept = self.sent.get(id(value))
        if kept is not None and unchanged(value, *kept):
            return {"ref": self.identity(value)}
        self.tables.pop(id(value), None)
        encoded = self.encode(value)
        if type(value) is list and value and all(type(row) is list for row in value):
            rows = list(value)
            types = [kinds(row) for row in rows]
            if all(set(row_types) <= {bool, int} for row_types in types):  # une grille du TP
                self.sent[id(value)] = (rows, [list(row) for row in rows], types)
        return encoded

    def forget(self, value):
        """Une grille que la référence vient de remplir : elle repartira en entier."""
        self.sent.pop(id(value), None)
        self.tables.pop(id(value), None)

    def known_count(self, mines, x, y):
        """nb_adjacent_mines(mines, x, y), si le juge a joint ses réponses pour cette
        grille et qu'elle n'a pas changé depuis ; None sinon (le relais part alors)."""
        table = self.tables.get(id(mines))
        if table is None or type(x) is not int or type(y) is not int:
            return None
        if not (0 <= y < len(table) and 0 <= x < len(table[0])):
            return None
        rows, copies, _ = self.sent[id(mines)]
        if not around_unchanged(mines, rows, copies, x, y):
            return None
        return table[y][x]

    def remember_finished(self, mines, opened, after, answer):
        """Après un relais de play_turn : la réponse d'is_finished(mines, opened) que le
        juge y a jointe, gardée si ``opened`` est bien, recopiée, la grille ``after`` que
        le juge a laissée, et ``mines`` une grille envoyée pendant l'appel ; oubliée sinon."""
        self.finished = None
        if type(answer) is not int or id(mines) not in self.sent or after is None:
            return
        if strictly_equal(opened, decode(after)):
            rows = list(opened)
            copies, types = [list(row) for row in rows], [kinds(row) for row in rows]
            self.finished = (mines, opened, rows, copies, types, answer)

    def known_finished(self, mines, opened):
        """is_finished(mines, opened), si le juge l'a jointe au dernier relais de play_turn
        et que les deux grilles n'ont pas changé depuis ; None sinon (le relais part alors)."""
        if self.finished is None:
            return None
        kept_mines, kept_opened, rows, copies, types, answer = self.finished
        if mines is not kept_mines or opened is not kept_opened:
            return None
        sent = self.sent.get(id(mines))
        if sent is None or not unchanged(mines, *sent):
            return None
        return answer if unchanged(opened, rows, copies, types) else None

    def identity(self, obj) -> int:
        key = id(obj)
        if key not in self.ids:
            self.ids[key] = len(self.ids) + 1
            self.alive.append(obj)
        return self.ids[key]

    def encode(self, value):
        self.nodes = 0
        return self.encode_node(value, ())

    def encode_node(self, value, path):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise ValueError("valeur trop grosse")
        kind = type(value)
        if value is None or kind is bool or kind is int or kind is str:
            if kind is str and len(value) > 10_000:
                return value[:10_000]
            return value
        if kind is list:
            if all(type(v) is bool or type(v) is int for v in value):
                # Une ligne de grille ordinaire : le chemin rapide.
                self.nodes += len(value)
                if self.nodes > MAX_NODES:
                    raise ValueError("valeur trop grosse")
                return {"L": value, "id": self.identity(value)}
            if id(value) in path:
                return {"O": "list", "r": "[...] (liste qui se contient elle-même)"}
            inner = (*path, id(value))
            return {"L": [self.encode_node(v, inner) for v in value], "id": self.identity(value)}
        if issubclass(kind, tuple):
            # Un tuple nommé (collections.namedtuple) est un tuple : ses valeurs, lues
            # par tuple lui-même.
            return {"T": [self.encode_node(v, path) for v in tuple.__iter__(value)]}
        try:
            # « <module 'soumission' from '/sandbox/soumission/tp.py'> » : sans le dossier.
            text = rescue.without_folders(repr(value)[:400])[:200]
        except BaseException:
            text = "?"
        return {"O": kind.__name__, "r": text}


def decode(data):
    """Traduit les données du juge en valeurs Python (listes neuves)."""
    if isinstance(data, list):
        if not set(map(type, data)) & {list, dict}:
            return list(data)  # une ligne de valeurs simples
        return [decode(v) for v in data]
    if isinstance(data, dict) and "T" in data:
        return tuple(decode(v) for v in data["T"])
    return data


def kinds(row: list) -> list:
    return list(map(type, row))


def unchanged(grid: list, rows: list, copies: list, types: list) -> bool:
    """La grille a-t-elle gardé ses lignes, leurs valeurs et leurs types ?

    Le plus souvent, chaque case est encore l'objet même de la copie (``True``,
    ``False`` et les petits entiers sont uniques) : mêmes valeurs, mêmes types, vu
    par des fonctions intégrées. Sinon, valeurs et types sont comparés un à un."""
    if len(grid) != len(rows) or not all(map(operator.is_, grid, rows)):
        return False
    if all(
        len(row) == len(copy) and all(map(operator.is_, row, copy))
        for row, copy in zip(grid, copies)
    ):
        return True
    return all(row == copy for row, copy in zip(grid, copies)) and all(
        kinds(row) == kept for row, kept in zip(grid, types)
    )


def around_unchanged(grid: list, rows: list, copies: list, x: int, y: int) -> bool:
    """Ce dont dépend ``nb_adjacent_mines(grid, x, y)`` est-il inchangé : la hauteur, la
    largeur, et les cases autour de (x, y), chacune l'objet même de la copie ?

    Une case remplacée par une valeur égale mais pas identique dit « changé » : le
    relais part alors vers le juge, qui répond sur la grille telle qu'elle est."""
    if len(grid) != len(rows) or grid[0] is not rows[0] or len(rows[0]) != len(copies[0]):
        return False
    left, right = max(x - 1, 0), x + 2
    for ny in range(max(y - 1, 0), min(y + 2, len(rows))):
        row, copy = grid[ny], copies[ny]
        if row is not rows[ny] or len(row) != len(copy):
            return False
        if not all(map(operator.is_, row[left:right], copy[left:right])):
            return False
    return True


# Les cases d'une grille de booléens, en octets 0 et 1, écrites « 0 » et « 1 ».
AS_DIGITS = bytes.maketrans(b"\x00\x01", b"01")


def mine_string(grid: list[list[bool]]) -> str:
    """Les cases d'une grille de booléens, ligne après ligne : « 1 » pour True, « 0 » pour
    False.

    >>> mine_string([[False, True], [True, False]])
    '0110'
    """
    return bytes(itertools.chain.from_iterable(grid)).translate(AS_DIGITS).decode("ascii")


def bool_grid(value) -> bool:
    """Une liste de listes de booléens (``True`` et ``False``, rien d'autre) ?"""
    return (
        type(value) is list
        and all(type(row) is list for row in value)
        and set(map(type, itertools.chain.from_iterable(value))) <= {bool}
    )


class CurrentStream:
    """Un flux standard du rendu (``sys.stdin``, ``sys.stdout`` ou ``sys.stderr``), le même
    objet d'un bout à l'autre, qui lit ou écrit dans celui de l'appel en cours
    (``target``) : un rendu qui le garde dès son chargement (``from sys import stdout``),
    ou qui en garde une méthode (``ecrire = sys.stdout.write``, ``lire =
    sys.stdin.readline``), écrit et lit quand même là où l'appel écrit et lit. Ses
    méthodes sont donc les siennes, et ne cherchent le flux de l'appel qu'une fois
    appelées."""

    def __init__(self):
        self.target = None

    def __getattr__(self, name):
        return getattr(self.target, name)

    def write(self, text):
        return self.target.write(text)

    def writelines(self, lines):
        return self.target.writelines(lines)

    def flush(self):
        return self.target.flush()

    def readline(self, size=-1):
        return self.target.readline(size)

    def read(self, size=-1):
        return self.target.read(size)

    def readlines(self, hint=-1):
        return self.target.readlines(hint)

    def isatty(self):
        return self.target.isatty()

    def __iter__(self):
        return self

    def __next__(self):
        return next(self.target)


STREAMS = (CurrentStream(), CurrentStream(), CurrentStream())


def use_streams(stdin, stdout, stderr) -> None:
    """Les flux de l'appel qui commence, derrière les flux permanents du rendu."""
    for stream, target in zip(STREAMS, (stdin, stdout, stderr)):
        stream.target = target
    sys.stdin, sys.stdout, sys.stderr = STREAMS


def restore_streams():
    """Rend à Python ses flux standard, après un appel."""
    sys.stdin, sys.stdout, sys.stderr = sys.__stdin__, sys.__stdout__, sys.__stderr__


def strictly_equal(a, b) -> bool:
    """Mêmes valeurs et mêmes types exacts, listes comprises (``True`` n'est pas ``1``)."""
    if type(a) is not type(b):
        return False
    if type(a) is not list:
        return a == b
    if len(a) != len(b):
        return False
    if all(map(operator.is_, a, b)):  # les mêmes objets, un à un : rien n'a changé
        return True
    if list not in set(map(type, a)):  # une ligne : comparée par des fonctions intégrées
        return a == b and list(map(type, a)) == list(map(type, b))
    return all(strictly_equal(x, y) for x, y in zip(a, b))


def watch_reseeding(worker) -> None:
    """Note dans ``worker.reseeded`` chaque fois que le générateur global de random est
    re-semé (``seed`` ou ``setstate``), quel que soit le nom par lequel le code l'appelle
    (``random.seed``, ``from random import seed``…) : posé avant le chargement du rendu,
    sur la classe ``random.Random``. Les autres générateurs (``random.Random(...)``) ne
    comptent pas."""
    generator = random._inst
    for method in ("seed", "setstate"):
        original = getattr(random.Random, method)

        def watched(self, *args, _original=original, **kwargs):
            if self is generator:
                worker.reseeded = True
            return _original(self, *args, **kwargs)

        watched.__name__ = watched.__qualname__ = method
        setattr(random.Random, method, watched)
        setattr(random, method, getattr(generator, method))


def watch_prompts(worker) -> None:
    """``input`` du rendu, posée avant son chargement (à la place de la fonction intégrée,
    qu'il la prenne par ``input``, ``builtins.input`` ou un nom gardé) : elle fait ce que
    fait celle de Python sans terminal (l'invite écrite sur ``sys.stdout``, puis une
    ligne lue sur ``sys.stdin``, EOFError à la fin), et note dans ``worker.prompt`` où
    l'invite commence et finit dans le texte affiché de l'appel : la lecture qui suit le
    dit au juge (``Worker.ask_line``), qui juge les messages sur le reste du texte.
    Dire moins (aucune invite) ne fait jamais perdre de points : l'invite compte alors
    comme du texte affiché, comme avant qu'elle ne soit distinguée."""
    import builtins

    def input(prompt=_NO_PROMPT):
        stdin, stdout = sys.stdin, sys.stdout
        if stdin is None:
            raise RuntimeError("input(): lost sys.stdin")
        if stdout is None:
            raise RuntimeError("input(): lost sys.stdout")
        output = worker.output
        start = output.size if output is not None else None
        if prompt is not _NO_PROMPT:
            stdout.write(str(prompt))
        try:
            stdout.flush()
        except Exception:
            pass
        if output is not None and output is worker.output and output.size > start:
            worker.prompt = (start, output.size)
        try:
            line = stdin.readline()
        finally:
            worker.prompt = None
        if not isinstance(line, str):
            raise TypeError("object.readline() returned non-string")
        if not line:
            raise EOFError("EOF when reading a line")
        return line[:-1] if line.endswith("\n") else line

    input.__doc__ = builtins.input.__doc__
    builtins.input = input


_NO_PROMPT = object()


def write_back(target, after):
    """Recopie sur place, case par case, les valeurs ``after`` dans ``target``."""
    if type(target) is not list or not isinstance(after, list) or len(target) != len(after):
        return
    for index, value in enumerate(after):
        if isinstance(value, list):
            write_back(target[index], value)
        elif type(target[index]) is not type(value) or target[index] != value:
            target[index] = value


def describe_exception(error: BaseException, root: str) -> dict:
    """Le type, le message, la ligne et la fonction de la soumission où l'erreur est née.

    La ligne est ``[fichier, numéro, texte]``, ``[notebook, numéro, texte, cellule]`` dans
    un notebook (``rescue.place``) ; le message ne nomme aucun dossier de la notation (le
    message d'une erreur de syntaxe, sans le fichier et la ligne qu'il répète : la ligne
    les dit, à la façon du rendu)."""
    # Importé ici : seul un processus dont le code lève une exception s'en sert (la
    # bibliothèque standard passe toujours avant un module du rendu, AuxiliaryFinder).
    import traceback

    line = None
    function = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename.startswith(root):
            line = rendered_line(frame.filename, frame.lineno or 0, frame.line or "", root)
            function = frame.name
    if isinstance(error, SyntaxError) and error.filename and error.filename.startswith(root):
        code = (error.text or "").strip()
        line = rendered_line(error.filename, error.lineno or 0, code, root)
    try:
        text = error.msg if isinstance(error, SyntaxError) else str(error)
        message = rescue.without_folders(str(text))[:500]
    except BaseException:
        message = "?"
    return {"type": type(error).__name__, "message": message, "line": line, "function": function}


def rendered_line(filename: str, number: int, code: str, root: str) -> list:
    """``[fichier, numéro, texte]`` d'une ligne du rendu, ou ``[notebook, numéro, texte,
    cellule]`` pour une ligne d'un notebook."""
    name, line, cell = rescue.place(filename, number, root)
    return [name, line, code] if cell is None else [name, line, code, cell]


# Les réponses de la référence calculées ici, sans relais (``Worker.make_stub``) : de
# simples lectures qu'une inondation appelle des milliers de fois (le balayage du sujet,
# avec is_move_ok pour chaque voisine : plus de 150 000 fois sur 50×20). Seulement quand
# le juge en accepterait le relais (``Worker.lent``, envoyé avec chaque requête) : jamais
# pendant la notation de la fonction elle-même, ni de celles qu'elle appelle. None : une
# grille ou des coordonnées hors des formes du contrat, que le relais porte au juge.


def lend_is_coord_ok(x, y, width, height) -> bool:
    return 0 <= x < width and 0 <= y < height


# Elle répond à tout appel (rien n'est relayé) : quand le juge la prête, elle prend
# elle-même la place de is_coord_ok, sans remplaçant devant elle (``install_stubs``).
# L'inondation du sujet l'appelle plus de 300 000 fois sur un grand plateau. Un appel
# qui ne suit pas ses paramètres lève la TypeError de Python, sous le nom du contrat.
lend_is_coord_ok.__name__ = lend_is_coord_ok.__qualname__ = "is_coord_ok"


def lend_is_move_ok(opened, x, y) -> bool | None:
    if type(opened) is not list or not opened or type(opened[0]) is not list:
        return None
    if type(x) is not int or type(y) is not int:
        return None
    height, width = len(opened), len(opened[0])
    if not (0 <= x < width and 0 <= y < height):
        return False
    row = opened[y]
    if type(row) is not list or len(row) != width or type(row[x]) is not bool:
        return None
    return not row[x]


LENDERS = {"is_coord_ok": lend_is_coord_ok, "is_move_ok": lend_is_move_ok}


class AuxiliaryFinder:
    """Les modules auxiliaires du rendu, importés par leur nom (``import outils``) : les
    fichiers ``.py`` et les paquets copiés à côté du fichier noté (ou dans le paquet).

    Placé en dernier dans ``sys.meta_path`` : la bibliothèque standard et le correcteur
    (le dossier de ce fichier, en tête de ``sys.path``) passent avant. Un module
    auxiliaire nommé ``random.py``, ``json.py`` ou ``rescue.py`` ne remplace donc jamais
    ce qu'importe le correcteur, ni avant que le code de l'étudiant ne tourne, ni après :
    ``import random`` donne le module de Python. Chaque module trouvé est chargé avec
    indulgence (``rescue.RescueFinder``), comme le fichier noté.
    """

    def __init__(self, folder: str, finder):
        self.folder = folder
        self.finder = finder

    def find_spec(self, fullname, path=None, target=None):
        if path is not None:  # un sous-module : cherché dans son paquet (RescueFinder)
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, [self.folder])
        origin = getattr(spec, "origin", None)
        if not (isinstance(origin, str) and origin.endswith(".py")):
            return None
        spec.loader = self.finder.loader(fullname, origin)
        return spec


class Worker:
    def __init__(self, channel_in, channel_out, config: dict):
        self.channel_in = channel_in
        self.channel_out = channel_out
        self.root = config["root"]
        # Les modules d'un paquet qui définissent des fonctions du contrat, dans l'ordre
        # où les prendre (``take_from_modules``), choisis par le juge (``locate.py``).
        self.modules: list[str] = [m for m in config.get("modules", []) if type(m) is str]
        self.output_limit = config["output_limit"]
        # Les fonctions du contrat et leurs paramètres, envoyés par le juge (contract.py).
        self.contract: dict[str, list[str]] = config["contract"]
        self.module = None
        # ((nombre de modules importés, module noté), espaces de noms de la soumission) :
        # voir ``submission_namespaces``.
        self.namespaces: tuple[tuple, list[dict]] = ((), [])
        self.functions: dict[str, object] = {}
        self.output: CappedText | None = None
        self.graded: str | None = None
        # Les fonctions dont le juge accepte le relais pendant l'appel en cours (LENDERS).
        self.lent: frozenset[str] = frozenset()
        # Les fonctions notées qui ont re-semé le générateur global de random pendant un de
        # leurs appels (watch_reseeding) : une fois vu, c'est dit à chaque appel suivant.
        self.reseeded = False
        self.reseeders: set[str] = set()
        watch_reseeding(self)
        # L'invite de l'input() en cours, (début, fin) dans le texte affiché (watch_prompts).
        self.prompt: tuple[int, int] | None = None
        watch_prompts(self)
        self.encoder = Encoder()
        self.stubs = {name: self.make_stub(name) for name in self.contract}
        self.request_number = 0
        # Les lignes d'entrée de l'appel en cours, envoyées avec la demande, et la suivante
        # à lire ; les lectures faites sur place, pas encore dites au juge (ask_line).
        self.pending: list[str] = []
        self.cursor = 0
        self.local_reads: list[list[int]] = []

    # -- dialogue avec le juge ---------------------------------------------
    def send(self, message: dict):
        message["n"] = self.request_number  # le numéro de la demande à laquelle on répond
        self.channel_out.write(json.dumps(message) + "\n")  # ASCII : même un texte mal formé passe
        self.channel_out.flush()

    def receive(self) -> dict:
        line = self.channel_in.readline()
        if not line:
            os._exit(0)
        return json.loads(line)

    def new_output(self) -> str:
        return self.output.take_new() if self.output is not None else ""

    def with_reads(self, message: dict) -> dict:
        """Le message, avec le texte affiché depuis le précédent et les lectures faites sur
        place entre les deux (``ask_line``)."""
        message["out"] = self.new_output()
        message["reads"], self.local_reads = self.local_reads, []
        return message

    def ask_line(self) -> str | None:
        """Une ligne d'entrée (None : l'entrée est finie).

        Les lignes envoyées avec la demande sont lues sur place, chaque lecture notée
        (``local_reads`` : où elle tombe dans le texte pas encore envoyé, et la longueur de
        son invite) et dite au juge avec le message suivant (:meth:`with_reads`) : une
        conversation par ligne lue coûtait la moitié des messages d'une notation. Au-delà,
        la ligne est demandée au juge, qui dit la fin de l'entrée ; si elle est lue par
        ``input()``, la longueur de son invite, qui finit le texte envoyé."""
        prompt, output = self.prompt, self.output
        prompt_length = 0
        if prompt is not None and output is not None and prompt[1] == output.size:
            prompt_length = prompt[1] - prompt[0]
        if self.cursor < len(self.pending):
            line = self.pending[self.cursor]
            self.cursor += 1
            self.local_reads.append([output.unsent if output is not None else 0, prompt_length])
            return line
        message = self.with_reads({"read": True})
        if prompt_length:
            message["prompt"] = prompt_length
        self.send(message)
        reply = self.receive()
        if reply.get("stop") is True:
            raise CallStopped
        return reply.get("line")

    # -- chargement ----------------------------------------------------------
    def load(self, kind: str, path: str, definitions_only: bool) -> dict:
        """Charge le rendu, malgré ce qui le ferait échouer (``rescue.py``).

        Avec ``definitions_only`` (quand un premier chargement ne s'est pas terminé),
        seules les définitions du module sont exécutées. Chaque module du rendu qu'il
        importe (un module d'un paquet, un module auxiliaire à côté du fichier noté) est
        chargé de la même façon. Une fonction du contrat que le ``__init__.py`` d'un paquet
        n'expose pas est prise dans les modules du paquet qui la définissent
        (``self.modules``, choisis et rangés par le juge) : ``taken`` dit lesquels.
        """
        output = CappedText(self.output_limit)
        stdin = ScriptedInput()
        use_streams(stdin, output, CappedText(self.output_limit))
        error = None
        report = rescue.LoadReport()
        taken: dict[str, list[str]] = {}
        # Les modules du rendu, chargés avec indulgence à leur import (le correcteur et la
        # bibliothèque standard sont déjà importés, ou passent avant : ``AuxiliaryFinder``).
        finder = rescue.RescueFinder(self.root, report, definitions_only)
        finder.install()
        sys.meta_path.append(AuxiliaryFinder(self.root, finder))
        try:
            if kind == "file":
                module = types.ModuleType("soumission")
                module.__file__ = path
                sys.modules["soumission"] = module
                self.module = module
                report.extend(
                    rescue.load_file(path, module.__dict__, definitions_only=definitions_only)
                )
            else:
                init = os.path.join(path, "__init__.py")
                spec = importlib.util.spec_from_file_location(
                    "tp_demineur",
                    init,
                    submodule_search_locations=[path],
                    loader=finder.loader("tp_demineur", init),
                )
                module = importlib.util.module_from_spec(spec)
                sys.modules["tp_demineur"] = module
                self.module = module
                spec.loader.exec_module(module)
        except BaseException as exception:
            error = describe_exception(exception, self.root)
        try:
            if self.module is not None:
                for name in self.contract:
                    value = self.module.__dict__.get(name)
                    if callable(value):
                        self.functions[name] = value
            if kind == "package":
                taken = self.take_from_modules()
        except BaseException as exception:
            error = error or describe_exception(exception, self.root)
        finally:
            restore_streams()
        return {
            "ready": True,
            "functions": sorted(self.functions),
            "error": error,
            "read_input": stdin.reads > 0,
            "out": output.getvalue()[:2000],
            "taken": taken,
            **report.as_dict(),
        }

    def take_from_modules(self) -> dict[str, list[str]]:
        """Les fonctions du contrat que le ``__init__.py`` n'expose pas, prises dans les
        modules du paquet qui les définissent, dans l'ordre du juge ; renvoie, par fichier
        (relatif au paquet), les fonctions prises. Un module qui ne s'importe pas est
        passé."""
        taken: dict[str, list[str]] = {}
        for name in self.modules:
            missing = [f for f in self.contract if f not in self.functions]
            if not missing:
                break
            try:
                space = vars(importlib.import_module("tp_demineur." + name))
                found = [f for f in missing if callable(space.get(f))]
                self.functions.update((f, space[f]) for f in found)
            except BaseException:
                continue
            if found:
                taken[name.replace(".", "/") + ".py"] = found
        return taken

    def submission_namespaces(self) -> list[dict]:
        """Les espaces de noms de tous les modules chargés depuis la soumission ; relus
        quand le nombre de modules importés change (un appel en importe rarement)."""
        key = (len(sys.modules), id(self.module))
        if self.namespaces[0] == key:
            return self.namespaces[1]
        spaces = []
        for module in list(sys.modules.values()):
            filename = getattr(module, "__file__", None)
            if isinstance(filename, str) and filename.startswith(self.root):
                spaces.append(module.__dict__)
        if self.module is not None and self.module.__dict__ not in spaces:
            spaces.append(self.module.__dict__)
        self.namespaces = (key, spaces)
        return spaces

    # -- relais vers la référence ---------------------------------------------
    def make_stub(self, name: str):
        worker = self
        params = self.contract[name]
        arity = len(params)
        lender = LENDERS.get(name)

        def stub(*args, **kwargs):
            if kwargs or len(args) != arity:
                bound = worker.bind(name, args, kwargs)
                if bound is None:
                    raise TypeError(f"{name}() attend les paramètres ({', '.join(params)})")
                args = tuple(bound)
            if lender is not None and name in worker.lent:
                answer = lender(*args)
                if answer is not None:
                    return answer
            return worker.relay(name, args)

        stub.__name__ = stub.__qualname__ = name
        stub.__doc__ = "Fonction de référence, prêtée pendant la notation d'une autre fonction."
        return stub

    def bind(self, name: str, args: tuple, kwargs: dict) -> list | None:
        """Les arguments d'un appel de ``name``, dans l'ordre des paramètres du contrat
        (passés par position ou par leur nom), ou None s'ils n'y correspondent pas."""
        params = self.contract[name]
        if not kwargs:
            return list(args) if len(args) == len(params) else None
        rest = params[len(args) :]
        if len(args) > len(params) or set(kwargs) != set(rest):
            return None
        return [*args, *(kwargs[param] for param in rest)]

    def relay(self, name: str, args: tuple):
        """``name(*args)`` exécutée par la référence, chez le juge (``args`` : dans l'ordre
        des paramètres du contrat, ``bind``)."""
        if name == "nb_adjacent_mines" and self.graded != name:
            count = self.encoder.known_count(*args)
            if count is not None:
                return count
        if name == "is_finished":
            answer = self.encoder.known_finished(*args)
            if answer is not None:
                return answer
        self.send(
            self.with_reads(
                {"rpc": name, "args": [self.encoder.encode_argument(arg) for arg in args]}
            )
        )
        reply = self.receive()
        cursor = reply.get("cursor")
        if type(cursor) is int and self.cursor <= cursor <= len(self.pending):
            self.cursor = cursor  # les lignes lues par la référence pendant le relais
        afters = reply.get("args", [])
        for arg, after in zip(args, afters):
            if after is not None:
                self.encoder.forget(arg)
            write_back(arg, after)
        if "table" in reply and id(args[0]) in self.encoder.sent:
            self.encoder.tables[id(args[0])] = reply["table"]
        if name == "play_turn":
            opened_after = afters[2] if len(afters) == len(args) else None
            self.encoder.remember_finished(args[0], args[2], opened_after, reply.get("finished"))
        if reply.get("stop") is True:
            raise CallStopped
        if reply.get("raise") == "EOFError":
            raise EOFError
        if reply.get("raise"):
            raise RuntimeError(reply["raise"])
        return decode(reply.get("ret"))

    def install_stubs(self, graded: str) -> list:
        stubs = dict(self.stubs)
        if "is_coord_ok" in self.lent:
            stubs["is_coord_ok"] = lend_is_coord_ok
        saved = []
        for space in self.submission_namespaces():
            for name in self.contract:
                if name != graded:
                    saved.append((space, name, space.get(name, saved)))
                    space[name] = stubs[name]
        return saved

    @staticmethod
    def remove_stubs(saved: list):
        for space, name, value in reversed(saved):
            if value is saved:
                space.pop(name, None)
            else:
                space[name] = value

    # -- appel d'une fonction -------------------------------------------------
    def call(self, request: dict, remote_input: bool) -> dict:
        name = request["func"]
        function = self.functions[name]
        args = [decode(arg) for arg in request["args"]]
        self.encoder = Encoder()
        for arg in args:
            self.encoder.encode(arg)  # numérote les grilles reçues (le juge refait ce calcul)
        self.output = output = CappedText(self.output_limit)
        stdin = ScriptedInput(self.ask_line if remote_input else None)
        lines = request.get("lines")
        self.pending = [str(line) for line in lines] if type(lines) is list else []
        self.cursor = 0
        self.local_reads = []
        if request.get("seed") is not None:
            random.seed(request["seed"])
        self.graded = name
        saved = self.install_stubs(name) if request.get("stubs") else []
        errors = CappedText(self.output_limit)  # pas lu : seule la taille est dite au juge
        use_streams(stdin, output, errors)
        value, error = self.invoke(function, args)
        self.remove_stubs(saved)
        try:
            encoded_value = self.encoder.encode(value)
            encoded_args = [self.encoder.encode(arg) for arg in args]
        except BaseException as exception:
            if error is None:
                error = describe_exception(exception, self.root)
            encoded_value, encoded_args = None, [None] * len(args)
        self.output = None
        reads, self.local_reads = self.local_reads, []
        return {
            "done": True,
            "ret": encoded_value,
            "args": encoded_args,
            "error": error,
            "out": output.take_new(),
            "reads": reads,
            "overflow": output.overflow,
            "stderr": errors.size > 0,
            "reseeded": name in self.reseeders,
        }

    def invoke(self, function, args: list) -> tuple[object, dict | None]:
        """Appelle une fonction du rendu : (valeur, None), ou (None, l'exception décrite) ;
        les flux standard sont rendus à Python après l'appel, quoi qu'il arrive."""
        self.reseeded = False
        try:
            return function(*args), None
        except BaseException as exception:
            return None, describe_exception(exception, self.root)
        finally:
            if self.reseeded:
                self.reseeders.add(self.graded)
            restore_streams()

    def run_cases(self, request: dict) -> dict:
        """Une fonction qui ne lit rien au clavier, appelée sur une liste d'entrées.

        Chaque cas reçoit les arguments ``args``, où les valeurs du cas prennent les
        places ``positions`` ; pour chacun, la valeur renvoyée, l'exception, et si les
        arguments ont changé (ils sont alors décodés à neuf pour le cas suivant). Le
        juge revérifie par un appel seul tout cas qui rate.
        """
        name = request["func"]
        function = self.functions[name]
        positions = request["positions"]
        self.graded = name
        self.encoder = Encoder()  # rien d'un appel précédent ne sert à celui-ci
        saved = self.install_stubs(name) if request.get("stubs") else []
        pristine = [decode(arg) for arg in request["args"]]  # jamais passés à la fonction
        args = [decode(arg) for arg in request["args"]]
        results = []
        try:
            for values in request["cases"]:
                expected_args = list(pristine)
                for position, value in zip(positions, values):
                    if type(value) is list:  # une copie : une grille changée se voit
                        args[position], expected_args[position] = decode(value), decode(value)
                    else:
                        args[position] = expected_args[position] = value
                output = CappedText(self.output_limit)
                use_streams(ScriptedInput(None), output, output)
                value, error = self.invoke(function, list(args))
                if type(value) not in SIMPLE:
                    try:
                        value = Encoder().encode(value)
                    except BaseException as exception:
                        error, value = error or describe_exception(exception, self.root), None
                changed = not strictly_equal(args, expected_args)
                if changed:
                    args = [decode(arg) for arg in request["args"]]
                results.append([value, error, changed])
        finally:
            self.remove_stubs(saved)
        return {"done": True, "cases": results}

    def run_draws(self, request: dict) -> dict:
        """Une fonction qui ne lit rien au clavier, appelée une fois par graine
        (``random.seed``), chaque fois sur des arguments neufs.

        Pour chaque tirage qui laisse, en premier argument, une grille de booléens de la
        forme reçue : ses cases en une chaîne de « 0 » et de « 1 », ligne après ligne
        (``mine_string``). La série s'arrête au premier tirage qui lève une exception ou
        laisse autre chose (``last``) : None, que le juge refait seul, ou la grille
        laissée, de booléens mais d'une autre forme, que le retour montre.
        """
        name = request["func"]
        function = self.functions[name]
        self.graded = name
        self.encoder = Encoder()
        shape = tuple(map(len, decode(request["args"][0])))  # la grille reçue, du juge
        saved = self.install_stubs(name) if request.get("stubs") else []
        mines, reply = [], {"done": True}
        try:
            for seed in request["seeds"]:
                args = [decode(arg) for arg in request["args"]]
                random.seed(seed)
                output = CappedText(self.output_limit)
                use_streams(ScriptedInput(None), output, output)
                _, error = self.invoke(function, args)
                grid = args[0]
                if error is not None or not bool_grid(grid):
                    reply["last"] = None
                    break
                if tuple(map(len, grid)) != shape:
                    reply["last"] = [list(row) for row in grid]  # telle qu'à la fin de l'appel
                    break
                mines.append(mine_string(grid))
        finally:
            self.remove_stubs(saved)
        reply["mines"] = mines
        return reply

    def serve(self):
        while True:
            request = self.receive()
            self.request_number = request.get("n", 0)
            # Ce que le juge permet de calculer sans relais pendant cette requête (LENDERS) :
            # rien, sans les fonctions de référence prêtées.
            lent = request.get("lent") if request.get("stubs") else None
            self.lent = frozenset(lent) if type(lent) is list else frozenset()
            if request.get("op") == "call":
                self.send(self.call(request, remote_input=True))
            elif request.get("op") == "draws":
                self.send(self.run_draws(request))
            elif request.get("op") == "cases":
                self.send(self.run_cases(request))
            else:
                self.send({"done": True, "error": {"type": "Protocole", "message": "?"}})


def grading_folders(root: str) -> list[str]:
    """Les dossiers de la notation, que les messages ne nomment jamais (``rescue.FOLDERS``) :
    celui du rendu (``root``) et son parent, celui du correcteur, le dossier de travail,
    et le dossier qui les contient tous (« /sandbox » dans le bac à sable de bubblewrap,
    le dossier jetable de la notation ailleurs)."""
    folders = [
        root,
        os.path.dirname(root.rstrip("/")),
        os.path.dirname(os.path.abspath(__file__)),
        os.getcwd(),
    ]
    folders.append(os.path.commonpath(folders))
    return [folder.rstrip("/") + "/" for folder in folders if folder.strip("/")]


def main():
    channel_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
    channel_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)
    os.dup2(quiet, 1)
    config = json.loads(channel_in.readline())
    import lockdown  # copié à côté de ce fichier (pas d'import relatif : c'est un script)

    # Une inondation récursive sur 50×20 cases descend jusqu'à 1 000 appels.
    sys.setrecursionlimit(config["recursion_limit"])
    sys.dont_write_bytecode = True
    rescue.FOLDERS[:] = grading_folders(config["root"])
    worker = Worker(channel_in, channel_out, config)
    # Le seul message écrit avant que du code de l'étudiant ne tourne.
    locked = lockdown.lock(config)
    worker.send({"locked": locked})
    if locked.get("refused"):
        return  # l'isolation demandée manque : aucun code de l'étudiant ne tourne
    worker.send(worker.load(config["kind"], config["path"], config["definitions_only"]))
    worker.serve()


if __name__ == "__main__":
    main()
