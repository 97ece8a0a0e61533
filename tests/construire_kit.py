"""Le générateur du kit étudiant : ``python tests/construire_kit.py DEST``.

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
  ``tp_demineur/__main__.py`` (le jeu de l'étudiant) et ``tp_demineur/terminal.py`` ;
- ``tests/`` : le correcteur sans solution ni oracle (ni ``expected.py``, ni
  ``strategies.py``), réglé en mode kit, et les cas publics
  ``tests/cas_publics.json``, calculés ici par les oracles du dépôt ;
- ``sujet/sujet.md``, ``README.md`` (pour l'étudiant), ``pytest.ini`` et ``conftest.py``.

Ce que le kit écrit et qui ne dépend de rien est un vrai fichier du dépôt, sous
``tests/kit/`` (passé à ruff comme le reste) : le générateur ne remplit que ce qui
varie (les questions du ``__main__.py``, la documentation du ``conftest.py``).

Les cas publics sont tirés par ``random.Random(graine)`` : deux constructions
donnent exactement le même kit.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
import shutil
import sys
from fractions import Fraction
from math import lcm
from pathlib import Path
from types import ModuleType

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
# Le dossier des modèles : les fichiers du kit tels quels, à leur place dans le kit.
TEMPLATES = TESTS / "kit"
sys.path.insert(1, str(ROOT))

import bareme  # noqa: E402
from grading import expected as expected_module  # noqa: E402
from tp_demineur.arguments import FrenchParser  # noqa: E402

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
    "private_copy.py",
    "sandbox.py",
    "channel.py",
    "wire.py",
    "relay.py",
    "worker.py",
    "lockdown.py",
    "rescue.py",
    "safe_text.py",
    "checks.py",
    "boards.py",
    "stats.py",
    "scoring.py",
]
TEST_FILES = ["bareme.py", "options.py"]
# Ce que le kit écrit dans DEST (et ce que --force remplace).
KIT_ENTRIES = ["tp_demineur", "tests", "sujet", "README.md", "pytest.ini", "conftest.py"]
# Les modèles copiés tels quels (chemin dans le kit = chemin sous tests/kit/).
COPIED_TEMPLATES = ["README.md", "pytest.ini", "conftest.py", "tests/test_publics.py"]
# Les modules du paquet de référence copiés tels quels dans le tp_demineur/ du kit.
PACKAGE_FILES = ["terminal.py"]

EXIT_OK = 0
EXIT_ERROR = 2


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
        f"from .tp import (\n{listed})\n\n"
        f"__all__ = [\n{exported}]\n"
    )


def names_in_order(module_source: str, names: list[str]) -> list[str]:
    """Les noms, dans l'ordre où le module les définit."""
    order = [n.name for n in ast.parse(module_source).body if isinstance(n, ast.FunctionDef)]
    return sorted(names, key=order.index)


def student_main(template: str, questions: dict[str, str]) -> str:
    """Le ``__main__.py`` du kit : le modèle, avec la question de chaque fonction."""
    listed = "".join(f'    "{name}": "{q}",\n' for name, q in questions.items())
    text, count = re.subn(
        r"^QUESTIONS: dict\[str, str\] = \{\}$",
        lambda _: "QUESTIONS: dict[str, str] = {\n" + listed + "}",
        template,
        flags=re.MULTILINE,
    )
    if count != 1:
        raise KitError("le modèle du __main__.py doit contenir « QUESTIONS: dict[str, str] = {} »")
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
# Les tests notés du dépôt, lus dans tests/test_q*.py
# ---------------------------------------------------------------------------


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    if isinstance(node, ast.Name):
        return node.id
    return ""


def graded_tests(tests_dir: Path) -> list[dict]:
    """Chaque test noté du dépôt : fonction, poids total, nom, vérification, oracle."""
    found = []
    for path in sorted(tests_dir.glob("test_q*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test_")):
                continue
            question = None
            repeats = 1
            for decorator in node.decorator_list:
                if not isinstance(decorator, ast.Call):
                    continue
                name = _dotted(decorator.func)
                if name == "pytest.mark.question":
                    question = decorator
                elif name == "pytest.mark.parametrize":
                    values = decorator.args[1] if len(decorator.args) > 1 else None
                    if not isinstance(values, (ast.List, ast.Tuple)):
                        raise KitError(f"{path.name}::{node.name} : paramètres illisibles")
                    repeats *= len(values.elts)
            if question is None:
                continue
            function = ast.literal_eval(question.args[0])
            weight = 1
            if len(question.args) > 1:
                weight = ast.literal_eval(question.args[1])
            for keyword in question.keywords:
                if keyword.arg == "poids":
                    weight = ast.literal_eval(keyword.value)
            calls = [_dotted(n.func) for n in ast.walk(node) if isinstance(n, ast.Call)]
            checks = [c.split(".", 1)[1] for c in calls if c.startswith("checks.")]
            oracles = [c.split(".", 1)[1] for c in calls if c.startswith("expected.")]
            if len(checks) != 1 or len(oracles) > 1:
                raise KitError(f"{path.name}::{node.name} : une vérification checks.* attendue")
            doc = (ast.get_docstring(node) or node.name).strip().splitlines()[0].rstrip(".")
            found.append(
                {
                    "source": f"{path.name}::{node.name}",
                    "test": node.name,
                    "function": function,
                    "weight": Fraction(weight) * repeats,
                    "doc": doc,
                    "check": checks[0],
                    "oracle": oracles[0] if oracles else None,
                }
            )
    return found


# ---------------------------------------------------------------------------
# Les cas publics
# ---------------------------------------------------------------------------

F, T = False, True
# Le plateau des exemples du sujet : largeur 5, hauteur 4, mines en (4, 2), (2, 3), (4, 3).
SUJET_MINES = [[F] * 5, [F] * 5, [F, F, F, F, T], [F, F, T, F, T]]


def bool_grid(rng: random.Random, width: int, height: int, density: float = 0.5) -> list:
    return [[rng.random() < density for _ in range(width)] for _ in range(height)]


def full_grid(value, width: int, height: int) -> list:
    return [[value] * width for _ in range(height)]


def dirty_ints(rng: random.Random, width: int, height: int) -> list:
    return [[rng.randint(-3, 12) for _ in range(width)] for _ in range(height)]


def cells(width: int, height: int) -> list[tuple[int, int]]:
    return [(x, y) for y in range(height) for x in range(width)]


Cases = list[tuple[str, dict]]


class PublicCases:
    """Les cas publics de chaque test noté du dépôt (par le nom de la fonction de test)."""

    def __init__(self, expected: ModuleType):
        self.expected = expected

    def rng(self, seed: int) -> random.Random:
        return random.Random(seed)

    def board(self, mines: list, opened: list) -> dict:
        return {"mines": mines, "neigh": self.expected.neigh_grid(mines), "opened": opened}

    # -- Q4 -------------------------------------------------------------------
    def test_initialise_mines_places_exact_count(self) -> Cases:
        r = self.rng(401)
        return [
            (
                "grille 3×2 pleine de mines, nb_mines = 2 (l'exemple du sujet)",
                {"grid": full_grid(T, 3, 2), "nb_mines": 2, "seed": 1},
            ),
            ("plateau 1×1, une mine", {"grid": [[F]], "nb_mines": 1, "seed": 2}),
            (
                "grille 4×3 sale, une mine sur chaque case (nb_mines = 12)",
                {"grid": bool_grid(r, 4, 3), "nb_mines": 12, "seed": 3},
            ),
            ("plateau 6×1 vide, 3 mines", {"grid": full_grid(F, 6, 1), "nb_mines": 3, "seed": 4}),
            ("grille 2×9 sale, 5 mines", {"grid": bool_grid(r, 2, 9), "nb_mines": 5, "seed": 5}),
            (
                "grille 7×5 pleine de mines, 1 mine",
                {"grid": full_grid(T, 7, 5), "nb_mines": 1, "seed": 6},
            ),
        ]

    def test_initialise_mines_full_board(self) -> Cases:
        r = self.rng(402)
        return [
            (
                "plateau 50×20, 1 000 mines",
                {"grid": full_grid(F, 50, 20), "nb_mines": 1000, "seed": 7},
            ),
            (
                "grille 50×20 sale, 999 mines",
                {"grid": bool_grid(r, 50, 20, 0.3), "nb_mines": 999, "seed": 8},
            ),
        ]

    def test_initialise_mines_uses_random(self) -> Cases:
        return [
            (
                "plateau 5×4, 5 mines, 8 graines",
                {"width": 5, "height": 4, "nb_mines": 5, "seeds": list(range(11, 19))},
            ),
            (
                "plateau 6×2, 3 mines, 8 graines",
                {"width": 6, "height": 2, "nb_mines": 3, "seeds": list(range(21, 29))},
            ),
        ]

    def test_initialise_mines_uniform(self) -> Cases:
        shapes = [(3, 2, 2, 3000), (1, 5, 2, 2000), (5, 4, 6, 2000)]
        return [
            (
                f"plateau {w}×{h}, {n} mines, {d} tirages",
                {
                    "width": w,
                    "height": h,
                    "nb_mines": n,
                    "draws": d,
                    "first_seed": 7000 + 10 * w + h,
                },
            )
            for w, h, n, d in shapes
        ]

    def test_initialise_open_closes_every_cell(self) -> Cases:
        r = self.rng(403)
        return [
            ("grille 3×2 (l'exemple du sujet)", {"grid": [[T, F, T], [F, T, T]]}),
            ("plateau 1×1 ouvert", {"grid": [[T]]}),
            ("plateau 7×5 tout ouvert", {"grid": full_grid(T, 7, 5)}),
            ("plateau 1×6", {"grid": bool_grid(r, 1, 6)}),
            ("plateau 6×1", {"grid": bool_grid(r, 6, 1)}),
        ]

    # -- Q5 -------------------------------------------------------------------
    def test_is_coord_ok(self) -> Cases:
        def case(x, y, w, h):
            return {"x": x, "y": y, "width": w, "height": h}

        return [
            ("(3, 0) sur un plateau 3×5 : x = largeur", case(3, 0, 3, 5)),
            ("(0, 3) sur un plateau 5×3 : y = hauteur", case(0, 3, 5, 3)),
            ("(-1, 0) sur un plateau 3×2 : x négatif", case(-1, 0, 3, 2)),
            ("(0, 0) sur un plateau 1×1", case(0, 0, 1, 1)),
            ("(4, 3) sur un plateau 5×4 : le coin en bas à droite", case(4, 3, 5, 4)),
            ("(10**100, 2) sur un plateau 5×4 : un très grand x", case(10**100, 2, 5, 4)),
        ]

    def test_nb_adjacent_mines(self) -> Cases:
        r = self.rng(501)
        return [
            ("plateau du sujet, case (0, 0)", {"mines": SUJET_MINES, "x": 0, "y": 0}),
            ("plateau du sujet, case (3, 2)", {"mines": SUJET_MINES, "x": 3, "y": 2}),
            ("plateau du sujet, case minée (4, 3)", {"mines": SUJET_MINES, "x": 4, "y": 3}),
            ("plateau du sujet, case minée (2, 3)", {"mines": SUJET_MINES, "x": 2, "y": 3}),
            (
                "plateau 3×3 plein de mines, case du milieu",
                {"mines": full_grid(T, 3, 3), "x": 1, "y": 1},
            ),
            ("plateau 7×5, case (3, 2)", {"mines": bool_grid(r, 7, 5), "x": 3, "y": 2}),
        ]

    def test_nb_adjacent_mines_corners(self) -> Cases:
        r = self.rng(502)
        return [
            ("plateau 3×1, case (0, 0) : rien à gauche", {"mines": [[F, F, T]], "x": 0, "y": 0}),
            (
                "plateau 1×3, case (0, 0) : rien au-dessus",
                {"mines": [[F], [F], [T]], "x": 0, "y": 0},
            ),
            (
                "plateau 3×2 plein de mines, coin en bas à droite",
                {"mines": full_grid(T, 3, 2), "x": 2, "y": 1},
            ),
            ("plateau 9×2, coin en haut à droite", {"mines": bool_grid(r, 9, 2), "x": 8, "y": 0}),
        ]

    def test_compute_neigh(self) -> Cases:
        r = self.rng(503)
        return [
            ("plateau du sujet, neigh sale", {"mines": SUJET_MINES, "neigh": dirty_ints(r, 5, 4)}),
            ("plateau 1×1 miné", {"mines": [[T]], "neigh": [[7]]}),
            ("plateau 6×1", {"mines": bool_grid(r, 6, 1), "neigh": full_grid(0, 6, 1)}),
            (
                "plateau 7×5, neigh sale",
                {"mines": bool_grid(r, 7, 5), "neigh": dirty_ints(r, 7, 5)},
            ),
            (
                "plateau 3×3 plein de mines, neigh sale",
                {"mines": full_grid(T, 3, 3), "neigh": dirty_ints(r, 3, 3)},
            ),
        ]

    def test_compute_neigh_large(self) -> Cases:
        r = self.rng(504)
        return [
            (f"plateau {w}×{h}", {"mines": bool_grid(r, w, h, 0.2), "neigh": dirty_ints(r, w, h)})
            for w, h in [(50, 20), (50, 1), (1, 20)]
        ]

    # -- Q6 -------------------------------------------------------------------
    def test_display_board(self) -> Cases:
        r = self.rng(601)
        ring = full_grid(T, 3, 3)
        ring[1][1] = F
        return [
            ("plateau 3×2", self.board([[T, F, F], [F, F, F]], [[T, T, T], [F, T, T]])),
            (
                "plateau du sujet",
                self.board(SUJET_MINES, [[T] * 5, [T] * 5, [T, T, T, T, F], [T, T, F, F, T]]),
            ),
            ("plateau 1×1 fermé", self.board([[F]], [[F]])),
            ("plateau 1×1, mine ouverte", self.board([[T]], [[T]])),
            ("plateau 3×3 tout ouvert, un 8 au milieu", self.board(ring, full_grid(T, 3, 3))),
            ("plateau 7×5", self.board(bool_grid(r, 7, 5, 0.3), bool_grid(r, 7, 5, 0.6))),
        ]

    def test_display_board_largest(self) -> Cases:
        r = self.rng(602)
        return [
            (f"plateau {w}×{h}", self.board(bool_grid(r, w, h, 0.15), bool_grid(r, w, h, 0.7)))
            for w, h in [(50, 20), (37, 13)]
        ]

    # -- Q7 -------------------------------------------------------------------
    def test_is_move_ok(self) -> Cases:
        opened = [[T, F, F], [F, F, F]]
        return [
            (
                "(0, 1) sur un plateau 3×1 : hors du plateau",
                {"opened": [[F, F, F]], "x": 0, "y": 1},
            ),
            (
                "(1, 0) sur un plateau 1×3 : hors du plateau",
                {"opened": [[F], [F], [F]], "x": 1, "y": 0},
            ),
            ("(1, 0), case fermée (exemple du sujet)", {"opened": opened, "x": 1, "y": 0}),
            ("(0, 0), case déjà ouverte", {"opened": opened, "x": 0, "y": 0}),
            ("(3, 0) : hors du plateau", {"opened": opened, "x": 3, "y": 0}),
            ("(-1, 1) : hors du plateau, x négatif", {"opened": opened, "x": -1, "y": 1}),
        ]

    def test_ask_move_valid_line(self) -> Cases:
        return [
            ("plateau 3×1, ligne « 2 0 »", {"opened": [[F, F, F]], "lines": ["2 0"]}),
            (
                "plateau 3×2, ligne « 2 1 » entourée d'espaces et de tabulations",
                {"opened": [[T, F, F], [F, F, F]], "lines": ["\t2 \t 1 "]},
            ),
            ("plateau 1×1, ligne « 0 0 »", {"opened": [[F]], "lines": ["0 0"]}),
        ]

    def test_ask_move_bad_lines(self) -> Cases:
        return [
            (
                "l'exemple du sujet",
                {
                    "opened": [[T, F, F], [F, F, F]],
                    "lines": ["", "trois deux", "1 2 3", "3 0", "0 0", "  2   1  "],
                },
            ),
            (
                "plateau 4×2 : nombres à virgule, négatifs, trop grands",
                {
                    "opened": [[T, F, T, F], [F, F, T, F]],
                    "lines": ["1.5 0", "-1 0", "99999999999999999999 0", "(0, 0)", "2 1", "3 1"],
                },
            ),
            (
                "plateau 1×6 : virgule, hors du plateau, mot, case ouverte",
                {
                    "opened": [[F], [T], [F], [F], [T], [F]],
                    "lines": ["1,0", "0 6", "coucou", "0 4", "\t", " 0\t5 "],
                },
            ),
        ]

    def test_ask_move_end_of_input(self) -> Cases:
        return [
            ("plateau 2×1, aucune ligne", {"opened": [[T, F]], "lines": []}),
            (
                "plateau 3×2, trois lignes refusées puis la fin",
                {"opened": [[T, F, F], [F, F, F]], "lines": ["coucou", "0 0", "5 5"]},
            ),
            (
                "plateau 2×2, ligne vide et un seul nombre puis la fin",
                {"opened": [[F, F], [F, F]], "lines": ["", "1"]},
            ),
        ]

    # -- Q8 -------------------------------------------------------------------
    def test_propagate_open_cells(self) -> Cases:
        r = self.rng(801)
        corner = {
            "mines": full_grid(F, 4, 3),
            "neigh": full_grid(0, 4, 3),
            "opened": [[F] * 4, [F] * 4, [F, F, F, T]],
        }
        start = [[T, F, F, F, F], [F] * 5, [F] * 5, [F] * 5]
        mine_open = [[F] * 5, [F] * 5, [F, F, F, T, F], [F, F, T, F, F]]
        mines = bool_grid(r, 7, 5, 0.15)
        neigh = self.expected.neigh_grid(mines)
        zeros = [(x, y) for x, y in cells(7, 5) if not mines[y][x] and neigh[y][x] == 0]
        x, y = zeros[len(zeros) // 2]
        opened = full_grid(F, 7, 5)
        opened[y][x] = True
        return [
            ("plateau 4×3 sans mine, seule la case en bas à droite ouverte", corner),
            ("plateau du sujet, case (0, 0) ouverte", self.board(SUJET_MINES, start)),
            (
                "plateau du sujet, une mine et une case à 3 ouvertes : rien ne s'ouvre",
                self.board(SUJET_MINES, mine_open),
            ),
            (
                "plateau 3×2 (l'exemple de la documentation)",
                self.board([[F, F, F], [F, F, T]], [[T, F, F], [F, F, F]]),
            ),
            (
                f"plateau 7×5, case ({x}, {y}) ouverte",
                {"mines": mines, "neigh": neigh, "opened": opened},
            ),
            (
                "plateau 6×1, une mine, case (0, 0) ouverte",
                self.board([[F, F, F, T, F, F]], [[T, F, F, F, F, F]]),
            ),
        ]

    def test_propagate_open_cells_large(self) -> Cases:
        r = self.rng(802)
        found = []
        empty = full_grid(F, 50, 20)
        opened = full_grid(F, 50, 20)
        opened[19][49] = True
        found.append(("plateau 50×20 sans mine, case (49, 19) ouverte", self.board(empty, opened)))
        for w, h, density in [(50, 20, 0.1), (37, 13, 0.12)]:
            mines = bool_grid(r, w, h, density)
            board = self.board(mines, full_grid(F, w, h))
            spots = [
                (x, y) for x, y in cells(w, h) if board["neigh"][y][x] == 0 and not mines[y][x]
            ]
            for x, y in r.sample(spots, 3):
                board["opened"][y][x] = True
            found.append((f"plateau {w}×{h}, trois cases ouvertes", board))
        return found

    # -- Q9 -------------------------------------------------------------------
    def test_is_finished(self) -> Cases:
        playing = [[T] * 5, [T] * 5, [T, T, T, T, F], [T, T, F, F, F]]
        won = [row[:] for row in playing]
        won[3][3] = T
        lost = [row[:] for row in won]
        lost[3][4] = T
        return [
            (
                "plateau 2×1, mine ouverte et tout ouvert : perdu",
                {"mines": [[T, F]], "opened": [[T, T]]},
            ),
            (
                "plateau 2×1, la case sans mine ouverte : gagné",
                {"mines": [[T, F]], "opened": [[F, T]]},
            ),
            (
                "plateau 2×1 tout miné, rien d'ouvert : gagné",
                {"mines": [[T, T]], "opened": [[F, F]]},
            ),
            ("plateau du sujet, en cours", {"mines": SUJET_MINES, "opened": playing}),
            ("plateau du sujet, gagné", {"mines": SUJET_MINES, "opened": won}),
            ("plateau du sujet, perdu", {"mines": SUJET_MINES, "opened": lost}),
        ]

    # -- Q10 ------------------------------------------------------------------
    def game_board(self, r: random.Random, width: int, height: int) -> dict:
        """Un plateau en cours de partie (ni gagnée ni perdue), comme strategies.game_boards."""
        expected = self.expected
        while True:
            mines = bool_grid(r, width, height, 0.3)
            safe = [(x, y) for x, y in cells(width, height) if not mines[y][x]]
            if not safe:
                continue
            neigh = expected.neigh_grid(mines)
            opened = full_grid(F, width, height)
            for x, y in r.sample(safe, min(len(safe), r.randint(0, 2))):
                opened[y][x] = True
            opened = expected.flood(mines, neigh, opened)
            if expected.game_state(mines, opened) == 0:
                return {"mines": mines, "neigh": neigh, "opened": opened}

    def test_play_turn(self) -> Cases:
        r = self.rng(1001)
        after_flood = self.expected.flood(
            SUJET_MINES,
            self.expected.neigh_grid(SUJET_MINES),
            [[T, F, F, F, F], *full_grid(F, 5, 3)],
        )
        board = self.game_board(r, 4, 4)
        closed = [(x, y) for x, y in cells(4, 4) if not board["opened"][y][x]]
        x, y = r.choice(closed)
        return [
            (
                "plateau du sujet tout fermé, coup « 0 0 »",
                {**self.board(SUJET_MINES, full_grid(F, 5, 4)), "lines": ["0 0"]},
            ),
            (
                "plateau du sujet inondé, deux lignes refusées puis « 3 3 »",
                {**self.board(SUJET_MINES, after_flood), "lines": ["0 0", "x", "3 3"]},
            ),
            (f"plateau 4×4, coup « {x} {y} »", {**board, "lines": [f"{x} {y}"]}),
        ]

    def test_play_the_game(self) -> Cases:
        r = self.rng(1002)
        after_flood = self.expected.flood(
            SUJET_MINES,
            self.expected.neigh_grid(SUJET_MINES),
            [[T, F, F, F, F], *full_grid(F, 5, 3)],
        )
        found = [
            (
                "plateau du sujet inondé, le joueur ouvre la mine (4, 3) : perdu",
                {**self.board(SUJET_MINES, after_flood), "lines": ["4 3"]},
            ),
            (
                "plateau du sujet, la partie gagnée de la question 3",
                {
                    **self.board(SUJET_MINES, full_grid(F, 5, 4)),
                    "lines": ["0 0", "0 0", "2", "3 3"],
                },
            ),
        ]
        for width, height, safe_first in [(6, 1, False), (4, 3, True)]:
            board = self.game_board(r, width, height)
            moves = [f"{x} {y}" for x, y in cells(width, height)]
            r.shuffle(moves)
            if safe_first:
                moves.sort(key=lambda m: board["mines"][int(m.split()[1])][int(m.split()[0])])
            outcome = "les cases sûres d'abord" if safe_first else "coups au hasard"
            found.append((f"plateau {width}×{height}, {outcome}", {**board, "lines": moves}))
        return found

    def test_play_the_game_already_won(self) -> Cases:
        return [
            (
                "plateau 2×1",
                {"mines": [[T, F]], "neigh": [[0, 1]], "opened": [[F, T]], "lines": []},
            ),
            (
                "plateau du sujet",
                {
                    **self.board(SUJET_MINES, [[T] * 5, [T] * 5, [T, T, T, T, F], [T, T, F, T, F]]),
                    "lines": [],
                },
            ),
        ]

    # -- Q3 -------------------------------------------------------------------
    def test_main(self) -> Cases:
        def moves(width, height):
            return [f"{x} {y}" for x, y in cells(width, height)]

        return [
            (
                "réponses « abc », « 3 », « 0 », « 2 », « 7 », « 2 », puis tous les coups",
                {"lines": ["abc", "3", "0", "2", "7", "2", *moves(3, 2)], "seed": 1},
            ),
            (
                "les réponses de la partie de la question 3, puis tous les coups",
                {"lines": ["60", "5", "4", "trois", "3", *moves(5, 4)], "seed": 11},
            ),
            ("plateau 1×1, une mine", {"lines": ["1", "1", "1", "0 0"], "seed": 2}),
            (
                "plateau 2×2 : réponses vides, « 2.5 », « 5 » mines refusées",
                {"lines": ["", "2", "2.5", "2", "5", "x", "1", *moves(2, 2)], "seed": 3},
            ),
        ]

    def test_main_largest_board(self) -> Cases:
        return [
            ("plateau 50×20, 1 000 mines", {"lines": ["50", "20", "1000", "0 0"], "seed": 3}),
            ("plateau 50×20, 999 mines", {"lines": ["50", "20", "999", "0 0", "1 0"], "seed": 4}),
        ]


def public_cases(root: Path, expected: ModuleType, questions: dict[str, str]) -> list[dict]:
    """Les cas publics, avec leurs résultats attendus, dans l'ordre des fonctions du barème."""
    tests = graded_tests(root / "tests")
    if not tests:
        raise KitError("aucun test noté (@pytest.mark.question) dans tests/test_q*.py")
    maker = PublicCases(expected)
    missing = [t["source"] for t in tests if not hasattr(maker, t["test"])]
    if missing:
        raise KitError(
            "ces tests notés n'ont pas de cas publics dans kit.py : " + ", ".join(missing)
        )
    drawn = {t["test"]: getattr(maker, t["test"])() for t in tests}
    for t in tests:
        if not 2 <= len(drawn[t["test"]]) <= 6:
            raise KitError(f"{t['source']} : il faut de 2 à 6 cas publics")
    # Les poids du dépôt, partagés entre les cas publics de chaque test, en entiers.
    scale = lcm(*(len(cases) for cases in drawn.values()))
    scale *= lcm(*(t["weight"].denominator for t in tests))
    order = list(questions)
    tests.sort(key=lambda t: order.index(t["function"]))
    entries = []
    numbers: dict[str, int] = {}
    for t in tests:
        cases = drawn[t["test"]]
        weight = t["weight"] * scale / len(cases)
        if weight.denominator != 1:
            raise KitError(f"{t['source']} : poids non entier")
        for label, case in cases:
            oracle = getattr(expected, t["oracle"]) if t["oracle"] else None
            numbers[t["function"]] = numbers.get(t["function"], 0) + 1
            entries.append(
                {
                    "id": f"{t['function']}-{numbers[t['function']]:02d}",
                    "function": t["function"],
                    "question": questions[t["function"]],
                    "source": t["source"],
                    "check": t["check"],
                    "name": f"{t['doc']} — {label}",
                    "poids": int(weight),
                    "case": case,
                    "expected": oracle(case) if oracle else None,
                }
            )
    return entries


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


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def build(root: Path, dest: Path, force: bool = False) -> list[dict]:
    """Écrit le kit dans ``dest`` ; renvoie les cas publics."""
    check_repository(root)
    questions = {name: bareme.BAREME[name][0] for name in bareme.FUNCTIONS}
    reference = read(root / "tp_demineur" / "tp.py")
    kit_tp = strip_solutions(reference, questions)
    try:
        compile(kit_tp, "tp.py", "exec")
    except SyntaxError as error:
        raise KitError(f"le tp.py du kit ne se compile pas : {error}") from None
    missing = set(questions) - {
        node.name for node in ast.parse(kit_tp).body if isinstance(node, ast.FunctionDef)
    }
    if missing:
        raise KitError(f"le tp.py du kit n'a pas ces fonctions : {', '.join(sorted(missing))}")
    entries = public_cases(root, expected_module, questions)
    init = student_init(read(root / "tp_demineur" / "__init__.py"), kit_tp)
    main_py = student_main(read(TEMPLATES / "tp_demineur" / "__main__.py"), questions)

    prepare_destination(dest, root, force)
    package = dest / "tp_demineur"
    write(package / "tp.py", kit_tp)
    write(package / "__init__.py", init)
    write(package / "__main__.py", main_py)
    for name in PACKAGE_FILES:
        write(package / name, read(root / "tp_demineur" / name))
    tests = dest / "tests"
    for name in TEST_FILES:
        write(tests / name, read(root / "tests" / name))
    for name in GRADING_FILES:
        write(tests / "grading" / name, read(root / "tests" / "grading" / name))
    write(
        tests / "grading" / "config.py", kit_config(read(root / "tests" / "grading" / "config.py"))
    )
    conftest_doc = read(TEMPLATES / "tests" / "conftest_doc.txt").rstrip("\n")
    write(
        tests / "conftest.py", replace_docstring(read(root / "tests" / "conftest.py"), conftest_doc)
    )
    for name in COPIED_TEMPLATES:
        write(dest / name, read(TEMPLATES / name))
    write(tests / "cas_publics.json", cases_json(entries))
    write(dest / "sujet" / "sujet.md", read(root / "sujet" / "sujet.md"))
    return entries


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = FrenchParser(
        prog="python tests/construire_kit.py",
        description="Construit le kit étudiant du TP démineur dans le dossier DEST : le "
        "tp.py à compléter (sans les solutions), le jeu, le sujet, les tests publics et "
        "un README pour l'étudiant.",
    )
    parameters = parser.add_argument_group("paramètre")
    parameters.add_argument("dest", metavar="DEST", help="le dossier du kit (vide ou inexistant)")
    options = parser.options_group()
    options.add_argument(
        "--force",
        action="store_true",
        help="accepter un DEST non vide : le kit qu'il contient (tp_demineur/, tests/, "
        "sujet/, README.md, pytest.ini, conftest.py) est remplacé, le reste n'est pas touché",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(argv)
    dest = Path(arguments.dest)
    try:
        entries = build(ROOT, dest, force=arguments.force)
    except (KitError, OSError) as error:
        print(f"python tests/construire_kit.py : erreur : {error}", file=sys.stderr)
        return EXIT_ERROR
    functions = len({entry["function"] for entry in entries})
    print(f"Kit écrit dans {dest} : {len(entries)} cas publics pour {functions} fonctions.")
    print(f"Pour l'essayer : cd {dest} && python -m pytest")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
