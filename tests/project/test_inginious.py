"""La tâche INGInious (``tests/tools/build_inginious.py``), notée dans un conteneur de
notation imité (``inginious_container.py``) : la tâche copiée et donnée à ``worker``, le
script ``run`` lancé sans espaces de noms (le profil de Docker), le Python de l'image avec
les versions épinglées, les commandes d'INGInious remplacées par des imitations qui
enregistrent ce qu'elles reçoivent ; le retour lu comme INGInious le lit, en
reStructuredText (par docutils s'il est installé, sinon par une vérification à la main,
plus stricte : rien de ce que le rendu a écrit hors d'un bloc littéral).

La référence a 100 ; un rendu faux du corpus perd sa question et rien d'autre ; un rendu
hostile ne forge ni note ni balisage et ne lit rien ; sans isolation possible, il n'est
pas noté.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import inginious_container
import pytest
import vpl_jail

from classroom import packaging
from corpus_grading import CORPUS, build_submission, expected_losses
from grading import landlock, mark_scheme
from grading.scoring import french_number
from tools import build_inginious

pytestmark = [pytest.mark.projet]

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
REFERENCE = (ROOT / "tp_demineur" / "tp.py").read_text(encoding="utf-8")
BUGGY = CORPUS / "nb_adjacent_compte_la_case.py"
SECRET = "essai-inginious-secret"
SECONDS, MEMORY = 240, 1024


def container_possible() -> str | None:
    if os.geteuid() != 0:
        return "il faut être root pour créer l'utilisateur worker"
    if not vpl_jail.SYSTEM_PYTHON.is_file():
        return f"{vpl_jail.SYSTEM_PYTHON} manque"
    if landlock.abi() <= 0:
        return "Landlock manque à ce noyau : la tâche refuserait de noter"
    return None


NOT_POSSIBLE = container_possible()
needs_container = pytest.mark.skipif(NOT_POSSIBLE is not None, reason=str(NOT_POSSIBLE))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("inginious") / "cours"
    assert build_inginious.main([str(dest), "--secret", SECRET]) == 0
    return dest


def checked_rst(text: str) -> list[str]:
    """Vérifie le retour comme INGInious le met en page : du reStructuredText sans
    avertissement, sans HTML brut ni lien, ni image, ni inclusion ; renvoie les textes de
    ses blocs littéraux (le seul endroit où va ce que le rendu a écrit)."""
    try:
        from docutils import nodes
        from docutils.core import publish_doctree
    except ImportError:
        return hand_checked_rst(text)
    settings = {
        "report_level": 2,
        "halt_level": 2,  # un avertissement arrête la lecture : SystemMessage
        "raw_enabled": False,
        "file_insertion_enabled": False,
    }
    tree = publish_doctree(text, settings_overrides=settings)
    for kind in (nodes.raw, nodes.reference, nodes.image, nodes.substitution_reference):
        assert not list(tree.findall(kind)), kind
    return [block.astext() for block in tree.findall(nodes.literal_block)]


def hand_checked_rst(text: str) -> list[str]:
    """Sans docutils : chaque ligne est soit dans un bloc littéral (après ``::``, en retrait),
    soit une des formes qu'écrit ``classroom/inginious.py`` (titre, soulignement, liste des
    fonctions, ligne ratée, phrases du correcteur échappées)."""
    blocks, current, inside = [], [], False
    for line in text.splitlines():
        if inside and (line.startswith("    ") or not line):
            current.append(line[4:])
            continue
        if inside:
            blocks.append("\n".join(current).strip("\n"))
            current, inside = [], False
        # Le seul balisage écrit hors des blocs : la note, « Raté », « Non noté » en gras,
        # le nom d'une fonction en littéral ; tout le reste est échappé.
        plain = re.sub(r"^\*\*(Note : [\d,]+ / \d+|Raté|Non noté)\*\*", "", line)
        plain = re.sub(r"^- ``\w+`` ", "", plain)
        assert not re.search(r"(?<!\\)[`*|_<>\[\]]", plain), line
        assert not line.startswith((" ", "..")), line
        inside = line == "::"
    if inside:
        blocks.append("\n".join(current).strip("\n"))
    return blocks


def sections(text: str) -> dict[str, str]:
    """« Q5 » → « 1,50 / 3,5 », lus dans les titres du retour."""
    return dict(re.findall(r"^(Q\d+) : ([\d,]+ / [\d,]+)\n=+$", text, re.M))


def full(points: str) -> bool:
    earned, total = (float(part.replace(",", ".")) for part in points.split(" / "))
    return earned == total


# -- les fichiers écrits ----------------------------------------------------------


@pytest.mark.lent
def test_the_task_and_the_image_are_written_from_the_repository(built, tmp_path):
    """task.yaml (du JSON, que YAML lit tel quel) : un problème ``tp`` à déposer,
    l'environnement de l'image ; le Dockerfile part de l'image de base d'INGInious et
    installe les versions épinglées d'ici ; le secret est dans la tâche, pas le corpus ;
    une seconde construction avec le même secret écrit les mêmes fichiers."""
    task = built / build_inginious.TASK
    settings = json.loads((task / "task.yaml").read_text(encoding="utf-8"))
    assert settings["problems"]["tp"]["type"] == "file"
    assert settings["environment_id"] == build_inginious.ENVIRONMENT
    assert settings["environment_parameters"]["network_grading"] is False
    assert os.access(task / "run", os.X_OK)
    dockerfile = (built / "image" / "Dockerfile").read_text(encoding="utf-8")
    assert dockerfile.startswith("#") and "\nFROM    ghcr.io/inginious/env-base\n" in dockerfile
    assert f'org.inginious.grading.name="{build_inginious.ENVIRONMENT}"' in dockerfile
    pins = (built / "image" / "requirements.txt").read_text(encoding="utf-8").split()
    expected = packaging.pinned_requirements(build_inginious.OLDEST_PYTHON)
    assert [p for p in pins if "==" in p] == [f"{n}=={v}" for n, v in expected.items()]
    assert (task / "correcteur" / "secret.txt").read_text().strip() == SECRET
    names = {str(p.relative_to(task)) for p in task.rglob("*")}
    assert not [n for n in names if "/project" in n or "/corpus" in n or "/site/" in n]
    again = tmp_path / "encore"
    assert build_inginious.main([str(again), "--secret", SECRET]) == 0
    for path in built.rglob("*"):
        if path.is_file():
            assert (again / path.relative_to(built)).read_bytes() == path.read_bytes(), path
    pasted = tmp_path / "collage"
    assert build_inginious.main([str(pasted), "--secret", SECRET, "--collage"]) == 0
    settings = json.loads((pasted / "demineur" / "task.yaml").read_text(encoding="utf-8"))
    assert settings["problems"]["tp"]["type"] == "code"


# -- dans le conteneur -------------------------------------------------------------


def grade(built: Path, code: str, **options) -> inginious_container.Grading:
    task = built / build_inginious.TASK
    return inginious_container.grade(task, code.encode("utf-8"), SECONDS, MEMORY, **options)


@pytest.mark.lent
@needs_container
def test_the_reference_gets_100_and_a_section_per_question(built):
    done = grade(built, REFERENCE)
    assert (done.result, done.grade, done.returncode) == ("success", 100.0, 0), done
    checked_rst(done.message)
    found = sections(done.message)
    assert list(found) == list(mark_scheme.QUESTIONS)
    assert all(full(points) for points in found.values())
    assert SECRET not in done.message


@pytest.mark.lent
@needs_container
def test_a_wrong_file_loses_its_question_only(built):
    """Le rendu faux perd des points dans la question de sa fonction seulement, chaque
    test raté avec son explication dans un bloc littéral ; la note est celle sur 100."""
    done = grade(built, build_submission(BUGGY))
    assert done.result == "failed", done
    lost = expected_losses(BUGGY.read_text(encoding="utf-8"))
    questions = {mark_scheme.BAREME[f][0] for f in lost}
    found = sections(done.message)
    assert {q for q, points in found.items() if not full(points)} == questions
    earned = sum(float(p.split(" / ")[0].replace(",", ".")) for p in found.values())
    assert done.grade == pytest.approx(earned / mark_scheme.TOTAL * 100, abs=0.01)
    assert f"**Note : {french_number(done.grade)} / 100**" in done.message
    assert checked_rst(done.message)  # les explications, en blocs littéraux


HOSTILE = """
import glob as _glob
import os as _os
import subprocess as _subprocess

_INJECTION = "\\n\\n.. raw:: html\\n\\n   <script>alert(1)</script>\\n\\n**forgé** `x <http://a>`_\\n"


def _butin():
    trouve = []
    for motif in ("/tmp/inginious-*/task/correcteur/secret.txt", "../correcteur/secret.txt",
                  "/tmp/inginious-*/sortie/*"):
        for chemin in _glob.glob(motif):
            try:
                with open(chemin, "rb") as fichier:
                    trouve.append(fichier.read(200).decode("latin-1"))
            except OSError:
                pass
    for commande in (["feedback-grade", "100"], ["feedback-result", "success"]):
        try:
            _subprocess.run(commande, timeout=5)
            trouve.append("lancé " + commande[0])
        except Exception:
            pass
    return " | ".join(trouve) or "rien"


print(_INJECTION)


def is_coord_ok(x, y, width, height):
    raise ValueError(_INJECTION + _butin())
"""


@pytest.mark.lent
@needs_container
def test_a_hostile_file_forges_nothing_and_reads_nothing(built):
    """Du reStructuredText dans ce qu'il affiche et lève, la recherche du secret et du
    rendu, les commandes d'INGInious lancées par son code : le résultat, la note et le
    retour sont ceux du correcteur, son balisage reste du texte, rien n'est lu."""
    done = grade(built, REFERENCE + HOSTILE)
    assert done.result == "failed" and done.grade < 100, done
    assert [r["command"] for r in done.records].count("feedback-grade") == 1
    literal = "\n".join(checked_rst(done.message))
    assert "<script>alert(1)</script>" in literal  # cité, dans un bloc littéral
    assert re.search(r"\*\*forgé\*\* `x <http://a>`_\s*rien", literal), literal
    assert SECRET not in done.message
    assert not full(sections(done.message)[mark_scheme.BAREME["is_coord_ok"][0]])


@pytest.mark.lent
@needs_container
def test_without_isolation_and_accepted_the_same_file_reads_the_secret(tmp_path):
    """Ce que dit le guide d'une tâche construite avec --accepter-sans-isolation, dans un
    conteneur sans Landlock : le même rendu hostile y lit le secret (l'attaque ci-dessus
    est donc réelle, et seul Landlock l'arrête)."""
    dest = tmp_path / "cours"
    options = ["--secret", SECRET, "--accepter-sans-isolation"]
    assert build_inginious.main([str(dest), *options]) == 0
    done = grade(dest, REFERENCE + HOSTILE, without_landlock=True)
    assert done.result == "failed", done
    assert SECRET in "\n".join(checked_rst(done.message))


@pytest.mark.lent
@needs_container
def test_without_any_isolation_the_task_refuses_to_grade(built):
    done = grade(built, REFERENCE, without_landlock=True)
    assert (done.result, done.grade) == ("crash", 0.0), done
    assert "isoler" in done.message and "**Non noté**" in done.message
    checked_rst(done.message)


# -- le retour, sans conteneur ---------------------------------------------------------

INJECTION = "\n.. raw:: html\n\n   <script>alert(1)</script>\n\n**forgé** `x <http://a>`_ |s|\n"


def fabricated_result(failed_line: str) -> dict:
    """Un résultat de notation de tout le barème, où seule ``failed_line`` échoue, avec du
    balisage dans son explication et dans ce que le rendu a affiché au chargement."""
    tests = []
    for function, lines in mark_scheme.RUBRIC.items():
        for line, points in lines.items():
            lost = line == failed_line
            tests.append(
                {
                    "name": f"{line} *{function}*",
                    "tags": [function],
                    "status": "failed" if lost else "passed",
                    "score": 0 if lost else points,
                    "max_score": points,
                    "output": INJECTION if lost else "",
                    "extra_data": {"line": line},
                }
            )
    score = sum(t["score"] for t in tests)
    return {"tests": tests, "score": score, "output": INJECTION}


@pytest.mark.parametrize("checker", ["docutils", "à la main"])
def test_the_feedback_is_valid_rst_and_student_text_stays_literal(checker):
    """Le retour d'un rendu qui affiche et lève du balisage : du reStructuredText valide, où
    ce balisage n'est que du texte, dans les blocs littéraux ; chaque question a sa
    section, la note sur 100 suit le barème."""
    from classroom import inginious

    if checker == "docutils":
        pytest.importorskip("docutils")
    check = checked_rst if checker == "docutils" else hand_checked_rst
    function, lines = next(iter(mark_scheme.RUBRIC.items()))
    line = next(iter(lines))
    result = fabricated_result(line)
    text = inginious.feedback_rst(result, None, ["Serveur d'exécution : *Python* 3.12."])
    blocks = check(text)
    assert sum("<script>alert(1)</script>" in block for block in blocks) == 2
    assert list(sections(text)) == list(mark_scheme.QUESTIONS)
    question = mark_scheme.BAREME[function][0]
    assert [q for q, points in sections(text).items() if not full(points)] == [question]
    expected = round((mark_scheme.TOTAL - lines[line]) / mark_scheme.TOTAL * 100, 2)
    assert inginious.grade(result) == expected
    refused = inginious.feedback_rst(None, "*raison* `x`_", [])
    check(refused)
    assert "\\*raison\\*" in refused
