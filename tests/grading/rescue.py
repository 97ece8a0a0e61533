"""Charger le code d'un étudiant malgré ce qui le ferait échouer au chargement.

Ce module tourne dans le processus de travail du correcteur : il ne dépend que
de la bibliothèque standard et de ``python_messages.py`` (emporté avec lui).

Un fichier qui ne se charge pas ne doit pas coûter toutes ses fonctions :

1. les instructions du niveau du module dont le texte ne se compile pas sont
   retirées (remplacées par des lignes vides, pour garder les numéros de ligne),
   une à une, jusqu'à ce que le reste se compile ; chaque passage retiré est
   rapporté (lignes, message de Python expliqué en français, fonctions perdues) ;
2. les instructions qui restent sont exécutées une à une ; celle qui lève une
   exception (``input()`` sans entrée, ``main()`` qui plante, ``sys.exit()``…)
   est passée et rapportée (ligne, texte, type de l'exception, raison en français).

Tout ce que le rapport contient est fait de données simples (JSON) :

>>> namespace = {}
>>> report = load_source("taux = 1 / 0\\ndef f():\\n    return 1\\n", "tp.py", namespace)
>>> namespace["f"]()
1
>>> [(s["line"], s["type"]) for s in report.skipped]
[(1, 'ZeroDivisionError')]
"""

import __future__

import ast
import importlib.machinery
import importlib.util
import io
import os
import re
import sys
import tokenize
import warnings
from dataclasses import asdict, dataclass, field

# Le texte d'une instruction rapportée est coupé à cette longueur.
TEXT_LIMIT = 120

# Les lignes qui continuent l'instruction précédente même en colonne 0.
CONTINUATION = re.compile(r"(else|elif|except|finally)\b|[)\]}]")
FUNCTION = re.compile(r"(?:async\s+)?def\s+([A-Za-z_]\w*)")


@dataclass
class LoadReport:
    """Ce qui a été retiré ou passé au chargement d'un ou plusieurs fichiers.

    ``dropped`` : un dictionnaire par passage retiré parce qu'il ne se compile pas,
    ``{"file", "line", "end", "error_line", "text", "message", "functions"}`` (``line`` et
    ``end`` : première et dernière ligne retirées ; ``error_line`` et ``text`` : la
    ligne où Python a vu l'erreur ; ``functions`` : les fonctions définies dans le
    passage, perdues).

    ``skipped`` : un dictionnaire par instruction passée à l'exécution,
    ``{"file", "line", "text", "type", "message"}`` (``type`` : le nom de
    l'exception, ou None pour une instruction laissée de côté parce que seules les
    définitions ont été chargées).

    ``encoding`` : l'encodage de secours d'un fichier qui n'était pas en UTF-8
    (None si tout était lisible).
    """

    dropped: list[dict] = field(default_factory=list)
    skipped: list[dict] = field(default_factory=list)
    encoding: str | None = None

    def as_dict(self) -> dict:
        return asdict(self)

    def extend(self, other: "LoadReport"):
        self.dropped += other.dropped
        self.skipped += other.skipped
        self.encoding = self.encoding or other.encoding


# Les messages de Python, en français : python_messages.py, emporté avec ce module.
try:
    from .python_messages import explain_syntax
except ImportError:  # dans le processus de travail, copié à côté de ce fichier
    from python_messages import explain_syntax  # type: ignore[no-redef]


def explain_exception(error: BaseException) -> str:
    """Pourquoi une instruction du niveau du module aurait arrêté le chargement."""
    if isinstance(error, EOFError):
        return (
            "elle lit le clavier (input()) dès le chargement du fichier, où personne ne tape rien"
        )
    if isinstance(error, SystemExit):
        return "elle appelle sys.exit() (ou exit()) : le programme s'arrêterait là"
    if isinstance(error, ModuleNotFoundError) and error.name:
        return f"elle importe le module « {error.name} », qui n'est pas disponible ici"
    if isinstance(error, NameError) and getattr(error, "name", None):
        return f"elle utilise le nom « {error.name} », qui n'est pas défini"
    try:
        detail = str(error)[:300]
    except BaseException:
        detail = ""
    kind = type(error).__name__
    return f"elle lève {kind} : {detail}" if detail else f"elle lève {kind}"


# ---------------------------------------------------------------------------
# 1. Retirer ce qui ne se compile pas
# ---------------------------------------------------------------------------


def tokenized_starts(source: str) -> tuple[set[int], int]:
    """Les lignes où commence une instruction du niveau du module, selon ``tokenize``.

    Renvoie aussi la dernière ligne dont ``tokenize`` est sûr : au-delà (une chaîne
    jamais fermée, un décalage incohérent), il s'est arrêté.
    """
    starts: set[int] = set()
    vouched = 0
    depth = 0
    at_start = True
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.INDENT:
                depth += 1
            elif token.type == tokenize.DEDENT:
                depth -= 1
            elif token.type == tokenize.NEWLINE:
                at_start = True
                vouched = token.end[0]
            elif token.type in (tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER):
                continue
            elif at_start:
                if depth == 0:
                    starts.add(token.start[0])
                at_start = False
    except (tokenize.TokenError, SyntaxError):
        pass
    return starts, vouched


def top_level_chunks(lines: list[str]) -> list[tuple[int, int]]:
    """Les passages (première, dernière ligne) de chaque instruction du niveau du module.

    Les lignes qui précèdent la première instruction (commentaires, lignes
    décalées) forment leur propre passage ; les décorateurs vont avec leur
    fonction ; ``tokenize`` dit où commencent les instructions tant qu'il
    comprend le texte, une règle simple (du code en colonne 0) prend le relais
    au-delà.
    """
    source = "".join(lines)
    known, vouched = tokenized_starts(source)
    starts = []
    in_decorator = False
    for number, line in enumerate(lines, 1):
        if number <= vouched:
            begins = number in known
        else:
            begins = bool(line.strip()) and line[0] not in " \t\f#"
        if not begins or CONTINUATION.match(line):
            continue
        if in_decorator:
            in_decorator = line.startswith("@")
            continue
        starts.append(number)
        in_decorator = line.startswith("@")
    if not starts or starts[0] != 1:
        starts.insert(0, 1)
    ends = [start - 1 for start in starts[1:]] + [len(lines)]
    return list(zip(starts, ends))


def error_line(error: SyntaxError, count: int) -> int:
    """La ligne fautive : celle que nomme le message (« … on line 12 »), sinon celle de Python."""
    match = re.search(r"on line (\d+)", error.msg or "")
    number = int(match.group(1)) if match else (error.lineno or count)
    return min(max(number, 1), max(count, 1))


def compile_problem(text: str, filename: str, count: int) -> tuple[int, str] | None:
    """La ligne et l'explication de ce qui empêche ``text`` de se compiler (None : il compile)."""
    nul = next((n for n, line in enumerate(text.splitlines(), 1) if "\0" in line), None)
    if nul is not None:
        return nul, "caractère nul (\\0) dans le texte du fichier"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # les avertissements viendront à l'exécution
            compile(text, filename, "exec", dont_inherit=True)
    except SyntaxError as error:
        return error_line(error, count), explain_syntax(error.msg or "")
    return None


def drop_uncompilable(source: str, filename: str, name: str) -> tuple[str, list[dict]]:
    """Le texte sans les passages qui ne se compilent pas, et le rapport de chacun.

    Chaque passage est d'abord compilé seul (précédé de lignes vides : les numéros
    de ligne restent ceux du fichier), ce qui situe chaque erreur dans son passage
    même quand Python la voit plus loin (une parenthèse jamais fermée) ; puis le
    fichier entier, tant qu'il ne se compile pas (un ``from __future__`` mal placé).
    Un fichier qui se compile en entier (le cas ordinaire) est gardé tel quel.
    """
    lines = source.splitlines(keepends=True)
    if compile_problem(source, filename, len(lines)) is None:
        return source, []
    chunks = top_level_chunks(lines)
    removed: dict[int, tuple[int, str]] = {}
    for index, (first, last) in enumerate(chunks):
        piece = "\n" * (first - 1) + "".join(lines[first - 1 : last])
        problem = compile_problem(piece, filename, len(lines))
        if problem is not None:
            removed[index] = problem
    text = source
    for _ in range(len(chunks) + 1):
        text = "".join(
            "\n" if any(chunks[i][0] <= n <= chunks[i][1] for i in removed) else line
            for n, line in enumerate(lines, 1)
        )
        problem = compile_problem(text, filename, len(lines))
        if problem is None:
            break
        left = [i for i in range(len(chunks)) if i not in removed]
        if not left:
            break
        before = [i for i in left if chunks[i][0] <= problem[0]]
        # Rien avant la ligne fautive : c'est le premier passage qui reste.
        removed[before[-1] if before else left[0]] = problem
    else:
        text = ""
    dropped = [chunk_report(lines, chunks[i], problem, name) for i, problem in removed.items()]
    return text, sorted(dropped, key=lambda d: d["line"])


def chunk_report(lines: list[str], chunk: tuple[int, int], problem, name: str) -> dict:
    """Le rapport d'un passage retiré : ses lignes, l'erreur, les fonctions perdues."""
    first, last = chunk
    while last > first and not lines[last - 1].strip():
        last -= 1
    line, message = problem
    return {
        "file": name,
        "line": first,
        "end": last,
        "error_line": line,
        "text": lines[line - 1].strip()[:TEXT_LIMIT] if lines else "",
        "message": message,
        "functions": [m.group(1) for m in map(FUNCTION.match, lines[first - 1 : last]) if m],
    }


# ---------------------------------------------------------------------------
# 2. Exécuter le reste, instruction par instruction
# ---------------------------------------------------------------------------

DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)


def is_definition(statement: ast.stmt) -> bool:
    """Une définition : fonction, classe, import, affectation sans appel de fonction, ou
    texte seul (la documentation du module)."""
    if isinstance(statement, DEFINITIONS):
        return True
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        return True
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        return not any(isinstance(node, ast.Call) for node in ast.walk(statement))
    return False


def future_flags(statement: ast.stmt) -> int:
    """Les options de compilation d'un ``from __future__ import ...``."""
    if not (isinstance(statement, ast.ImportFrom) and statement.module == "__future__"):
        return 0
    flags = 0
    for alias in statement.names:
        feature = getattr(__future__, alias.name, None)
        flags |= getattr(feature, "compiler_flag", 0)
    return flags


def run_statements(
    source: str,
    filename: str,
    name: str,
    namespace: dict,
    report: LoadReport,
    definitions_only: bool = False,
):
    """Exécute une à une les instructions du module ; passe et rapporte celles qui échouent."""
    lines = source.splitlines()
    tree = ast.parse(source, filename)
    if tree.body and isinstance(tree.body[0], ast.Expr):
        value = tree.body[0].value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            namespace.setdefault("__doc__", value.value)
    flags = 0
    for statement in tree.body:
        flags |= future_flags(statement)
        text = lines[statement.lineno - 1].strip()[:TEXT_LIMIT]
        entry = {"file": name, "line": statement.lineno, "text": text, "name": None}
        if definitions_only and not is_definition(statement):
            report.skipped.append({**entry, "type": None, "message": ""})
            continue
        error = execute(statement, filename, namespace, flags)
        if error is None:
            continue
        if isinstance(error, ImportError) and isinstance(statement, ast.ImportFrom):
            if len(statement.names) > 1:
                import_one_by_one(statement, filename, namespace, flags, entry, report)
                continue
        report.skipped.append(
            {**entry, "type": type(error).__name__, "message": explain_exception(error)}
        )


def execute(statement: ast.stmt, filename: str, namespace: dict, flags: int):
    """Exécute une instruction ; renvoie l'exception qu'elle a levée (None si tout va bien)."""
    try:
        module = ast.Module(body=[statement], type_ignores=[])
        code = compile(module, filename, "exec", flags=flags, dont_inherit=True)
        exec(code, namespace)
    except BaseException as error:
        return error
    return None


def import_one_by_one(statement, filename, namespace, flags, entry: dict, report: LoadReport):
    """``from .tp import a, b, c`` où ``c`` manque : ``a`` et ``b`` sont tout de même importés."""
    for alias in statement.names:
        single = ast.ImportFrom(module=statement.module, names=[alias], level=statement.level)
        ast.copy_location(single, statement)
        error = execute(ast.fix_missing_locations(single), filename, namespace, flags)
        if error is not None:
            report.skipped.append(
                {
                    **entry,
                    "type": type(error).__name__,
                    "message": explain_exception(error),
                    "name": alias.name,  # le nom qui manque
                }
            )


# ---------------------------------------------------------------------------
# Les points d'entrée
# ---------------------------------------------------------------------------


def load_source(
    source: str,
    filename: str,
    namespace: dict,
    *,
    name: str | None = None,
    definitions_only: bool = False,
) -> LoadReport:
    """Charge ``source`` dans ``namespace`` malgré ses erreurs ; rapporte ce qui a été laissé.

    ``filename`` est le chemin donné à ``compile`` (celui des traces) ; ``name``, le
    nom du fichier dans le rapport (par défaut, le dernier élément du chemin). Avec
    ``definitions_only``, seules les définitions (fonctions, classes, imports,
    affectations sans appel) sont exécutées : pour un code dont le chargement ne se
    termine pas.
    """
    name = name or os.path.basename(filename)
    kept, dropped = drop_uncompilable(source, filename, name)
    report = LoadReport(dropped=dropped)
    run_statements(kept, filename, name, namespace, report, definitions_only)
    return report


def decode_source(data: bytes) -> tuple[str, str | None]:
    """Le texte d'un fichier source, et l'encodage de secours utilisé s'il en a fallu un.

    Un fichier écrit en Windows-1252 (les accents d'un vieil éditeur) se lit quand même.

    >>> decode_source("é = 1".encode("cp1252"))
    ('é = 1', 'cp1252')
    """
    try:
        return importlib.util.decode_source(data), None
    except (UnicodeDecodeError, SyntaxError, LookupError):
        return data.decode("cp1252", errors="replace").replace("\r\n", "\n"), "cp1252"


def load_file(
    path: str,
    namespace: dict,
    *,
    name: str | None = None,
    definitions_only: bool = False,
) -> LoadReport:
    """Comme :func:`load_source`, pour le fichier ``path`` (lu en UTF-8 ou, à défaut, en cp1252)."""
    with open(path, "rb") as handle:
        source, encoding = decode_source(handle.read())
    report = load_source(source, path, namespace, name=name, definitions_only=definitions_only)
    report.encoding = encoding
    return report


class RescueLoader(importlib.machinery.SourceFileLoader):
    """Le chargeur d'un module d'un paquet rendu : il charge avec :func:`load_file`."""

    def __init__(self, fullname: str, path: str, finder: "RescueFinder"):
        super().__init__(fullname, path)
        self.finder = finder

    def exec_module(self, module):
        report = load_file(
            self.path,
            module.__dict__,
            name=os.path.relpath(self.path, self.finder.root),
            definitions_only=self.finder.definitions_only,
        )
        self.finder.report.extend(report)


class RescueFinder:
    """Charge avec indulgence chaque module importé depuis le dossier ``root``.

    Un paquet rendu (``__init__.py`` qui importe ``tp.py``) profite ainsi du même
    chargement qu'un fichier seul : le rapport de tous ses modules s'accumule dans
    ``report``. ``install()`` le place en tête de ``sys.meta_path``, ``uninstall()``
    l'en retire ; ``loader(fullname, path)`` sert au module de tête du paquet.
    """

    def __init__(self, root: str, report: LoadReport, definitions_only: bool = False):
        self.root = os.path.abspath(root)
        self.report = report
        self.definitions_only = definitions_only

    def loader(self, fullname: str, path: str) -> RescueLoader:
        return RescueLoader(fullname, path, self)

    def find_spec(self, fullname, path=None, target=None):
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        origin = getattr(spec, "origin", None)
        if not (isinstance(origin, str) and origin.endswith(".py")):
            return None
        if os.path.commonpath([os.path.abspath(origin), self.root]) != self.root:
            return None
        spec.loader = self.loader(fullname, origin)
        return spec

    def install(self):
        sys.meta_path.insert(0, self)

    def uninstall(self):
        if self in sys.meta_path:
            sys.meta_path.remove(self)
