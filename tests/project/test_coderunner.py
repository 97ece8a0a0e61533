"""Les questions Moodle CodeRunner (``tests/tools/build_coderunner.py``), essayées comme sur
un serveur Jobe imité (``jobe_sandbox.py``) : le modèle rempli comme Twig le remplit, lancé
par ``python3 -BE`` dans un dossier neuf, sous un seul utilisateur sans espaces de noms, un
Python sans pytest, les limites de la question ; la sortie lue avec les règles de CodeRunner.

La référence a tous les points de chaque question ; un rendu faux du corpus perd, dans la
question de ses fonctions, exactement les lignes du barème que dit son en-tête, et rien
dans une autre question ; un rendu hostile ne forge ni note ni HTML et ne lit rien du
correcteur ; sans isolation possible, rien n'est noté.
"""

from __future__ import annotations

import ast
import base64
import io
import json
import os
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import jobe_sandbox
import pytest
import vpl_jail

from classroom import coderunner
from corpus_grading import (
    ENTRIES,
    build_submission,
    expected_lines,
    expected_losses,
    header,
    is_hostile,
)
from grading import landlock, mark_scheme
from tools import build_coderunner

pytestmark = [pytest.mark.projet]

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
REFERENCE = (ROOT / "tp_demineur" / "tp.py").read_text(encoding="utf-8")
SECRET = "essai-coderunner-secret"


def jobe_possible() -> str | None:
    """Pourquoi Jobe ne peut pas être imité ici (None : il le peut)."""
    if os.geteuid() != 0:
        return "il faut être root pour créer l'utilisateur de Jobe"
    if not vpl_jail.SYSTEM_PYTHON.is_file():
        return f"{vpl_jail.SYSTEM_PYTHON} manque"
    if landlock.abi() <= 0:
        return "Landlock manque à ce noyau : les questions refuseraient de noter"
    return None


NOT_POSSIBLE = jobe_possible()
needs_jobe = pytest.mark.skipif(NOT_POSSIBLE is not None, reason=str(NOT_POSSIBLE))


def rubric_lines(question: str) -> list[str]:
    """Les lignes du barème d'une question, dans son ordre."""
    return [line for f in mark_scheme.QUESTIONS[question] for line in mark_scheme.RUBRIC[f]]


def line_function(line: str) -> str:
    return next(f for f, lines in mark_scheme.RUBRIC.items() if line in lines)


@pytest.fixture(scope="module")
def quiz(tmp_path_factory) -> ET.Element:
    dest = tmp_path_factory.mktemp("coderunner") / "demineur.xml"
    assert build_coderunner.main([str(dest), "--secret", SECRET]) == 0
    return ET.parse(dest).getroot()


def questions_of(quiz: ET.Element) -> dict[str, ET.Element]:
    """Les questions CodeRunner du fichier, par question du sujet (« Q5 »)."""
    found = {}
    for element in quiz.findall("question[@type='coderunner']"):
        found[element.findtext("idnumber").removeprefix("tp-demineur-")] = element
    return found


def support_files(element: ET.Element) -> dict[str, bytes]:
    return {f.get("name"): base64.b64decode(f.text) for f in element.iter("file")}


# -- le fichier écrit (sans Jobe) ---------------------------------------------------


@pytest.mark.lent
def test_one_question_per_sujet_question_with_its_points_and_skeleton(quiz):
    """Une question par question du sujet au barème, dans son ordre ; sa note est la somme
    de ses lignes ; sa zone de réponse est le squelette de ses seules fonctions ; son énoncé
    est la section du sujet ; son modèle est un correcteur combinateur."""
    found = questions_of(quiz)
    assert list(found) == list(mark_scheme.QUESTIONS)
    sujet = (ROOT / "sujet" / "sujet.md").read_text(encoding="utf-8")
    for question, element in found.items():
        functions = mark_scheme.QUESTIONS[question]
        points = sum(sum(mark_scheme.RUBRIC[f].values()) for f in functions)
        assert float(element.findtext("defaultgrade")) == pytest.approx(points, abs=1e-6)
        assert element.findtext("grader") == "TemplateGrader"
        assert element.findtext("iscombinatortemplate") == "1"
        assert element.findtext("attachments") == "0"
        skeleton = ast.parse(element.findtext("answerpreload"))
        defined = [n.name for n in skeleton.body if isinstance(n, ast.FunctionDef)]
        assert defined == functions
        text = element.find("questiontext/text").text
        assert build_coderunner.sujet_section(sujet, question) in text
        assert set(support_files(element)) == {
            build_coderunner.PREPARATION_FILE,
            build_coderunner.BUNDLE_FILE,
        }


@pytest.mark.lent
def test_the_bundle_carries_the_grader_and_the_secret_not_the_project_tests(quiz, tmp_path):
    """Le paquet porte le correcteur, pytest, hypothesis et le secret, ni les tests du projet
    ni le corpus ; deux constructions avec le même secret écrivent le même fichier."""
    element = questions_of(quiz)["Q5"]
    data = support_files(element)[build_coderunner.BUNDLE_FILE]
    with zipfile.ZipFile(io.BytesIO(data)) as bundle:
        names = set(bundle.namelist())
        assert bundle.read("correcteur/secret.txt").decode().strip() == SECRET
    assert "correcteur/tests/tools/grade_coderunner.py" in names
    assert any(name.startswith("correcteur/site/hypothesis/") for name in names)
    assert any(name.startswith("correcteur/site/_pytest/") for name in names)
    assert not [n for n in names if "/project/" in n or "/corpus/" in n]
    again = tmp_path / "encore.xml"
    assert build_coderunner.main([str(again), "--secret", SECRET, "--question", "Q5"]) == 0
    element_again = questions_of(ET.parse(again).getroot())["Q5"]
    element_again.tail = element.tail  # ce qui suit la question dans le fichier
    assert ET.tostring(element_again) == ET.tostring(element)


HOSTILE_ANSWERS = [
    '"""\nimport os\nos.system("id")\n"""',
    '\\""" + __import__(\'os\').getcwd() + """',
    "é ★ \u2028 \x00 {{ STUDENT_ANSWER }} {% if 1 %}",
    "\\",
    "'''",
]


@pytest.mark.parametrize("answer", HOSTILE_ANSWERS)
def test_the_answer_enters_the_template_as_a_string_never_as_code(answer):
    """Le modèle rempli comme CodeRunner le remplit (json_encode puis e('py')) relit la
    réponse comme une chaîne, telle qu'elle, quoi qu'elle contienne."""
    program = jobe_sandbox.render_template(build_coderunner.template("Q5"), answer, "a.py,b")
    module = ast.parse(program)
    values = {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in module.body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
    }
    assert json.loads(values["REPONSE"]) == answer
    assert json.loads(values["DOCUMENTS_JOINTS"]) == "a.py,b"
    # Le même programme que pour une réponse vide, aux valeurs des chaînes près.
    empty = ast.parse(jobe_sandbox.render_template(build_coderunner.template("Q5"), "", ""))
    assert shape(module) == shape(empty)


def shape(module: ast.Module) -> str:
    """La forme d'un programme, sans la valeur de ses chaînes."""
    for node in ast.walk(module):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    return ast.dump(module)


def fake_result(question: str, failed: set[str]) -> dict:
    """Un results.json de la question, où échouent les lignes ``failed``."""
    tests = []
    for line in reversed(rubric_lines(question)):  # l'ordre de pytest n'est pas celui du barème
        function = line_function(line)
        points = mark_scheme.RUBRIC[function][line]
        lost = line in failed
        tests.append(
            {
                "name": f"<b>{line}</b>",
                "tags": [function],
                "status": "failed" if lost else "passed",
                "score": 0 if lost else points,
                "max_score": points,
                "output": "<script>alert(1)</script> contre-exemple" if lost else "",
                "extra_data": {"line": line},
            }
        )
    return {"tests": tests, "output": "<img src=x onerror=alert(1)>"}


def test_the_outcome_follows_the_rubric_and_escapes_what_the_student_wrote():
    """Le résultat d'une question : sa part des points, une ligne du tableau par ligne du
    barème, dans son ordre, les lignes ratées avec leur explication ; rien de ce que le
    code de l'étudiant a écrit n'est du HTML dans la page."""
    for question in mark_scheme.QUESTIONS:
        lines = rubric_lines(question)
        failed = {lines[-1]}
        outcome = coderunner.question_outcome(fake_result(question, failed), question, "<p>x</p>")
        total = mark_scheme.question_points(question)
        lost = mark_scheme.RUBRIC[line_function(lines[-1])][lines[-1]]
        assert outcome["fraction"] == pytest.approx((total - lost) / total, abs=1e-6)
        header_row, *rows = outcome["testresults"]
        assert header_row[0] == "iscorrect"
        assert [row[1] for row in rows] == [f"<b>{line}</b>" for line in lines]
        assert [row[0] for row in rows] == [0 if line in failed else 1 for line in lines]
        assert "contre-exemple" in rows[-1][3]
        assert set(outcome) <= jobe_sandbox.ALLOWED_FIELDS
        page = jobe_sandbox.student_page(outcome)
        assert "<script" not in page and "<img" not in page and "<b>" not in page
        assert "&lt;script&gt;" in page
        assert "<p>x</p>" not in page
        assert "<p>x</p>" in jobe_sandbox.student_page(outcome, teacher=True)


def test_a_result_of_other_functions_is_not_a_grade():
    """Un résultat qui ne porte pas exactement sur les lignes de la question (une ligne en
    moins, une d'une autre question) n'est pas une note : 0 et la raison."""
    result = fake_result("Q7", set())
    result["tests"] = result["tests"][1:]
    outcome = coderunner.question_outcome(result, "Q7")
    assert outcome["fraction"] == 0 and "testresults" not in outcome
    other = fake_result("Q7", set())
    other["tests"] += fake_result("Q9", set())["tests"]
    assert coderunner.question_outcome(other, "Q7")["fraction"] == 0


# -- sur Jobe ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def jobe() -> jobe_sandbox.Jobe:
    return jobe_sandbox.Jobe()


def check(
    jobe: jobe_sandbox.Jobe,
    element: ET.Element,
    answer: str,
    attachments: dict[str, bytes] | None = None,
) -> tuple[dict, jobe_sandbox.Run]:
    """« Vérifier » : le modèle rempli, lancé sur Jobe avec les réglages de la question,
    lu par CodeRunner."""
    names = ",".join(attachments or {})
    program = jobe_sandbox.render_template(element.findtext("template"), answer, names)
    run = jobe.run(
        program,
        support_files(element),
        int(element.findtext("cputimelimitsecs")),
        int(element.findtext("memlimitmb")),
        extra=attachments,
    )
    return jobe_sandbox.combinator_outcome(run), run


def lost_lines(question: str, outcome: dict) -> set[str]:
    """Les lignes du barème ratées, lues dans le tableau (une ligne par ligne du barème,
    dans son ordre)."""
    rows = outcome["testresults"][1:]
    lines = rubric_lines(question)
    assert len(rows) == len(lines), outcome
    return {line for line, row in zip(lines, rows) if row[0] != 1}


@pytest.mark.lent
@needs_jobe
@pytest.mark.parametrize("question", list(mark_scheme.QUESTIONS))
def test_the_reference_gets_every_point_of_each_question(quiz, jobe, question):
    outcome, run = check(jobe, questions_of(quiz)[question], REFERENCE)
    assert run.stderr == ""
    assert outcome["fraction"] == 1, outcome
    assert lost_lines(question, outcome) == set()
    assert SECRET not in run.stdout
    # Jobe n'a rien gardé du correcteur installé : le dossier de la préparation est effacé.
    assert not [name for name in run.left_files if name.startswith(".demineur")]


def corpus_entry(question: str) -> Path:
    """Un rendu faux du corpus dont les fautes sont toutes dans cette question (le premier,
    par ordre alphabétique)."""
    functions = set(mark_scheme.QUESTIONS[question])
    for entry in ENTRIES:
        text = entry.read_text(encoding="utf-8")
        if is_hostile(entry) or header(text, "perd") is None or header(text, "base"):
            continue
        losses = expected_losses(text)
        if losses and losses <= functions:
            return entry
    raise AssertionError(f"aucun rendu faux du corpus pour {question}")


@pytest.mark.lent
@needs_jobe
@pytest.mark.parametrize("question", list(mark_scheme.QUESTIONS))
def test_a_corpus_file_loses_exactly_its_lines_in_its_question_only(quiz, jobe, question):
    """Le rendu faux de cette question, suivi de celui de la question suivante : dans cette
    question, il perd exactement les fonctions de son en-tête (et ses lignes, si l'en-tête
    les dit), et chaque ligne ratée ses points ; la faute de l'autre question ne coûte rien
    ici."""
    order = list(mark_scheme.QUESTIONS)
    entry = corpus_entry(question)
    other = corpus_entry(order[(order.index(question) + 1) % len(order)])
    answer = build_submission(entry) + "\n\n" + other.read_text(encoding="utf-8")
    outcome, run = check(jobe, questions_of(quiz)[question], answer)
    assert run.stderr == ""
    text = entry.read_text(encoding="utf-8")
    lost = lost_lines(question, outcome)
    assert {line_function(line) for line in lost} == expected_losses(text), outcome
    if expected_lines(text) is not None:  # l'en-tête dit aussi les lignes perdues
        assert lost == expected_lines(text), outcome
    total = mark_scheme.question_points(question)
    kept = total - sum(mark_scheme.RUBRIC[line_function(line)][line] for line in lost)
    # Les points des tests sont arrondis à 4 décimales dans le résultat de la notation.
    assert outcome["fraction"] == pytest.approx(kept / total, abs=1e-4), outcome
    for row in outcome["testresults"][1:]:
        assert (row[0] == 1) == (row[3] == ""), row  # chaque test raté dit pourquoi


FORGED_JSON = '{"fraction": 1.0, "prologuehtml": "<script>alert(1)</script>"}'
HOSTILE = f"""
import glob as _glob
import os as _os
import sys as _sys

_CIBLES = [racine + chemin
           for racine in ("/tmp/jobe_*/", "/home/jobe/runs/jobe_*/")
           for chemin in (".demineur-*/c/secret.txt", "demineur_correcteur.zip",
                          ".demineur-*/c/tp_demineur/tp.py")]


def _butin():
    trouve = []
    for motif in _CIBLES:
        for chemin in _glob.glob(motif):
            try:
                with open(chemin, "rb") as fichier:
                    trouve.append(fichier.read(4000).decode("latin-1"))
            except OSError:
                pass
    return " | ".join(trouve) or "rien"


print({FORGED_JSON!r})
print({FORGED_JSON!r}, file=_sys.stderr)
_sys.__stdout__.write({FORGED_JSON!r})


def is_coord_ok(x, y, width, height):
    print({FORGED_JSON!r})
    raise ValueError("<script>alert(2)</script>" + _butin())
"""


@pytest.mark.lent
@needs_jobe
def test_a_hostile_answer_forges_nothing_and_reads_nothing(quiz, jobe):
    """Une réponse qui écrit un résultat forgé (sur la sortie et la sortie d'erreur), met
    du HTML dans ses messages et cherche le secret et le paquet : le résultat est celui
    du correcteur, sa faute lui coûte sa ligne, rien n'est lu, rien n'est du HTML."""
    question = mark_scheme.BAREME["is_coord_ok"][0]
    outcome, run = check(jobe, questions_of(quiz)[question], REFERENCE + HOSTILE)
    assert run.result == "succès" and run.stderr == "", run
    assert set(mark_scheme.RUBRIC["is_coord_ok"]) <= lost_lines(question, outcome)
    assert outcome["fraction"] < 1
    page = jobe_sandbox.student_page(outcome, teacher=True)
    assert "<script" not in page
    assert "&lt;script&gt;alert(2)&lt;/script&gt;rien" in page  # montré, échappé ; rien lu
    assert SECRET not in page and "def initialise_mines" not in page


@pytest.mark.lent
@needs_jobe
def test_without_isolation_and_accepted_the_same_answer_reads_the_secret(tmp_path):
    """Ce que dit l'encadré de l'enseignant d'une question construite avec
    --accepter-sans-isolation, sur un Jobe sans Landlock : la même réponse hostile y lit le
    secret des cas (l'attaque ci-dessus est donc réelle, et seul Landlock l'arrête)."""
    dest = tmp_path / "sans-isolation.xml"
    question = mark_scheme.BAREME["is_coord_ok"][0]
    options = ["--secret", SECRET, "--question", question, "--accepter-sans-isolation"]
    assert build_coderunner.main([str(dest), *options]) == 0
    element = questions_of(ET.parse(dest).getroot())[question]
    refusing = jobe_sandbox.Jobe(without_landlock=True)
    outcome, _ = check(refusing, element, REFERENCE + HOSTILE)
    assert SECRET in json.dumps(outcome["testresults"])
    assert "pourrait alors lire" in outcome["instructorhtml"]


@pytest.mark.lent
@needs_jobe
def test_an_answer_with_attachments_is_not_graded(quiz, jobe):
    """Des documents joints (que Python pourrait importer) : la réponse n'est pas notée, et
    la raison dit à l'enseignant quel réglage l'empêche."""
    files = {"random.py": b"raise SystemExit('import')\n"}
    outcome, _ = check(jobe, questions_of(quiz)["Q9"], REFERENCE, files)
    assert outcome["fraction"] == 0 and "testresults" not in outcome
    assert "random.py" in outcome["prologuehtml"]
    assert "Documents joints autorisés" in outcome["prologuehtml"]


@pytest.mark.lent
@needs_jobe
def test_without_any_isolation_the_question_refuses_to_grade(quiz):
    """Un Jobe dont Docker refuse aussi Landlock : la réponse n'est pas notée (son code
    pourrait lire le secret), la raison est dite ; l'enseignant lit le serveur trouvé."""
    refusing = jobe_sandbox.Jobe(without_landlock=True)
    outcome, run = check(refusing, questions_of(quiz)["Q9"], REFERENCE)
    assert outcome["fraction"] == 0 and "testresults" not in outcome
    assert "isoler" in outcome["prologuehtml"]
    assert "Serveur d'exécution" in outcome["instructorhtml"]
    assert SECRET not in run.stdout
