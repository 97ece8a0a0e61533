"""Construire les questions Moodle CodeRunner du TP : un fichier Moodle XML à importer
dans une banque de questions.

    python tests/tools/build_coderunner.py DEST [--secret SECRET] [--question Q5 …]
                                         [--temps 120] [--memoire 1000]
                                         [--accepter-sans-isolation]

Écrit DEST (un fichier ``.xml``) : une question CodeRunner par question du sujet qui a des
fonctions au barème (Q3 à Q10, ou celles de ``--question``), dans la catégorie « TP
démineur ». Chaque question a :

- son énoncé, la section du sujet (``sujet/sujet.md``, en Markdown, que Moodle met en
  page), précédé de ce qu'il faut écrire dans la zone de réponse ;
- sa zone de réponse pré-remplie du squelette du kit pour ses fonctions (leurs
  signatures et documentations, et ce que le module leur fournit) ;
- sa note, les points de ses fonctions au barème (``grading/mark_scheme.py``) ;
- un modèle (« Template ») correcteur combinateur, en Python : la réponse y entre comme une
  chaîne JSON, jamais comme du code ; il la fait noter par la préparation
  (``demineur_preparation.py``, ``tests/data/platforms/preparation.py``) puis par
  ``tests/tools/grade_coderunner.py``, avec le même correcteur, le même secret et le même
  barème que ``pytest --submission``, seulement sur les fonctions de la question ;
- ses fichiers d'aide : la préparation et le paquet du correcteur
  (``demineur_correcteur.zip`` : le correcteur, la référence, le secret, pytest et
  hypothesis en Python pur, pour tout Python à partir de 3.10) ;
- ses réglages : limite de temps de calcul (``--temps``, 120 s : le maximum que Jobe
  accepte par défaut) et de mémoire (``--memoire``, 1 000 Mo : la limite par défaut de Jobe
  pour Python 3).

Deux constructions avec le même secret, dans le même environnement, écrivent le même
fichier.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import re
import runpy
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
sys.path.insert(1, str(ROOT))
sys.path.insert(1, str(TESTS))
# Un Python trop ancien : un message en français avant tout autre import.
runpy.run_path(str(ROOT / "tp_demineur" / "python_version.py"))["require_python"]()

from classroom.kit import kit_tp_text  # noqa: E402
from classroom.packaging import (  # noqa: E402
    PackagingError,
    Vendored,
    grader_bundle,
    preparation_script,
    secret_choice,
    write_atomically,
    zip_bytes,
)
from classroom.platform_grading import add_isolation_option, isolation_arguments  # noqa: E402
from grading import mark_scheme, secret  # noqa: E402
from grading.scoring import french_number  # noqa: E402
from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402

PROGRAMS = ["tools/grade_coderunner.py"]  # ce que lance la préparation
BUNDLE_FILE = "demineur_correcteur.zip"
PREPARATION_FILE = "demineur_preparation.py"
CATEGORY = "$course$/top/TP démineur"
# Les limites de Jobe : 5 s de calcul par défaut, 120 s au plus (cputime_upper_limit_secs) ;
# 1 000 Mo de mémoire par défaut pour Python 3 (par processus : RLIMIT_AS).
DEFAULT_SECONDS = 120
MAXIMUM_SECONDS = 120
DEFAULT_MEMORY = 1000
# Le correcteur pose 512 Mio d'espace d'adresses au code de l'étudiant (limits.Limits) : Jobe
# doit en permettre plus à chaque processus.
MINIMUM_MEMORY = 600
ANSWER_LINES = 30

# Le modèle de chaque question (Twig, puis Python 3 sur Jobe). La réponse et les noms des
# documents joints y entrent par le filtre json_encode (de l'ASCII sans caractère de
# contrôle), puis e('py') (guillemets et barres obliques inverses échappés) : une chaîne
# entre triples guillemets, que Python relit telle qu'elle, jamais du code.
TEMPLATE = '''\
# Correcteur du TP démineur, question {question} (écrit par tests/tools/build_coderunner.py).
# La réponse de l'étudiant entre ici comme une chaîne JSON, jamais comme du code ; la
# préparation (un fichier d'aide) la fait noter et écrit le résultat pour CodeRunner.
import os
import sys

# Le dossier de travail (le programme, les fichiers d'aide, d'éventuels documents joints)
# n'est jamais dans les chemins d'import.
sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != os.getcwd()]

import runpy

REPONSE = """{{{{ STUDENT_ANSWER | json_encode | e('py') }}}}"""
DOCUMENTS_JOINTS = """{{{{ ATTACHMENTS | json_encode | e('py') }}}}"""
runpy.run_path("{preparation}", run_name="demineur_preparation")["coderunner"](
    REPONSE, "{question}", DOCUMENTS_JOINTS
)
'''

INTRODUCTION = """\
*Dans la zone de réponse, écrivez {listed} : le squelette y est déjà, remplacez chaque \
`raise NotImplementedError` par votre code.* Vous pouvez ajouter vos propres fonctions \
auxiliaires. Les autres fonctions du TP sont celles de la correction : appelez-les par leur \
nom, sans recopier leur code. « Vérifier » fait noter votre réponse ({points} sur 20) : \
chaque test est réussi ou raté, et un test raté dit pourquoi, avec un contre-exemple.

"""


def question_functions(question: str) -> list[str]:
    return mark_scheme.QUESTIONS[question]


def sujet_section(sujet: str, question: str) -> str:
    """La section du sujet d'une question (« Q5 » : de « ## 5. » à la section suivante)."""
    number = question.removeprefix("Q")
    match = re.search(rf"^## {re.escape(number)}\. .*?(?=^## |\Z)", sujet, re.M | re.S)
    if match is None:
        raise PackagingError(f"sujet/sujet.md n'a pas de section « ## {number}. » ({question})")
    return match.group().rstrip() + "\n"


def section_title(section: str) -> str:
    """Le titre d'une section : « Nombre de mines et voisinage »."""
    return section.splitlines()[0].split(". ", 1)[1].strip()


def statement(sujet: str, question: str) -> str:
    """L'énoncé d'une question, en Markdown : ce qu'il faut écrire, puis la section."""
    functions = question_functions(question)
    listed = ", ".join(f"`{name}`" for name in functions)
    listed = ("la fonction " if len(functions) == 1 else "les fonctions ") + listed
    points = french_number(mark_scheme.question_points(question), 0)
    return INTRODUCTION.format(listed=listed, points=points) + sujet_section(sujet, question)


def used_names(reference: str, functions: list[str]) -> set[str]:
    """Les noms que les fonctions ``functions`` de la référence lisent."""
    names: set[str] = set()
    for node in ast.parse(reference).body:
        if isinstance(node, ast.FunctionDef) and node.name in functions:
            names |= {inner.id for inner in ast.walk(node) if isinstance(inner, ast.Name)}
    return names


def with_comments(lines: list[str], first: int, last: int) -> list[str]:
    """Les lignes ``first`` à ``last`` (comptées à partir de 1) et les commentaires qui les
    précèdent immédiatement."""
    start = first - 1
    while start > 0 and lines[start - 1].startswith("#"):
        start -= 1
    return lines[start:last]


def preload(kit_tp: str, reference: str, question: str) -> str:
    """Le squelette d'une question : ce que le module du kit fournit à ses fonctions (un
    import, des constantes, avec leurs commentaires), puis ses fonctions, telles que le kit
    les donne (signature, documentation, ``raise NotImplementedError``)."""
    functions = question_functions(question)
    lines = kit_tp.splitlines()
    needed = used_names(reference, functions)
    header: list[str] = []
    bodies: dict[str, str] = {}
    for node in ast.parse(kit_tp).body:
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign)):
            if isinstance(node, ast.Assign):
                bound = {t.id for t in node.targets if isinstance(t, ast.Name)}
            else:
                bound = {(a.asname or a.name).split(".")[0] for a in node.names}
            if bound & needed:
                chunk = with_comments(lines, node.lineno, node.end_lineno or node.lineno)
                header += [line.replace("  # noqa: F401", "") for line in chunk]
        elif isinstance(node, ast.FunctionDef) and node.name in functions:
            first = node.lineno - len(node.decorator_list)
            bodies[node.name] = "\n".join(lines[first - 1 : node.end_lineno])
    missing = [name for name in functions if name not in bodies]
    if missing:
        raise PackagingError(f"le tp.py du kit n'a pas ces fonctions : {', '.join(missing)}")
    parts = ["\n".join(header)] if header else []
    parts += [bodies[name] for name in functions]
    return "\n\n\n".join(parts) + "\n"


def template(question: str) -> str:
    return TEMPLATE.format(question=question, preparation=PREPARATION_FILE)


def text_element(parent: ET.Element, tag: str, text: str, **attributes: str) -> ET.Element:
    """``<tag><text>…</text></tag>``, la forme des textes de Moodle XML."""
    element = ET.SubElement(parent, tag, attributes)
    ET.SubElement(element, "text").text = text
    return element


def field(parent: ET.Element, tag: str, value: object) -> None:
    ET.SubElement(parent, tag).text = str(value)


def question_element(
    question: str,
    sujet: str,
    kit_tp: str,
    reference: str,
    files: dict[str, bytes],
    seconds: int,
    memory: int,
) -> ET.Element:
    """Une question CodeRunner (les champs de ``questiontype.php``, dans son ordre)."""
    section = sujet_section(sujet, question)
    points = mark_scheme.question_points(question)
    element = ET.Element("question", {"type": "coderunner"})
    text_element(element, "name", f"TP démineur {question} : {section_title(section)}")
    text_element(element, "questiontext", statement(sujet, question), format="markdown")
    text_element(element, "generalfeedback", "", format="html")
    for tag, value in [
        ("defaultgrade", f"{points:.7f}"),
        ("penalty", "0.0000000"),
        ("hidden", 0),
        ("idnumber", f"tp-demineur-{question}"),
        ("coderunnertype", "python3"),
        ("prototypetype", 0),
        ("allornothing", 0),
        ("penaltyregime", "0"),
        ("precheck", 0),
        ("hidecheck", 0),
        ("showsource", 0),
        ("answerboxlines", ANSWER_LINES),
        ("answerboxcolumns", 100),
        ("answerpreload", preload(kit_tp, reference, question)),
        ("globalextra", ""),
        ("useace", 1),
        ("resultcolumns", ""),
        ("template", template(question)),
        ("iscombinatortemplate", 1),
        ("allowmultiplestdins", 0),
        ("answer", ""),
        ("validateonsave", 0),
        ("testsplitterre", ""),
        ("language", "python3"),
        ("acelang", ""),
        ("sandbox", ""),
        ("grader", "TemplateGrader"),
        ("cputimelimitsecs", seconds),
        ("memlimitmb", memory),
        ("sandboxparams", ""),
        ("templateparams", ""),
        ("hoisttemplateparams", 0),
        ("extractcodefromjson", 0),
        ("templateparamslang", "twig"),
        ("templateparamsevalpertry", 0),
        ("templateparamsevald", ""),
        ("twigall", 0),
        ("uiplugin", "ace"),
        ("uiparameters", ""),
        ("attachments", 0),
        ("attachmentsrequired", 0),
        ("maxfilesize", 10240),
        ("filenamesregex", ""),
        ("filenamesexplain", ""),
        ("displayfeedback", 0),
        ("giveupallowed", 0),
        ("prototypeextra", ""),
    ]:
        field(element, tag, value)
    testcases = ET.SubElement(element, "testcases")
    # Un cas de test vide : le formulaire de CodeRunner en demande au moins un ; le modèle
    # ne le lit pas (les tests sont ceux du correcteur).
    case = ET.SubElement(
        testcases,
        "testcase",
        {"testtype": "0", "useasexample": "0", "hiderestiffail": "0", "mark": "1.0000000"},
    )
    for tag in ("testcode", "stdin", "expected", "extra"):
        text_element(case, tag, "")
    text_element(case, "display", "HIDE")
    for name, data in files.items():
        attributes = {"name": name, "path": "/", "encoding": "base64"}
        ET.SubElement(testcases, "file", attributes).text = base64.b64encode(data).decode()
    return element


def support_files(root: Path, class_secret: str, options: list[str]) -> tuple[dict, Vendored]:
    """Les fichiers d'aide de chaque question : nom → octets ; et ce qu'ils emportent de
    pytest et hypothesis."""
    files, vendored = grader_bundle(root, class_secret, PROGRAMS)
    data = zip_bytes(files)
    digest = hashlib.sha256(data).hexdigest()
    preparation = preparation_script([BUNDLE_FILE], "zip", digest, vendored, options)
    return {PREPARATION_FILE: preparation.encode(), BUNDLE_FILE: data}, vendored


def quiz_xml(
    root: Path,
    class_secret: str,
    options: list[str],
    asked: list[str],
    seconds: int,
    memory: int,
) -> tuple[bytes, Vendored]:
    """Le fichier Moodle XML : la catégorie, puis une question par question ``asked``."""
    files, vendored = support_files(root, class_secret, options)
    sujet = (root / "sujet" / "sujet.md").read_text(encoding="utf-8")
    reference = (root / "tp_demineur" / "tp.py").read_text(encoding="utf-8")
    kit_tp = kit_tp_text(root)
    quiz = ET.Element("quiz")
    category = ET.SubElement(quiz, "question", {"type": "category"})
    text_element(category, "category", CATEGORY)
    for question in asked:
        quiz.append(question_element(question, sujet, kit_tp, reference, files, seconds, memory))
    ET.indent(quiz, space="  ")
    body = ET.tostring(quiz, encoding="unicode", short_empty_elements=False)
    text = '<?xml version="1.0" encoding="UTF-8"?>\n' + body
    return (text + "\n").encode("utf-8"), vendored


def question_choice(text: str) -> str:
    """Un type d'option : une question du sujet qui a des fonctions au barème."""
    if text not in mark_scheme.QUESTIONS:
        raise argparse.ArgumentTypeError(
            f"« {text} » n'est pas une question du barème ({', '.join(mark_scheme.QUESTIONS)})"
        )
    return text


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = FrenchParser(
        prog="python tests/tools/build_coderunner.py",
        description="Écrit les questions CodeRunner du TP (un fichier Moodle XML à importer "
        "dans la banque de questions d'un cours).",
    )
    parameters = parser.add_argument_group("paramètre")
    parameters.add_argument("dest", type=Path, metavar="DEST", help="le fichier .xml à écrire")
    options = parser.options_group()
    options.add_argument(
        "--secret",
        type=secret_choice,
        metavar="SECRET",
        help="le secret des questions, d'où chaque réponse tire ses cas (tiré au hasard s'il "
        "manque)",
    )
    options.add_argument(
        "--question",
        type=question_choice,
        action="append",
        metavar="QN",
        help="n'écrire que cette question (plusieurs fois : celles-là) ; par défaut, "
        f"{', '.join(mark_scheme.QUESTIONS)}",
    )
    options.add_argument(
        "--temps",
        type=bounded_int(30, MAXIMUM_SECONDS),
        default=DEFAULT_SECONDS,
        metavar="SECONDES",
        help=f"la limite de temps de calcul de chaque question ({DEFAULT_SECONDS} s : le "
        "maximum que Jobe accepte par défaut ; une réponse dont chaque fonction boucle en "
        "demande le plus)",
    )
    options.add_argument(
        "--memoire",
        type=bounded_int(MINIMUM_MEMORY, 4000),
        default=DEFAULT_MEMORY,
        metavar="MO",
        help=f"la limite de mémoire de chaque question ({DEFAULT_MEMORY} Mo : celle de Jobe "
        "pour Python 3)",
    )
    add_isolation_option(options)
    return parser.parse_args(argv)


def main(argv=None) -> int:
    arguments = parse_arguments(argv)
    drawn = arguments.secret is None
    class_secret = secret.draw() if drawn else arguments.secret
    asked = list(dict.fromkeys(arguments.question or mark_scheme.QUESTIONS))
    options = isolation_arguments(arguments)
    try:
        data, vendored = quiz_xml(
            ROOT, class_secret, options, asked, arguments.temps, arguments.memoire
        )
        write_atomically(arguments.dest, data)
    except (PackagingError, OSError) as error:
        print(f"Questions CodeRunner non écrites : {error}", file=sys.stderr)
        return 2
    listed = ", ".join(
        f"{q} ({french_number(mark_scheme.question_points(q), 0)} pt)" for q in asked
    )
    size = f"{len(data) / 2**20:.1f}".replace(".", ",")
    print(f"{arguments.dest} écrit ({size} Mo) : {len(asked)} question(s), {listed}.")
    version = ".".join(map(str, vendored.python))
    isolation = "peut manquer" if options else "exigée (Landlock)"
    print(
        f"Sur le serveur Jobe : Python {version} ou plus récent ; isolation : {isolation} ; "
        f"chaque question demande {arguments.temps} s de calcul et {arguments.memoire} Mo."
    )
    print(
        f"Secret des cas{' (tiré au hasard)' if drawn else ''} : {class_secret}. Gardez-le "
        f"pour vous ; --secret {class_secret} reconstruit des questions qui notent à "
        "l'identique."
    )
    print(
        "Dans Moodle : « Banque de questions », « Importer », format « Moodle XML », puis "
        "essayez chaque question (« Aperçu ») avec une réponse juste et une réponse fausse."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
