"""Le correcteur mis à l'épreuve : chaque rendu du corpus perd des points exactement
sur les fonctions prévues (en-tête « # perd : » de chaque fichier de tests/data/corpus/).

Un rendu du corpus est la solution de référence suivie du fichier du corpus (qui
redéfinit les fonctions fautives), sauf si le fichier porte « # base : aucune ».
Un rendu qui porte « # faille : … » est une attaque qui trompe encore le correcteur :
son verdict est attendu faux (xfail strict), et l'en-tête dit ce qui réussit.
Les rendus notés sur toutes leurs fonctions (les attaques, le paquet, l'échantillon du
kit, les erreurs reconnues, les fichiers complets) forment une classe, notée d'un coup
par tests/tools/grade_class.py, comme le ferait un enseignant ; on vérifie aussi
notes.csv, les retours et la synthèse. Chaque rendu d'étudiant (ni attaque, ni paquet)
est noté dans trois tirages (le secret de la classe, les cas publics, un second secret),
sur les fonctions qu'il écrit ou doit perdre : son verdict doit être juste dans chacun,
et ses points, fonction par fonction, les mêmes dans les trois.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

import corpus_grading
from corpus_grading import (
    CLASS_DRAW,
    CLASS_ENTRIES,
    CORPUS,
    DRAWS,
    ENTRIES,
    FOLDER_ENTRIES,
    FOLDER_FILE,
    PACKAGE,
    REFERENCE,
    STUDENT_ENTRIES,
    TESTS,
    build_submission,
    draws_of,
    expected_lines,
    expected_losses,
    graded_functions,
    header,
    lost_lines,
    question_module,
    result_of,
)
from grading import mark_scheme
from grading.calls import ABORT_CAUSES
from grading.scoring import GRADESCOPE_FIELDS

pytestmark = [pytest.mark.projet, pytest.mark.lent]

ROOT = TESTS.parent


def known_hole(entry: Path) -> list:
    """La marque xfail stricte d'une attaque qui réussit encore (en-tête « # faille : »)."""
    reason = header(entry.read_text(encoding="utf-8"), "faille")
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []


@pytest.fixture(scope="session")
def graded_class(tmp_path_factory) -> Path:
    """Toute la classe du corpus, notée d'un coup ; renvoie le dossier des notes."""
    return corpus_grading.graded_class(tmp_path_factory)


def grade_alone(submission: Path, results: Path) -> dict:
    """Note un seul rendu avec la commande des enseignants ; renvoie son results.json."""
    command = [sys.executable, "-m", "pytest", str(TESTS), "-q", "--submission", str(submission)]
    command += ["--results-json", str(results)]
    subprocess.run(command, cwd=ROOT, capture_output=True, timeout=900)
    return json.loads(results.read_text(encoding="utf-8"))


def test_corpus_is_large_enough():
    wrong = [e for e in ENTRIES if expected_losses(e.read_text(encoding="utf-8"))]
    correct = [e for e in ENTRIES if not expected_losses(e.read_text(encoding="utf-8"))]
    assert len(wrong) >= 25, f"{len(wrong)} rendus faux seulement"
    assert len(correct) >= 4, f"{len(correct)} variantes correctes seulement"
    for entry in ENTRIES:
        text = entry.read_text(encoding="utf-8")
        losses = expected_losses(text)
        assert losses <= set(mark_scheme.BAREME), f"{entry.name} : fonctions inconnues {losses}"
        lines = expected_lines(text) or set()
        known = {line for f in losses for line in mark_scheme.RUBRIC[f]}
        assert lines <= known, f"{entry.name} : lignes inconnues {sorted(lines - known)}"


@pytest.mark.parametrize(
    "entry",
    [
        *(pytest.param(e, marks=known_hole(e), id=e.stem) for e in CLASS_ENTRIES),
        *(pytest.param(e, id=e.name) for e in FOLDER_ENTRIES),
        PACKAGE,
    ],
    ids=str,
)
def test_verdict(graded_class, entry):
    """Le rendu de la classe perd des points exactement sur les fonctions prévues, et
    seulement là."""
    if entry == PACKAGE:
        name, text = PACKAGE, None
    elif entry in FOLDER_ENTRIES:
        name, text = entry.name, (entry / FOLDER_FILE).read_text(encoding="utf-8")
    else:
        name, text = entry.stem, entry.read_text(encoding="utf-8")
    expected = set() if text is None else expected_losses(text)
    result = result_of(graded_class, name)
    lost = {t["tags"][0] for t in result["tests"] if t["status"] != "passed"}
    details = "\n".join(
        f"  [{t['tags'][0]}] {t['name']} : {t['output'][:300]}"
        for t in result["tests"]
        if t["status"] != "passed" and t["tags"][0] not in expected
    )
    assert lost == expected, (
        f"{name} : perd {sorted(lost)}, attendu {sorted(expected)}\n"
        f"{result.get('output', '')}\n{details}"
    )
    if not expected:
        assert result["score"] == pytest.approx(20.0)
    lines = None if text is None else expected_lines(text)
    if lines is not None:
        assert lost_lines(result) == lines, f"{name} : lignes perdues {sorted(lost_lines(result))}"


@pytest.fixture(scope="session")
def graded_draws(tmp_path_factory) -> dict[tuple[str, str], dict]:
    """Les rendus d'étudiants du corpus notés dans chacun de leurs tirages."""
    return corpus_grading.graded_draws(tmp_path_factory)


@pytest.mark.parametrize(
    ("entry", "draw"),
    [
        pytest.param(entry, draw, id=f"{entry.stem}-{draw}")
        for entry in STUDENT_ENTRIES
        for draw in draws_of(entry)
    ],
)
def test_verdict_in_every_draw(graded_draws, entry, draw):
    """Dans chaque tirage (le secret de la classe, les cas publics, un second secret), le
    rendu perd des points exactement sur les fonctions prévues : le verdict ne dépend pas
    des cas tirés."""
    result = graded_draws[(entry.stem, draw)]
    origin = "public" if DRAWS[draw] is None else "secret"
    assert result["extra_data"]["cases"]["origin"] == origin, (
        f"les cas de « {draw} » ne viennent pas de là où il faut (la variable "
        "TP_DEMINEUR_SECRET est-elle posée ?)"
    )
    graded = graded_functions(entry) or set(mark_scheme.FUNCTIONS)
    assert {t["tags"][0] for t in result["tests"]} == graded
    expected = expected_losses(entry.read_text(encoding="utf-8"))
    lost = {t["tags"][0] for t in result["tests"] if t["status"] != "passed"}
    details = "\n".join(
        f"  [{t['tags'][0]}] {t['name']} : {t['output'][:300]}"
        for t in result["tests"]
        if t["status"] != "passed" and t["tags"][0] not in expected
    )
    assert lost == expected, (
        f"{entry.stem}, {draw} : perd {sorted(lost)}, attendu {sorted(expected)}\n{details}"
    )
    lines = expected_lines(entry.read_text(encoding="utf-8"))
    if lines is not None:
        assert lost_lines(result) == lines, (
            f"{entry.stem}, {draw} : lignes perdues {sorted(lost_lines(result))}, "
            f"attendu {sorted(lines)}\n{details}"
        )


@pytest.mark.parametrize("entry", STUDENT_ENTRIES, ids=lambda entry: entry.stem)
def test_same_points_in_every_draw(graded_class, graded_draws, entry):
    """Le même rendu a les mêmes points dans chaque tirage, fonction par fonction : une
    faute coûte autant dans toutes les classes, et pas seulement dans les mêmes fonctions
    (un biais vu à coup sûr par un test et, selon les cas tirés, par un autre coûterait
    sinon plus ou moins d'une classe à l'autre) ; et rendu de nouveau avec un commentaire
    ajouté (« # lignes : »), il a les mêmes points."""
    graded = graded_functions(entry) or set(mark_scheme.FUNCTIONS)
    points = {}
    for draw in [CLASS_DRAW, *(d for d in draws_of(entry) if d != CLASS_DRAW)]:
        if draw == CLASS_DRAW:
            result = corpus_grading.verdict_with_class_secret(graded_class, graded_draws, entry)
        else:
            result = graded_draws[(entry.stem, draw)]
        per_function = dict.fromkeys(sorted(graded), 0.0)
        for test in result["tests"]:
            if test["tags"][0] in graded:
                per_function[test["tags"][0]] += test["score"]
        points[draw] = {name: round(value, 6) for name, value in per_function.items()}
    first = points[CLASS_DRAW]
    assert all(other == first for other in points.values()), points


def test_each_graded_test_is_named_after_its_function():
    """Les tirages choisissent les tests d'une fonction par son nom (``-k``), dans le
    module de sa question : chaque test noté porte le nom de sa fonction, et celui d'aucune
    autre, et il est dans ce module."""
    from classroom.rubric import collect_graded_tests

    for item in collect_graded_tests(TESTS):
        function = item.get_closest_marker("question").args[0]
        named = {name for name in mark_scheme.FUNCTIONS if name in item.name}
        assert named == {function}, (item.nodeid, named)
        assert Path(item.fspath) == question_module(function), (item.nodeid, function)


WITH_FEEDBACK = [e for e in ENTRIES if header(e.read_text(encoding="utf-8"), "retour")]


@pytest.mark.parametrize("entry", WITH_FEEDBACK, ids=lambda entry: entry.stem)
def test_the_feedback_names_the_mistake(graded_class, entry):
    """Une erreur de débutant reconnue (en-tête « # retour : ») est nommée dans le retour
    du premier test raté de sa fonction, et ce retour tient dans 80 colonnes."""
    text = entry.read_text(encoding="utf-8")
    phrase, losses = header(text, "retour"), expected_losses(text)
    result = result_of(graded_class, entry.stem)
    failed = [t for t in result["tests"] if t["status"] == "failed" and t["tags"][0] in losses]
    assert failed, entry.stem
    # Les phrases du retour sont coupées à 80 colonnes : on les lit recollées.
    assert phrase in " ".join(failed[0]["output"].split()), failed[0]["output"]
    for test in failed:
        widest = max(len(line) for line in test["output"].splitlines())
        assert widest <= 80, (test["name"], widest, test["output"])


def test_results_json_form(graded_class):
    """Le format results.json de Gradescope, champ par champ : les champs qu'il
    documente, et les faits du correcteur dans ``extra_data``."""
    result = result_of(graded_class, "nb_adjacent_compte_la_case")
    assert {"score", "execution_time", "tests", "extra_data"} <= set(result)
    assert set(result) <= GRADESCOPE_FIELDS
    assert set(result["extra_data"]) == {"max_score", "isolation", "loading", "cases"}
    assert result["extra_data"]["max_score"] == 20
    assert sum(t["max_score"] for t in result["tests"]) == pytest.approx(20.0)
    for test in result["tests"]:
        assert set(test) == {
            "name",
            "name_format",
            "number",
            "score",
            "max_score",
            "status",
            "output",
            "output_format",
            "tags",
            "visibility",
            "extra_data",
        }
        assert test["status"] in ("passed", "failed")
        assert test["extra_data"]["stop"] in (None, *ABORT_CAUSES)
        assert len(test["tags"]) == 1 and test["tags"][0] in mark_scheme.BAREME
        assert (test["status"] == "passed") == (test["score"] == test["max_score"])
        assert test["status"] == "passed" or test["output"]


def test_no_grading_folder_in_what_students_and_teachers_read(graded_class):
    """Les messages du correcteur nomment le fichier de l'étudiant, jamais un dossier de la
    notation (la copie privée, /sandbox, le dossier de la classe), même quand Python le
    met dans le sien (``is_coord_ok_lit_un_fichier_a_cote``). Les attaques sont laissées
    de côté : ce qu'elles affichent elles-mêmes est à elles."""
    folders = (str(graded_class.parent), "/sandbox", "demineur-notation-")
    for entry in CLASS_ENTRIES:
        if corpus_grading.is_hostile(entry):
            continue
        feedback = (graded_class / "retours" / f"{entry.stem}.txt").read_text(encoding="utf-8")
        result = (graded_class / "json" / f"{entry.stem}.json").read_text(encoding="utf-8")
        for folder in folders:
            assert folder not in feedback and folder not in result, (entry.stem, folder)
    feedback = (graded_class / "retours" / "is_coord_ok_lit_un_fichier_a_cote.txt").read_text(
        encoding="utf-8"
    )
    assert "elle importe « tirage » de random, qui ne le définit pas" in " ".join(feedback.split())


def test_loading_and_stops_are_facts_quoted_in_the_feedback(graded_class):
    """Ce qui est arrivé au chargement et aux appels est dans des champs du results.json ;
    le retour cite le code de l'étudiant en cause (ses mots à lui, pas les nôtres)."""

    def facts(name: str) -> tuple[dict, str]:
        feedback = (graded_class / "retours" / f"{name}.txt").read_text(encoding="utf-8")
        # Les phrases du retour sont coupées à 80 colonnes : on les lit recollées.
        return result_of(graded_class, name), " ".join(feedback.split())

    result, feedback = facts("hostile_erreur_de_syntaxe")
    [dropped] = result["extra_data"]["loading"]["dropped"]
    assert dropped["functions"] == ["propagate_open_cells"]
    text = " ".join(dropped["text"].split())
    assert text in feedback and str(dropped["error_line"]) in feedback
    stops = {t["tags"][0]: t["extra_data"]["stop"] for t in result["tests"]}
    assert stops["propagate_open_cells"] == "missing" and stops["is_finished"] is None

    result, feedback = facts("hostile_main_appele_a_l_import")
    loading = result["extra_data"]["loading"]
    assert loading["outcome"] == "loaded" and loading["read_input"]
    [skipped] = loading["skipped"]
    assert (skipped["text"], skipped["type"]) == ("main()", "EOFError")
    assert "main()" in feedback and 'if __name__ == "__main__":' in feedback

    result, _ = facts("hostile_while_true_pass")
    stops = {t["name"]: t["extra_data"]["stop"] for t in result["tests"] if t["status"] == "failed"}
    assert set(stops.values()) == {"cpu"}, stops

    for name, first_load, code in (
        ("hostile_os_exit_a_l_import", "died", "os._exit(0)"),
        ("hostile_boucle_a_l_import", "hung", "while True:"),
    ):
        result, feedback = facts(name)
        loading = result["extra_data"]["loading"]
        assert (loading["outcome"], loading["first_load"]) == ("definitions_only", first_load)
        assert [part["text"] for part in loading["skipped"]] == [code]
        assert code in feedback, name


def test_notes_csv_and_summary(graded_class):
    with (graded_class / "notes.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle, delimiter=";"))
    assert rows[0][:3] == ["etudiant", "rendu", "statut"]
    assert rows[0][-3:] == ["total (/20)", "lignes perdues", "remarques"]
    assert len(rows[0]) == len(mark_scheme.FUNCTIONS) + 6
    folders = {e.name for e in FOLDER_ENTRIES}
    assert {row[0] for row in rows[1:]} == {e.stem for e in CLASS_ENTRIES} | folders | {PACKAGE}
    for row in rows[1:]:
        assert row[2] == "noté", row
        points = [float(v.replace(",", ".")) for v in row[3:-2]]
        assert sum(points[:-1]) == pytest.approx(points[-1], abs=0.05)
    summary = (graded_class / "synthese.md").read_text(encoding="utf-8")
    count = len(CLASS_ENTRIES) + len(FOLDER_ENTRIES) + 1
    assert f"{count} rendu(s) : {count} noté(s), 0 non noté(s)." in summary
    assert "Contre-exemple le plus partagé" in summary
    assert "Raté par" in summary


def test_auxiliary_modules_named_like_python_or_the_grader_replace_nothing(graded_class):
    """Les modules auxiliaires nommés random.py, json.py, rescue.py, worker.py… (chacun
    arrête Python s'il est importé) sont copiés et importables, mais rien ne les importe à
    la place des vrais : le premier chargement va au bout (sans être refait avec les seules
    définitions), le vrai module auxiliaire sert, et le retour dit de les renommer."""
    name = "hostile_modules_auxiliaires_homonymes"
    result = result_of(graded_class, name)
    loading = result["extra_data"]["loading"]
    assert (loading["outcome"], loading["first_load"], loading["skipped"]) == ("loaded", None, [])
    assert result["score"] == pytest.approx(20.0)
    feedback = " ".join((graded_class / "retours" / f"{name}.txt").read_text("utf-8").split())
    assert "Modules auxiliaires copiés avec tp.py et importés comme lui : json.py," in feedback
    assert "outils.py" in feedback and "rescue.py" in feedback and "renommez-le" in feedback


def test_grading_is_deterministic(graded_class, tmp_path):
    """Le même rendu, noté une seconde fois, a exactement les mêmes résultats."""
    entry = CORPUS / "propagate_un_seul_parcours.py"  # dans la classe du corpus
    submission = tmp_path / entry.name
    submission.write_text(build_submission(entry), encoding="utf-8")
    first = result_of(graded_class, entry.stem)
    second = grade_alone(submission, tmp_path / "again.json")
    assert first["tests"] == second["tests"]
    assert first["score"] == second["score"]


def test_files_beside_a_submission_are_ignored(tmp_path):
    """Un conftest.py, un faux random.py et un faux tp_demineur/ à côté du rendu : ignorés."""
    (tmp_path / "soumission.py").write_text(REFERENCE.read_text(encoding="utf-8"), "utf-8")
    (tmp_path / "conftest.py").write_text("import sys\nsys.exit(3)\n")
    (tmp_path / "random.py").write_text("def sample(population, k):\n    return [0] * k\n")
    fake = tmp_path / "tp_demineur"
    fake.mkdir()
    (fake / "__init__.py").write_text("def is_coord_ok(x, y, width, height):\n    return True\n")
    result = grade_alone(tmp_path / "soumission.py", tmp_path / "resultat.json")
    assert result["score"] == pytest.approx(20.0)
