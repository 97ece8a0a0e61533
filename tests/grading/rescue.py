"""Charger le code d'un étudiant malgré ce qui le ferait échouer au chargement.

Ce module tourne dans le processus de travail du correcteur : il dépend de la
bibliothèque standard, de ``python_messages.py`` et ``cells.py`` (emportés avec lui)
et, pour un fichier qui ne se compile pas, de parso, l'analyseur de Python qui tolère
les erreurs (en Python pur, emporté lui aussi : voir ``loading.py``).

Un fichier qui ne se charge pas ne doit pas coûter toutes ses fonctions :

1. s'il ne se compile pas, parso le découpe en instructions du niveau du module
   (fonctions, classes, imports, affectations…) : il sait où chacune commence même
   quand une autre a une erreur (une parenthèse en trop, un « : » oublié). Chaque
   instruction est compilée seule ; celle qui ne se compile pas est retirée
   (remplacée par des lignes vides : les numéros de ligne restent ceux du fichier) et
   rapportée une fois : la ligne où Python voit l'erreur, son message expliqué en
   français, les fonctions perdues. Les autres restent, telles quelles, et rien n'est
   dit d'elles. Un notebook est découpé cellule par cellule (``cells.py``) ;
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
import os
import re
import sys
import warnings

# Le texte d'une instruction rapportée est coupé à cette longueur.
TEXT_LIMIT = 120

FUNCTION = re.compile(r"(?:async\s+)?def\s+([A-Za-z_]\w*)")
DEFINITION = re.compile(r"@|(?:async\s+)?def\s|class\s")
DECORATOR = re.compile(r"@")


class LoadReport:
    """Ce qui a été retiré ou passé au chargement d'un ou plusieurs fichiers.

    ``dropped`` : un dictionnaire par passage retiré parce qu'il ne se compile pas,
    ``{"file", "cell", "line", "end", "error_line", "text", "message", "functions"}``
    (``line`` et ``end`` : première et dernière ligne retirées ; ``error_line`` et
    ``text`` : la ligne où Python a vu l'erreur ; ``functions`` : les fonctions définies
    dans le passage, perdues).

    ``skipped`` : un dictionnaire par instruction passée à l'exécution,
    ``{"file", "cell", "line", "text", "type", "message", "name"}`` (``type`` : le nom
    de l'exception, ou None pour une instruction laissée de côté parce que seules les
    définitions ont été chargées).

    ``file`` est le nom du fichier de l'étudiant ; dans un notebook (``notebook`` : son
    nom), ``cell`` est le numéro de la cellule et les lignes sont comptées dans la
    cellule (``cells.py``) ; ailleurs, ``cell`` vaut None.

    ``encoding`` : l'encodage de secours d'un fichier qui n'était pas en UTF-8
    (None si tout était lisible).
    """

    def __init__(
        self,
        dropped: list[dict] | None = None,
        skipped: list[dict] | None = None,
        encoding: str | None = None,
        notebook: str | None = None,
    ):
        # (Une classe simple, pas une dataclass : ce module est importé à chaque lancement
        # du processus de travail, et ``dataclasses``, avec ``inspect``, y coûterait 5 ms.)
        self.dropped: list[dict] = [] if dropped is None else dropped
        self.skipped: list[dict] = [] if skipped is None else skipped
        self.encoding = encoding
        self.notebook = notebook

    def as_dict(self) -> dict:
        """Le rapport en données simples (JSON), copiées."""
        return {
            "dropped": [copied(entry) for entry in self.dropped],
            "skipped": [copied(entry) for entry in self.skipped],
            "encoding": self.encoding,
            "notebook": self.notebook,
        }

    def extend(self, other: "LoadReport"):
        self.dropped += other.dropped
        self.skipped += other.skipped
        self.encoding = self.encoding or other.encoding
        self.notebook = self.notebook or other.notebook


def copied(entry: dict) -> dict:
    """Une entrée du rapport, copiée avec ses listes (``functions``)."""
    return {key: list(value) if type(value) is list else value for key, value in entry.items()}


# Les messages de Python, en français, et les cellules d'un notebook : python_messages.py
# et cells.py, emportés avec ce module.
try:
    from .cells import Notebook, notebook_of
    from .python_messages import explain_syntax
except ImportError:  # dans le processus de travail, copiés à côté de ce fichier
    from cells import Notebook, notebook_of  # type: ignore[no-redef]
    from python_messages import explain_syntax  # type: ignore[no-redef]

# Les dossiers de la notation (la copie du rendu, celle du correcteur, le dossier de
# travail), chacun terminé par « / » : aucun message ne les nomme, il dit le chemin à
# partir d'eux (« tp.py »). Le processus de travail les donne en démarrant.
FOLDERS: list[str] = []

# Les notebooks chargés (chemin donné à compile → leurs cellules) : une erreur qui s'y
# produit plus tard est située dans sa cellule (:func:`place`).
NOTEBOOKS: dict[str, Notebook] = {}


def without_folders(text: str) -> str:
    """Le texte d'un message sans les dossiers de la notation (:data:`FOLDERS`).

    >>> FOLDERS.append("/sandbox/soumission/")
    >>> without_folders("cannot import name 'main' from 'tp' (/sandbox/soumission/tp.py)")
    "cannot import name 'main' from 'tp' (tp.py)"
    >>> FOLDERS.clear()
    """
    for folder in sorted(FOLDERS, key=len, reverse=True):
        text = text.replace(folder, "")
    return text


def place(filename: str, line: int, root: str) -> tuple[str, int, int | None]:
    """Où est la ligne ``line`` du fichier ``filename`` (un fichier du rendu, sous
    ``root``), dite à l'étudiant : (nom du fichier, ligne, cellule). Dans un notebook, le
    nom du notebook, la cellule et la ligne dans la cellule ; ailleurs, le chemin à
    partir de ``root`` et None."""
    notebook = NOTEBOOKS.get(filename)
    found = notebook.place(line) if notebook is not None else None
    if found is not None:
        return notebook.name, found[1], found[0]
    return os.path.relpath(filename, root), line, None


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
        detail = without_folders(str(error))[:300]
    except BaseException:
        detail = ""
    missing = re.match(r"cannot import name '(\w+)' from '([\w.]+)'", detail)
    if isinstance(error, ImportError) and missing:
        return f"elle importe « {missing[1]} » de {missing[2]}, qui ne le définit pas"
    kind = type(error).__name__
    return f"elle lève {kind} : {detail}" if detail else f"elle lève {kind}"


# ---------------------------------------------------------------------------
# 1. Retirer ce qui ne se compile pas
# ---------------------------------------------------------------------------

# parso ne découpe qu'un texte de taille et de profondeur raisonnables. Son analyse croît
# bien plus vite que la profondeur des parenthèses (10 000 « ( » : 0,7 s et 70 Mio ;
# 100 000 : 8 s et 480 Mio) ; sur 100 000 caractères sans parenthèses, le pire texte
# essayé (33 000 appels f() enchaînés) prend 1,5 s et 50 Mio, 4 s à 250 000 caractères.
# Python lui-même refuse plus de 200 parenthèses imbriquées et 100 niveaux de décalage.
# Au-delà, un texte qui ne se compile pas est coupé avant chaque définition, sans parso.
MAX_CHARACTERS = 100_000  # environ 7 fois la solution de référence
MAX_DEPTH = 100


def code_lines(source: str) -> list[str]:
    r"""Les lignes du texte comme Python les compte, fins de ligne gardées : coupées aux
    seuls « \n » (``str.splitlines`` couperait aussi aux « \f » et « \u2028 » qu'une
    chaîne peut contenir, et décalerait les numéros de ligne).

    >>> code_lines("a = '\u2028'\nb = 1")
    ["a = '\u2028'\n", 'b = 1']
    """
    lines = source.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def nesting(source: str, grammar) -> int:
    """La plus grande profondeur de parenthèses (crochets, accolades) ou de décalages du
    texte, comptée sur les mots que découpe parso (un parcours linéaire, sans récursion,
    qui ne s'arrête sur aucune erreur)."""
    from parso.python.token import PythonTokenTypes
    from parso.python.tokenize import tokenize

    brackets = indents = deepest = 0
    for token in tokenize(source, version_info=grammar.version_info):
        if token.type is PythonTokenTypes.OP and token.string in ("(", "[", "{"):
            brackets += 1
        elif token.type is PythonTokenTypes.OP and token.string in (")", "]", "}"):
            brackets = max(brackets - 1, 0)
        elif token.type is PythonTokenTypes.INDENT:
            indents += 1
        elif token.type is PythonTokenTypes.DEDENT:
            indents = max(indents - 1, 0)
        deepest = max(deepest, brackets, indents)
    return deepest


def statement_starts(source: str) -> list[int] | None:
    """Les lignes où commence chaque instruction du niveau du module, selon parso.

    parso analyse même un texte faux : une erreur reste dans l'instruction qui la
    contient (une fonction dont une ligne a une parenthèse en trop reste une fonction),
    et l'instruction suivante commence où elle commence. Une instruction commence à la
    colonne 0 ; ce que parso laisse au niveau du module en se remettant d'une erreur,
    mais décalé (la suite d'une fonction fausse), va avec l'instruction d'avant.

    None : le texte est trop long ou trop imbriqué pour être découpé sans risque, ou
    parso n'y arrive pas.
    """
    if len(source) > MAX_CHARACTERS:
        return None
    try:
        grammar = import_parso().load_grammar()
        if nesting(source, grammar) > MAX_DEPTH:
            return None
        module = grammar.parse(source)
        starts = []
        for child in module.children:
            position = code_start(child)
            if position is not None and position[1] == 0:
                if not starts or position[0] > starts[-1]:
                    starts.append(position[0])
        return starts
    except Exception:
        # parso absent, une version de Python qu'il ne connaît pas, un texte qu'il ne
        # parcourt pas dans les limites du processus de travail (RecursionError,
        # MemoryError), ou qui le fait échouer : le fichier sera coupé sans lui.
        return None


def import_parso():
    """parso, emporté avec le correcteur, importé seulement pour un texte qui ne se compile
    pas. Le processus de travail n'a pas de dossier personnel (HOME) : le module de cache
    de parso, qui en calcule un en s'important (sans jamais s'en servir ici), le
    cherche alors dans XDG_CACHE_HOME, donné le temps de l'import."""
    saved = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = os.devnull
    try:
        import parso
    finally:
        if saved is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = saved
    return parso


def code_start(node) -> tuple[int, int] | None:
    """La position du premier mot d'un nœud de parso (ni décalage, ni fin de ligne)."""
    leaf = node.get_first_leaf()
    while leaf is not None and leaf.start_pos <= node.end_pos:
        if leaf.value.strip():
            return leaf.start_pos
        leaf = leaf.get_next_leaf()
    return None


def pieces_of(lines: list[str], regions: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Les passages (première, dernière ligne) du texte, un par instruction du niveau du
    module, chaque région (``regions`` : les cellules d'un notebook, ou le fichier
    entier) découpée à part ; une région entière, d'un bloc, si le texte est trop long
    pour être découpé ou si elle ne peut pas l'être. Les lignes qui précèdent la
    première instruction d'une région (commentaires, documentation) forment leur
    propre passage."""
    small = sum(map(len, lines)) <= MAX_CHARACTERS  # le texte entier, toutes cellules
    pieces = []
    for first, last in regions:
        text = "".join(lines[first - 1 : last])
        found = statement_starts(text) if small else None
        starts = [first - 1 + start for start in found or [1]]
        if starts[0] != first:
            starts.insert(0, first)
        ends = [start - 1 for start in starts[1:]] + [last]
        pieces += zip(starts, ends)
    return pieces


def error_line(error: SyntaxError, first: int, last: int) -> int:
    """La ligne fautive : celle que nomme le message (« … on line 12 »), sinon celle de
    Python, ramenée entre ``first`` et ``last``."""
    match = re.search(r"on line (\d+)", error.msg or "")
    number = int(match.group(1)) if match else (error.lineno or last)
    return min(max(number, first), max(last, first))


def compile_problem(text: str, filename: str, first: int, last: int) -> tuple[int, str] | None:
    """La ligne et l'explication de ce qui empêche ``text`` de se compiler (None : il
    compile) ; la ligne est ramenée entre ``first`` et ``last``."""
    nul = next((n for n, line in enumerate(code_lines(text), 1) if "\0" in line), None)
    if nul is not None:
        return nul, "caractère nul (\\0) dans le texte du fichier"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # les avertissements viendront à l'exécution
            compile(text, filename, "exec", dont_inherit=True)
    except SyntaxError as error:
        # « (detected at line 60) » : une ligne vue en compilant le passage seul, pas
        # forcément une ligne du passage ; la ligne fautive est dite à part.
        message = re.sub(r" \(detected at line \d+\)$", "", error.msg or "")
        return error_line(error, first, last), explain_syntax(message)
    except (ValueError, RecursionError, MemoryError) as error:  # trop imbriqué pour Python
        return first, explain_syntax(str(error))
    return None


class Removed:
    """Un passage retiré : ses instructions (indices des passages), l'erreur de la
    première."""

    __slots__ = ("indexes", "problem")

    def __init__(self, indexes: list[int], problem: tuple[int, str]):
        self.indexes = indexes
        self.problem = problem


def drop_uncompilable(
    source: str, filename: str, name: str, notebook: Notebook | None = None
) -> tuple[str, list[dict]]:
    """Le texte sans les instructions qui ne se compilent pas, et le rapport de chacune.

    Chaque instruction est compilée seule (précédée de lignes vides : les numéros de
    ligne restent ceux du fichier), ce qui situe chaque erreur dans son instruction. Une
    instruction fausse qui suit une instruction fausse sans définir de fonction (le
    ``else:`` d'un ``if`` faux, la parenthèse qui fermait une ligne fausse) est rapportée
    avec elle : une erreur, un message. Puis le fichier entier est compilé, tant qu'il ne
    se compile pas (un ``from __future__`` mal placé, qui se compile seul). Un fichier
    qui se compile en entier (le cas ordinaire) est gardé tel quel, sans parso.

    Un notebook (``notebook`` : ses cellules) est découpé cellule par cellule : comme
    dans Jupyter, une erreur ne sort jamais de sa cellule.
    """
    lines = code_lines(source)
    count = len(lines)
    if compile_problem(source, filename, 1, count) is None:
        return source, []
    regions = notebook.regions(count) if notebook is not None else [(1, count)]
    pieces: list[tuple[int, int]] = []
    problems: list[tuple[int, str] | None] = []
    for first, last in pieces_of(lines, regions):
        problem = piece_problem(lines, first, last, filename)
        parts = split_at_definitions(lines, first, last) if problem else []
        if len(parts) > 1:
            # Une instruction fausse qui contient plusieurs définitions en colonne 0 : une
            # chaîne entre triples guillemets jamais fermée (ou ouverte en trop) les a
            # avalées. Chacune est essayée seule : seule celle qui a l'erreur est perdue.
            pieces += parts
            problems += [piece_problem(lines, *part, filename) for part in parts]
        else:
            pieces.append((first, last))
            problems.append(problem)
    removed: list[Removed] = []
    for index, problem in enumerate(problems):
        if problem is None:
            continue
        if removed and removed[-1].indexes[-1] == index - 1 and not defined(lines, *pieces[index]):
            removed[-1].indexes.append(index)
        else:
            removed.append(Removed([index], problem))
    for _ in range(len(pieces) + 1):
        gone = {index for part in removed for index in part.indexes}
        blank = {n for i in gone for n in range(pieces[i][0], pieces[i][1] + 1)}
        text = "".join("\n" if n in blank else line for n, line in enumerate(lines, 1))
        problem = compile_problem(text, filename, 1, count)
        if problem is None:
            break
        left = [i for i in range(len(pieces)) if i not in gone]
        if not left:
            break
        before = [i for i in left if pieces[i][0] <= problem[0]]
        # Rien avant la ligne fautive : c'est la première instruction qui reste.
        removed.append(Removed([before[-1] if before else left[0]], problem))
    else:
        text = ""
    dropped = [passage_report(lines, pieces, part, name) for part in removed]
    return text, sorted(dropped, key=lambda d: d["line"])


def piece_problem(lines: list[str], first: int, last: int, filename: str):
    """Ce qui empêche les lignes ``first`` à ``last`` de se compiler seules (voir
    :func:`compile_problem`), précédées de lignes vides : les numéros de ligne restent
    ceux du fichier."""
    piece = "\n" * (first - 1) + "".join(lines[first - 1 : last])
    return compile_problem(piece, filename, first, last)


def split_at_definitions(lines: list[str], first: int, last: int) -> list[tuple[int, int]]:
    """Les lignes ``first`` à ``last`` coupées avant chaque définition en colonne 0
    (``def``, ``class``, avec leurs décorateurs)."""
    starts = [first]
    for number in range(first + 1, last + 1):
        line = lines[number - 1]
        if DEFINITION.match(line) and not DECORATOR.match(lines[number - 2]):
            starts.append(number)
    ends = [start - 1 for start in starts[1:]] + [last]
    return list(zip(starts, ends))


def defined(lines: list[str], first: int, last: int) -> list[str]:
    """Les fonctions que définissent les lignes ``first`` à ``last`` (en colonne 0)."""
    return [m.group(1) for m in map(FUNCTION.match, lines[first - 1 : last]) if m]


def passage_report(lines: list[str], pieces: list[tuple[int, int]], part: Removed, name: str):
    """Le rapport d'un passage retiré : ses lignes (sans les lignes vides ni les
    commentaires qui l'entourent), la ligne fautive, l'erreur, les fonctions perdues."""
    first = pieces[min(part.indexes)][0]
    last = pieces[max(part.indexes)][1]
    line, message = part.problem
    while first < line and lines[first - 1].strip()[:1] in ("", "#"):
        first += 1
    while last > line and lines[last - 1].strip()[:1] in ("", "#"):
        last -= 1
    return {
        "file": name,
        "cell": None,
        "line": first,
        "end": last,
        "error_line": line,
        "text": lines[line - 1].strip()[:TEXT_LIMIT] if lines else "",
        "message": message,
        "functions": defined(lines, first, last),
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


def is_main_guard(statement: ast.stmt) -> bool:
    """``if __name__ == "__main__":`` : un bloc qu'un import n'exécute jamais ; le passer
    n'enlève rien, et le retour n'a pas à en parler.

    >>> is_main_guard(ast.parse('if __name__ == "__main__":\\n    main()').body[0])
    True
    """
    if not isinstance(statement, ast.If) or statement.orelse:
        return False
    test = statement.test
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )


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
    lines = code_lines(source)
    tree = ast.parse(source, filename)
    if tree.body and isinstance(tree.body[0], ast.Expr):
        value = tree.body[0].value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            namespace.setdefault("__doc__", value.value)
    flags = 0
    for statement in tree.body:
        flags |= future_flags(statement)
        text = lines[statement.lineno - 1].strip()[:TEXT_LIMIT]
        entry = {"file": name, "cell": None, "line": statement.lineno, "text": text, "name": None}
        if definitions_only and is_main_guard(statement):
            continue
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
    source = source.replace("\r\n", "\n").replace("\r", "\n")  # comme Python les lit
    notebook = notebook_of(source)
    NOTEBOOKS.pop(filename, None)
    if notebook is not None:
        name = notebook.name
        NOTEBOOKS[filename] = notebook
    name = name or os.path.basename(filename)
    kept, dropped = drop_uncompilable(source, filename, name, notebook)
    report = LoadReport(dropped=dropped, notebook=notebook and notebook.name)
    run_statements(kept, filename, name, namespace, report, definitions_only)
    if notebook is not None:
        for item in report.dropped + report.skipped:
            in_cell(item, notebook)
    return report


def in_cell(item: dict, notebook: Notebook):
    """Un passage retiré ou une instruction passée d'un notebook, ses lignes comptées dans
    sa cellule (un passage ne sort jamais de sa cellule : voir ``drop_uncompilable``)."""
    found = notebook.place(item["line"])
    if found is None:
        return
    cell, line = found
    shift = item["line"] - line
    item["cell"] = cell
    for key in ("line", "end", "error_line"):
        if key in item:
            item[key] -= shift


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
