"""Le générateur du kit étudiant : ce qu'écrit ``python tests/tools/build_kit.py DEST``.

Un outil du dépôt, pas du paquet installé : le kit se construit à partir du
correcteur (``tests/``), du sujet (``sujet/``) et de la référence
(``tp_demineur/tp.py``), que seul le dépôt contient. Il écrit dans DEST :

- ``tp_demineur/tp.py`` : la solution de référence, coupée aux marques
  ``# BEGIN SOLUTION`` / ``# END SOLUTION``. Un bloc marqué à l'intérieur d'une
  fonction devient ``raise NotImplementedError("<nom> : à écrire (question Qn)")`` ;
  un bloc marqué en colonne 0 (une fonction auxiliaire entière) disparaît.
  Signatures, annotations, documentations, constantes et commentaires de
  section restent ;
- ``tp_demineur/__init__.py`` (tiré de celui de la référence),
  ``tp_demineur/__main__.py`` (le jeu de l'étudiant), ``tp_demineur/terminal.py`` et
  ``tp_demineur/python_version.py`` (la version de Python qu'il faut, vérifiée d'abord) ;
- ``tests/`` : le correcteur sans solution ni oracle (ni ``expected.py``, ni
  ``strategies.py``), réglé en mode kit, parso (``tests/parso/``, en Python pur :
  ``classroom/packaging.py``), et les cas publics
  ``tests/cas_publics.json`` : un test du kit par test noté du dépôt, avec les cas
  que ce test marque publics (``grading/publics.py``) et les résultats que ses
  oracles attendent, calculés ici en lançant le test noté lui-même ;
- ``sujet/sujet.md``, ``README.md`` (pour l'étudiant), ``pytest.ini`` et ``conftest.py``.

Ce que le kit écrit et qui ne dépend de rien est un vrai fichier du dépôt, sous
``tests/data/kit/`` (passé à ruff comme le reste) : le générateur ne remplit que ce qui
varie (les questions du ``__main__.py``, la documentation du ``conftest.py``).

Les cas publics sont écrits dans les tests notés (ou tirés d'une graine fixe) :
deux constructions donnent exactement le même kit.
"""

import ast
import importlib
import io
import json
import random
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

from classroom.packaging import PackagingError, carried_files
from classroom.rubric import CollectionError, collect_graded_tests
from grading import (
    contract,
    mark_scheme,
    publics,
    relay,
    scoring,
    set_aside,
    standins,
)
from grading.checks import q5_neighbours
from grading.limits import Limits

TESTS = Path(__file__).resolve().parents[1]
GRADING = TESTS / "grading"
# Le dossier des modèles : les fichiers du kit tels quels, à leur place dans le kit.
TEMPLATES = TESTS / "data" / "kit"

BEGIN = "# BEGIN SOLUTION"
END = "# END SOLUTION"

# Les fichiers du correcteur qui vont dans le kit (ni expected.py, ni strategies.py).
GRADING_FILES = [
    "__init__.py",
    "contract.py",
    "judge.py",
    "calls.py",
    "loading.py",
    "limits.py",
    "locate.py",
    "set_aside.py",
    "private_copy.py",
    "sandbox.py",
    "channel.py",
    "wire.py",
    "relay.py",
    "worker.py",
    "lockdown.py",
    "landlock.py",
    "rescue.py",
    "python_messages.py",
    "cells.py",
    "safe_text.py",
    "standins.py",
    *(f"checks/{path.name}" for path in sorted((GRADING / "checks").glob("*.py"))),
    "faults.py",
    "boards.py",
    "stats.py",
    "scoring.py",
    "mark_scheme.py",
    "secret.py",
]
TEST_FILES = ["options.py"]
# Ce que le kit écrit dans DEST (et ce que --force remplace).
KIT_ENTRIES = ["tp_demineur", "tests", "sujet", "README.md", "pytest.ini", "conftest.py"]
KIT_GRADING_DOC = (
    "Le correcteur du TP démineur, tel que le kit l'emporte : il lance les cas publics "
    "(cas_publics.json)\nsur votre code, dans un processus à part."
)
# Les modèles copiés tels quels (chemin dans le kit = chemin sous tests/data/kit/).
COPIED_TEMPLATES = ["README.md", "pytest.ini", "conftest.py", "tests/test_publics.py"]
# Les modules du paquet de référence copiés tels quels dans le tp_demineur/ du kit.
PACKAGE_FILES = ["terminal.py", "python_version.py"]
# Les modules du paquet de référence copiés aussi dans le tests/ du kit (son conftest.py les
# importe sans importer le paquet de l'étudiant, qui peut ne pas se charger).
TESTS_PACKAGE_FILES = ["terminal.py"]
# Les modules du correcteur copiés aussi dans le tp_demineur/ du kit (le jeu s'en sert).
PACKAGE_GRADING_FILES = ["python_messages.py"]


class KitError(Exception):
    """Le kit ne peut pas être construit ; le message est en français."""


# ---------------------------------------------------------------------------
# tp.py : la référence, coupée aux marques
# ---------------------------------------------------------------------------

STUDENT_NOTE = """\
Écrivez le corps de chaque fonction à la place de ``raise NotImplementedError``.
Vous pouvez ajouter vos propres fonctions auxiliaires, mais ne changez ni le nom
ni les paramètres des fonctions demandées."""


def enclosing_functions(tree: ast.Module) -> list[tuple[int, int, str]]:
    """(première ligne, dernière ligne, nom) de chaque fonction du module."""
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            spans.append((node.lineno, node.end_lineno or node.lineno, node.name))
    return spans


def function_at(spans: list[tuple[int, int, str]], number: int) -> str | None:
    """La fonction la plus intérieure qui contient la ligne ``number`` (comptée à partir de 1)."""
    inside = [(first, name) for first, last, name in spans if first <= number <= last]
    return max(inside)[1] if inside else None


def strip_solutions(source: str, questions: dict[str, str]) -> str:
    """Le module de référence, chaque bloc de solution remplacé ou retiré."""
    tree = ast.parse(source)
    spans = enclosing_functions(tree)
    lines = source.splitlines()
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.strip() == END:
            raise KitError(f"tp.py, ligne {index + 1} : « {END} » sans « {BEGIN} » avant")
        if line.strip() != BEGIN:
            out.append(line)
            index += 1
            continue
        start = index
        index += 1
        while index < len(lines) and lines[index].strip() != END:
            if lines[index].strip() == BEGIN:
                raise KitError(f"tp.py, ligne {index + 1} : « {BEGIN} » dans un bloc déjà ouvert")
            index += 1
        if index == len(lines):
            raise KitError(f"tp.py, ligne {start + 1} : « {BEGIN} » sans « {END} »")
        indent = line[: len(line) - len(line.lstrip())]
        if indent:
            name = function_at(spans, start + 1)
            if name is None:
                raise KitError(f"tp.py, ligne {start + 1} : bloc de solution hors d'une fonction")
            question = questions.get(name)
            where = f" (question {question})" if question else ""
            out.append(f'{indent}raise NotImplementedError("{name} : à écrire{where}")')
        index += 1  # la ligne END
    text = "\n".join(out)
    text = re.sub(r"\n{4,}", "\n\n\n", text)  # au plus deux lignes vides de suite
    return add_student_note(text.rstrip("\n") + "\n", source, questions)


def add_student_note(text: str, reference: str, questions: dict[str, str]) -> str:
    """La consigne dans la documentation du module, et les imports devenus inutilisés."""
    tree = ast.parse(text)
    doc = tree.body[0] if tree.body else None
    if not (
        isinstance(doc, ast.Expr)
        and isinstance(doc.value, ast.Constant)
        and isinstance(doc.value.value, str)
    ):
        raise KitError("tp.py n'a pas de documentation de module")
    lines = text.splitlines()
    first = doc.lineno - 1
    if doc.end_lineno == doc.lineno:
        raise KitError("la documentation de tp.py doit tenir sur plusieurs lignes")
    lines[first + 1 : first + 1] = ["", *STUDENT_NOTE.splitlines()]
    text = "\n".join(lines) + "\n"
    return mark_unused_imports(text, reference, questions)


def mark_unused_imports(text: str, reference: str, questions: dict[str, str]) -> str:
    """Un import que seules les solutions utilisaient reste, avec un mot pour l'étudiant.

    Par exemple ``import random`` : il servira à ``initialise_mines``.
    """
    tree = ast.parse(text)
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    ref_tree = ast.parse(reference)
    users: dict[str, list[str]] = {}
    for node in ref_tree.body:
        if isinstance(node, ast.FunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Name) and node.name in questions:
                    users.setdefault(inner.id, [])
                    if node.name not in users[inner.id]:
                        users[inner.id].append(node.name)
    lines = text.splitlines()
    for node in reversed(tree.body):
        if not isinstance(node, ast.Import) or len(node.names) != 1:
            continue
        alias = node.names[0]
        name = alias.asname or alias.name.split(".")[0]
        if name in used:
            continue
        number = node.lineno - 1
        lines[number] += "  # noqa: F401"
        functions = users.get(name, [])
        if functions:
            listed = ", ".join(f"{f} ({questions[f]})" for f in functions)
            lines.insert(number, f"# Le module {name} vous servira pour : {listed}.")
    return "\n".join(lines) + "\n"


def student_init(reference_init: str, kit_tp: str) -> str:
    """``__init__.py`` du kit : les imports de la référence que le kit définit."""
    defined = {node.name for node in ast.parse(kit_tp).body if isinstance(node, ast.FunctionDef)}
    names: list[str] = []
    for node in ast.parse(reference_init).body:
        if isinstance(node, ast.ImportFrom) and node.module == "tp" and node.level == 1:
            names += [alias.name for alias in node.names if alias.name in defined]
    listed = "".join(f"    {name},\n" for name in sorted(names))
    exported = "".join(f'    "{name}",\n' for name in names_in_order(kit_tp, names))
    return (
        '"""tp_demineur : votre TP démineur.\n\n'
        "Vos fonctions s'écrivent dans :mod:`tp_demineur.tp` ; ce fichier les rend\n"
        "disponibles depuis le paquet (``from tp_demineur import compute_neigh``).\n"
        "Le correcteur les cherche ici : n'y touchez pas.\n"
        '"""\n\n'
        "import os\nimport sys\n\n"
        'if sys.argv[:1] == ["-m"]:  # python -m tp_demineur (le jeu), pas un test\n'
        "    from .python_version import require_python\n\n"
        "    # D'abord : sur un Python trop ancien, un message en français et rien d'autre.\n"
        "    require_python()\n\n"
        "    from .python_messages import stop_on_syntax_error\n\n"
        "    # Une erreur de syntaxe dans tp.py, expliquée en français plutôt qu'une trace.\n"
        '    stop_on_syntax_error(os.path.join(os.path.dirname(__file__), "tp.py"))\n\n'
        f"from .tp import (\n{listed})\n\n"
        f"__all__ = [\n{exported}]\n"
    )


def names_in_order(module_source: str, names: list[str]) -> list[str]:
    """Les noms, dans l'ordre où le module les définit."""
    order = [n.name for n in ast.parse(module_source).body if isinstance(n, ast.FunctionDef)]
    return sorted(names, key=order.index)


def student_main(template: str, questions: dict[str, str], recursion: int) -> str:
    """Le ``__main__.py`` du kit : le modèle, avec la question de chaque fonction et la
    profondeur d'appels que le correcteur permet (``Limits.recursion``)."""
    listed = "".join(f'    "{name}": "{q}",\n' for name, q in questions.items())
    text, count = re.subn(
        r"^QUESTIONS: dict\[str, str\] = \{\}$",
        lambda _: "QUESTIONS: dict[str, str] = {\n" + listed + "}",
        template,
        flags=re.MULTILINE,
    )
    if count != 1:
        raise KitError("le modèle du __main__.py doit contenir « QUESTIONS: dict[str, str] = {} »")
    text, count = re.subn(
        r"^RECURSION_LIMIT = 0$", f"RECURSION_LIMIT = {recursion}", text, flags=re.MULTILINE
    )
    if count != 1:
        raise KitError("le modèle du __main__.py doit contenir « RECURSION_LIMIT = 0 »")
    return text


# ---------------------------------------------------------------------------
# Les tests du kit
# ---------------------------------------------------------------------------


def replace_docstring(source: str, docstring: str) -> str:
    """Le module, avec une autre documentation de module."""
    tree = ast.parse(source)
    doc = tree.body[0]
    if not (isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant)):
        raise KitError("le module n'a pas de documentation à remplacer")
    lines = source.splitlines()
    return "\n".join([docstring, *lines[doc.end_lineno :]]) + "\n"


def kit_config(source: str) -> str:
    text, count = re.subn(r"^KIT = False$", "KIT = True", source, flags=re.MULTILINE)
    if count != 1:
        raise KitError("tests/grading/config.py doit contenir une ligne « KIT = False »")
    text = text.replace(
        "# False chez l'enseignant : la solution de référence est là, et sert d'arbitre.",
        "# True dans le kit : pas de solution de référence ; vos fonctions appellent les vôtres.",
    )
    return text


# ---------------------------------------------------------------------------
# Les cas publics, déclarés à côté des tests notés (grading/publics.py)
# ---------------------------------------------------------------------------


class RecordingChecks:
    """Prend la place du module des vérifications d'un test (``checks``, l'un des modules
    de ``grading/checks/``) : note chaque vérification demandée, par son nom complet dans
    le paquet (``q7_move.ask_move_rejects_bad_lines``)."""

    def __init__(self, module: ModuleType):
        self.module = module
        self.calls: list[dict] = []

    def __getattr__(self, name: str):
        if not hasattr(self.module, name):
            raise AttributeError(name)
        check = f"{self.module.__name__.rpartition('.')[2]}.{name}"

        def record(sub, case, expected=None):
            self.calls.append({"check": check, "case": case, "expected": expected})

        return record


def check_function(check: str):
    """La vérification nommée ``module.nom`` dans ``grading/checks/`` (cas_publics.json)."""
    module, _, name = check.partition(".")
    return getattr(importlib.import_module(f"grading.checks.{module}"), name)


def run_public(item, kwargs: dict) -> list[dict]:
    """Le test noté, lancé sur un cas public : chaque vérification qu'il demande (une, ou
    plusieurs quand le test en enchaîne, comme les six plateaux de l'uniformité), avec
    son cas et son résultat attendu."""
    function = item.obj
    inner = getattr(getattr(function, "hypothesis", None), "inner_test", function)
    callspec = getattr(item, "callspec", None)
    params = dict(callspec.params) if callspec is not None else {}
    module = item.module
    saved = module.checks
    recorder = RecordingChecks(saved)
    module.checks = recorder
    try:
        inner(sub=None, **params, **kwargs)
    finally:
        module.checks = saved
    if not recorder.calls:
        raise KitError(f"{item.nodeid} : une vérification checks.* attendue par cas public")
    # Un aller et retour en JSON : le kit lit exactement ce que le fichier contient.
    return json.loads(json.dumps(recorder.calls, ensure_ascii=False))


def public_cases(tests_dir: Path, questions: dict[str, str]) -> list[dict]:
    """Un test du kit par test noté du dépôt : son nom, sa fonction, sa ligne au barème, ses
    cas publics.

    Chaque test du kit a la ligne au barème (et donc les points) de son test noté, et
    rate si l'un de ses cas rate : une fonction qui rate un cas public perd dans le kit
    ce que le correcteur de l'enseignant lui retire pour ce test.
    """
    try:
        items = collect_graded_tests(tests_dir)
    except CollectionError as error:
        raise KitError(str(error)) from None
    if not items:
        raise KitError("aucun test noté (@pytest.mark.question) dans tests/graded/test_q*.py")
    entries = []
    without = []
    for item in items:
        markers = list(item.iter_markers(publics.MARKER))
        markers.reverse()  # dans l'ordre où le fichier les écrit, de haut en bas
        if not markers:
            without.append(item.nodeid)
            continue
        examples = [e.kwargs for e in getattr(item.obj, "hypothesis_explicit_examples", [])]
        if any(marker.kwargs and dict(marker.kwargs) not in examples for marker in markers):
            # Un cas public que le correcteur ne vérifierait pas : le kit pourrait retirer
            # des points que l'enseignant ne retire pas.
            raise KitError(
                f"{item.nodeid} : un cas public doit être un exemple du test noté "
                "(@public_example), que le correcteur de l'enseignant vérifie aussi"
            )
        function = item.get_closest_marker("question").args[0]
        entries.append(
            {
                "id": item.name.removeprefix("test_"),
                "function": function,
                "question": questions[function],
                "source": item.nodeid.rsplit("/", 1)[-1],
                "name": scoring.test_name(item),
                "ligne": scoring.test_line(item),
                "cases": [
                    check for marker in markers for check in run_public(item, dict(marker.kwargs))
                ],
            }
        )
    if without:
        raise KitError("ces tests notés n'ont pas de cas public : " + ", ".join(without))
    order = list(questions)
    entries.sort(key=lambda entry: order.index(entry["function"]))
    return entries


# ---------------------------------------------------------------------------
# Les remplaçants : les réponses des appels que les cas publics demandent
# ---------------------------------------------------------------------------


class Recorder:
    """Fait jouer la référence sur les cas publics et note chaque appel d'une fonction
    du contrat : ses arguments, l'entrée qui restait, sa réponse (``standins.answer_of``)."""

    def __init__(self, reference: ModuleType):
        self.reference = reference
        # Les appels du sujet (``table``), puis ceux d'à côté (``aside``, voir ``beside``) :
        # les remplaçants connaissent les deux, mais ne comparent un appel inconnu qu'aux
        # premiers.
        self.tables: dict[str, dict[str, dict[str, dict[str, dict]]]] = {"table": {}, "aside": {}}
        self.current = "table"
        self.conflicts: set[tuple[str, str, str, str]] = set()
        self.seed = 0
        # Le premier appel de chaque fonction pendant le dernier ``play`` (ses arguments à ce
        # moment, les lignes qui restaient) : les appels de main, rejoués à côté.
        self.first_calls: dict[str, tuple[list, list[str]]] = {}

    @property
    def table(self) -> dict[str, dict[str, dict[str, dict]]]:
        return self.tables["table"]

    def note(self, name: str, key: tuple[str, str], answer: dict) -> None:
        grids, others = key
        known = self.tables[self.current].setdefault(name, {}).setdefault(grids, {})
        if others in known and known[others] != answer:
            self.conflicts.add((self.current, name, grids, others))
        known.setdefault(others, answer)

    def wrap(self, name: str, original):
        recorder = self

        def recording(*args):
            stdin = sys.stdin
            start = stdin.position
            key = standins.call_key(name, list(args), stdin.lines[start:])
            if name not in recorder.first_calls:
                recorder.first_calls[name] = (json.loads(json.dumps(args)), stdin.lines[start:])
            saved, buffer = sys.stdout, io.StringIO()
            state = random.getstate()
            random.seed(recorder.seed)  # comme un relais du juge (relay.serve)
            sys.stdout = buffer
            eof, ret = False, None
            try:
                ret = original(*args)
            except EOFError:
                eof = True
            finally:
                sys.stdout = saved
                random.setstate(state)
            out = buffer.getvalue()
            saved.write(out)
            # Les arguments remplis, tels que l'appel les a laissés (les autres ne servent pas).
            filled = contract.filled_positions(name)
            after = [json.loads(json.dumps(a)) if i in filled else None for i, a in enumerate(args)]
            answer = standins.answer_of(name, after, ret, out, stdin.position - start, eof)
            recorder.note(name, key, answer)
            if eof:
                raise EOFError
            return ret

        return recording

    def play(self, name: str, args: list, lines: list[str], seed: int) -> tuple[list, list[str]]:
        """Joue ``name(*args)`` avec la référence, chaque fonction du contrat enregistrée
        (sauf ``is_coord_ok``, que le processus de travail prête lui-même, sans table) ;
        renvoie les arguments après l'appel et les lignes qu'il n'a pas lues."""
        module = sys.modules[self.reference.main.__module__]
        originals = {n: getattr(module, n) for n in contract.NAMES if n != "is_coord_ok"}
        saved_stdin, saved_stdout = sys.stdin, sys.stdout
        self.seed = seed
        feeder = relay.LineFeeder(list(lines), 0)
        sys.stdin, sys.stdout = feeder, io.StringIO()
        self.first_calls = {}
        for n, function in originals.items():
            setattr(module, n, self.wrap(n, function))
        if contract.filled_positions(name):
            args = json.loads(json.dumps(args))  # elle remplit ses arguments : sur une copie
        try:
            getattr(module, name)(*args)
        except EOFError:
            pass
        finally:
            for n, function in originals.items():
                setattr(module, n, function)
            sys.stdin, sys.stdout = saved_stdin, saved_stdout
        return args, feeder.lines[feeder.position :]

    def beside(self, name: str, before: list, after: list, left: list[str], seed: int) -> None:
        """Les appels qu'un rendu fautif fait à côté de ceux du sujet, pour que le kit en
        juge comme le correcteur de l'enseignant (qui répond à tout appel permis) : une
        inondation après que play_turn a ouvert une autre case que la case choisie (un
        indice transposé, opened[x][y]) ou aucune ; un tour de plus après la fin de la
        partie, dans play_the_game ; dans main, des grilles de largeur et hauteur
        échangées, ou compute_neigh avant initialise_mines."""
        self.current = "aside"
        try:
            self.play_beside(name, before, after, left, seed)
        finally:
            self.current = "table"

    def play_beside(self, name: str, before: list, after: list, left: list[str], seed: int):
        if name == "play_turn":
            mines, neigh, opened = before
            for y, row in enumerate(opened):
                for x, is_open in enumerate(row):
                    if not is_open:
                        wrong = [list(line) for line in opened]
                        wrong[y][x] = True
                        self.play("propagate_open_cells", [mines, neigh, wrong], [], 0)
            self.play("propagate_open_cells", [mines, neigh, opened], [], 0)
        if name == "play_the_game":
            self.play("play_turn", after, left, seed)
        if name == "main":
            first = self.first_calls
            if "initialise_mines" not in first or "play_the_game" not in first:
                return
            (mines, nb_mines), _ = first["initialise_mines"]
            height, width, game_lines = len(mines), len(mines[0]), first["play_the_game"][1]
            self.main_calls(height, width, nb_mines, game_lines, seed, neigh_first=False)
            self.main_calls(width, height, nb_mines, game_lines, seed, neigh_first=True)

    def main_calls(
        self, width: int, height: int, nb_mines: int, lines: list[str], seed: int, neigh_first: bool
    ) -> None:
        """Les appels de main, sur des grilles neuves ``width`` × ``height`` : les trois
        initialisations (compute_neigh avant initialise_mines si ``neigh_first``), puis la
        partie, sur les lignes qui restaient."""
        mines = [[False] * width for _ in range(height)]
        neigh = [[0] * width for _ in range(height)]
        opened = [[False] * width for _ in range(height)]
        if neigh_first:
            neigh = self.play("compute_neigh", [mines, neigh], [], seed)[0][1]
        mines = self.play("initialise_mines", [mines, nb_mines], [], seed)[0][0]
        opened = self.play("initialise_open", [opened], [], seed)[0][0]
        if not neigh_first:
            neigh = self.play("compute_neigh", [mines, neigh], [], seed)[0][1]
        self.play("play_the_game", [mines, neigh, opened], lines, seed)

    def around(self, grids: dict[str, list]) -> None:
        """Les fonctions sans entrée, sur chaque case (et un peu au-delà) des grilles vues."""
        for mines in grids["mines"]:
            cells = [(x, y) for y in range(len(mines)) for x in range(len(mines[0]))]
            self.note_leaf("nb_adjacent_mines", mines, cells)
        for opened in grids["opened"]:
            cells = [
                (x, y) for y in range(-1, len(opened) + 1) for x in range(-1, len(opened[0]) + 1)
            ]
            self.note_leaf("is_move_ok", opened, cells)
        for mines in grids["mines"]:
            for opened in grids["opened"]:
                if len(mines) == len(opened) and len(mines[0]) == len(opened[0]):
                    self.play("is_finished", [mines, opened], [], 0)

    def note_leaf(self, name: str, grid: list, cells: list[tuple[int, int]]) -> None:
        """``name(grid, x, y)`` sur chaque case ``(x, y)``, noté comme par ``play`` : ces
        fonctions ne lisent ni n'affichent rien, ne tirent rien au hasard, ne changent pas
        la grille et n'appellent aucune fonction notée (is_coord_ok seule, que le processus
        de travail prête). La clé de la grille est calculée une fois, et non à chaque case
        (des dizaines de milliers d'appels sur les grands plateaux)."""
        function = getattr(sys.modules[self.reference.main.__module__], name)
        grids_key = standins.call_key(name, [grid, 0, 0], [])[0]
        for x, y in cells:
            answer = standins.answer_of(name, [None] * 3, function(grid, x, y), "", 0, False)
            self.note(name, (grids_key, standins.compact([x, y])), answer)


# Les balayages qui engendrent leurs plateaux de leurs seules tailles (``case["sizes"]``) :
# fonction notée → ce qui écrit ces plateaux (les grilles de mines), chez le correcteur.
SWEPT_MINES = {"compute_neigh": q5_neighbours.neigh_boards}


def calls_of(name: str, case: dict) -> list[dict]:
    """Les appels de ``name`` qu'un cas public décrit : le cas lui-même, chaque plateau de
    sa liste ``boards`` quand c'est un balayage (``{"boards": [{"mines": …, "neigh": …}]}``),
    et les plateaux qu'un balayage engendre de ses tailles (``SWEPT_MINES``).

    >>> calls_of("display_board", {"boards": [{"mines": [[True]]}], "seed": 3})
    [{'boards': [{'mines': [[True]]}], 'seed': 3}, {'mines': [[True]]}]
    """
    boards = case.get("boards")
    calls = (
        [case, *(b for b in boards if isinstance(b, dict))] if isinstance(boards, list) else [case]
    )
    if name in SWEPT_MINES and "sizes" in case:
        for mines in SWEPT_MINES[name](case):
            calls.append({"mines": mines, "neigh": [[0] * len(row) for row in mines]})
    return calls


def stand_in_table(entries: list[dict], reference: ModuleType) -> dict:
    """Les réponses que les remplaçants du kit connaissent, et qui appelle qui."""
    recorder = Recorder(reference)
    reached = relay.reached_by(reference)
    for entry in entries:
        name = entry["function"]
        params = contract.PARAMETERS[name]
        if not reached[name] - {"is_coord_ok"}:
            continue  # elle n'appelle rien que le processus de travail ne prête lui-même
        for public in entry["cases"]:
            for case in calls_of(name, public["case"]):
                if not all(param in case for param in params):
                    continue
                args = [case[param] for param in params]
                seed = case.get("seed") or 0
                after, left = recorder.play(name, args, case.get("lines", []), seed)
                recorder.beside(name, args, after, left, seed)
    seen: dict[str, list] = {"mines": [], "opened": []}
    for name, by_grids in recorder.table.items():
        for grids in by_grids:
            params = [p for p in contract.PARAMETERS[name] if p in contract.GRIDS]
            for param, grid in zip(params, json.loads(grids)):
                if param in seen and grid and isinstance(grid[0], list) and grid not in seen[param]:
                    seen[param].append(grid)
    for entry in entries:
        calls = (
            call
            for public in entry["cases"]
            for call in calls_of(entry["function"], public["case"])
        )
        for case in calls:
            for param in seen:
                grid = case.get(param)
                if isinstance(grid, list) and grid not in seen[param]:
                    seen[param].append(grid)
    recorder.around(seen)
    # is_move_ok sur chaque coup que les lignes tapées proposent, même loin du plateau.
    asked = [(c["case"].get("opened"), c["case"].get("lines")) for e in entries for c in e["cases"]]
    asked = [(opened, lines) for opened, lines in asked if opened is not None and lines]
    for grids, others in [
        (grids, others)
        for grids, by_others in recorder.table.get("ask_move", {}).items()
        for others in by_others
    ]:
        asked.append((json.loads(grids)[0], json.loads(others)[-1]))
    for opened, lines in asked:
        for line in lines:
            words = line.split()
            if len(words) == 2 and all(re.fullmatch(r"-?[0-9]+", word) for word in words):
                recorder.play("is_move_ok", [opened, int(words[0]), int(words[1])], [], 0)
    for table, name, grids, others in recorder.conflicts:
        del recorder.tables[table][name][grids][others]
    return {
        "reached": {name: sorted(callees) for name, callees in reached.items()},
        "table": recorder.table,
        "aside": recorder.tables["aside"],
    }


def standins_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def cases_json(entries: list[dict]) -> str:
    """Un cas par ligne : le fichier reste lisible et stable d'une construction à l'autre."""
    lines = [json.dumps(entry, ensure_ascii=False, separators=(",", ":")) for entry in entries]
    return "[\n" + ",\n".join(lines) + "\n]\n"


# ---------------------------------------------------------------------------
# Le README de l'étudiant
# ---------------------------------------------------------------------------

# ---------------------------------------------------------------------------
# La construction
# ---------------------------------------------------------------------------


def check_repository(root: Path) -> None:
    for name in ("tests", "sujet"):
        if not (root / name).is_dir():
            raise KitError(
                f"le dossier {name}/ est introuvable dans {root} : le kit se construit "
                "depuis le dépôt complet du TP (tp_demineur/, tests/ et sujet/)"
            )
    needed = [
        root / "tp_demineur" / "tp.py",
        root / "tp_demineur" / "__init__.py",
        root / "sujet" / "sujet.md",
        root / "tests" / "conftest.py",
        root / "tests" / "grading" / "config.py",
        root / "tests" / "grading" / "expected.py",
        TEMPLATES / "tp_demineur" / "__main__.py",
        TEMPLATES / "tests" / "conftest_doc.txt",
        *(TEMPLATES / name for name in COPIED_TEMPLATES),
        *(root / "tp_demineur" / name for name in PACKAGE_FILES),
        *(root / "tests" / name for name in TEST_FILES),
        *(root / "tests" / "grading" / name for name in GRADING_FILES),
    ]
    missing = [str(path.relative_to(root)) for path in needed if not path.is_file()]
    if missing:
        raise KitError(f"fichiers introuvables dans {root} : {', '.join(missing)}")


def prepare_destination(dest: Path, root: Path, force: bool) -> None:
    if dest.exists() and not dest.is_dir():
        raise KitError(f"{dest} existe et n'est pas un dossier")
    if dest.resolve() == root.resolve():
        raise KitError("le kit ne peut pas s'écrire à la racine du dépôt lui-même")
    if dest.is_dir() and any(dest.iterdir()):
        if not force:
            raise KitError(
                f"le dossier {dest} n'est pas vide ; choisissez un dossier vide, ou ajoutez "
                "--force pour remplacer le kit qu'il contient"
            )
        for name in KIT_ENTRIES:
            path = dest / name
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            elif path.exists() or path.is_symlink():
                path.unlink()
    dest.mkdir(parents=True, exist_ok=True)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def load_reference() -> ModuleType:
    """La solution de référence du dépôt (``tp_demineur``), qui joue les cas publics."""
    import tp_demineur

    return tp_demineur


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def game_package(root: Path, kit_tp: str) -> dict[str, str]:
    """Le jeu du kit autour du ``tp.py`` de l'étudiant : les fichiers de son paquet
    ``tp_demineur/``, sauf ``tp.py`` (nom → texte). ``kit_tp`` : le tp.py du kit."""
    questions = {name: mark_scheme.BAREME[name][0] for name in mark_scheme.FUNCTIONS}
    files = {
        "__init__.py": student_init(read(root / "tp_demineur" / "__init__.py"), kit_tp),
        "__main__.py": student_main(
            read(TEMPLATES / "tp_demineur" / "__main__.py"), questions, Limits().recursion
        ),
    }
    files |= {name: read(root / "tp_demineur" / name) for name in PACKAGE_FILES}
    files |= {name: read(root / "tests" / "grading" / name) for name in PACKAGE_GRADING_FILES}
    return files


def kit_tp_text(root: Path) -> str:
    """Le tp.py du kit : la référence sans ses solutions."""
    questions = {name: mark_scheme.BAREME[name][0] for name in mark_scheme.FUNCTIONS}
    return strip_solutions(read(root / "tp_demineur" / "tp.py"), questions)


def build(root: Path, dest: Path, force: bool = False) -> list[dict]:
    """Écrit le kit dans ``dest`` ; renvoie les cas publics."""
    check_repository(root)
    questions = {name: mark_scheme.BAREME[name][0] for name in mark_scheme.FUNCTIONS}
    kit_tp = kit_tp_text(root)
    try:
        compile(kit_tp, "tp.py", "exec")
    except SyntaxError as error:
        raise KitError(f"le tp.py du kit ne se compile pas : {error}") from None
    missing = set(questions) - {
        node.name for node in ast.parse(kit_tp).body if isinstance(node, ast.FunctionDef)
    }
    if missing:
        raise KitError(f"le tp.py du kit n'a pas ces fonctions : {', '.join(sorted(missing))}")
    entries = public_cases(root / "tests", questions)
    try:
        carried = carried_files()
    except PackagingError as error:
        raise KitError(str(error)) from None

    prepare_destination(dest, root, force)
    package = dest / "tp_demineur"
    write(package / "tp.py", kit_tp)
    for name, text in game_package(root, kit_tp).items():
        write(package / name, text)
    tests = dest / "tests"
    for name in TEST_FILES:
        write(tests / name, read(root / "tests" / name))
    for name in TESTS_PACKAGE_FILES:
        write(tests / name, read(root / "tp_demineur" / name))
    for name in GRADING_FILES:
        write(tests / "grading" / name, read(root / "tests" / "grading" / name))
    for name, data in carried.items():
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        (dest / name).write_bytes(data)
    # Le plan du moteur cite des modules que le kit n'emporte pas (les oracles, la classe).
    write(tests / "grading" / "__init__.py", f'"""{KIT_GRADING_DOC}"""\n')
    write(
        tests / "grading" / "config.py", kit_config(read(root / "tests" / "grading" / "config.py"))
    )
    conftest_doc = read(TEMPLATES / "tests" / "conftest_doc.txt").rstrip("\n")
    write(
        tests / "conftest.py", replace_docstring(read(root / "tests" / "conftest.py"), conftest_doc)
    )
    for name in COPIED_TEMPLATES:
        write(dest / name, read(TEMPLATES / name))
    write(tests / set_aside.KIT_CASES, cases_json(entries))
    write(tests / standins.STANDINS_FILE, standins_json(stand_in_table(entries, load_reference())))
    write(dest / "sujet" / "sujet.md", read(root / "sujet" / "sujet.md"))
    return entries
