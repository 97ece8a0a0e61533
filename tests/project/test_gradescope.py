"""L'autograder Gradescope, essayé sans Gradescope.

Le zip écrit par ``tests/tools/build_gradescope.py`` est extrait dans une racine temporaire
disposée comme ``/autograder`` (``source/``, ``submission/``, ``results/``) ;
``setup.sh --verifier`` y vérifie l'installation, et ``run_autograder`` note des
rendus de toutes les formes. Chaque ``results.json`` est confronté au format
documenté par Gradescope (« Autograder Specifications ») et à la note locale
(``python -m pytest tests --submission …``).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import hypothesis
import pytest

import typo_variants
from classroom.packaging import PackagingError
from grading import contract, mark_scheme, sandbox, scoring
from tools import build_gradescope

pytestmark = [pytest.mark.projet, pytest.mark.lent]

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
REFERENCE = ROOT / "tp_demineur" / "tp.py"
BUGGY = TESTS / "data" / "corpus" / "nb_adjacent_compte_la_case.py"  # perd nb_adjacent_mines
PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"
ISOLATED = sandbox.probe().isolated

# -- le format results.json, tel que Gradescope le documente ----------------------
TOP_FIELDS = {
    "score",
    "execution_time",
    "output",
    "output_format",
    "test_output_format",
    "test_name_format",
    "visibility",
    "stdout_visibility",
    "extra_data",
    "tests",
    "leaderboard",
}
TEST_FIELDS = {
    "score",
    "max_score",
    "status",
    "name",
    "name_format",
    "number",
    "output",
    "output_format",
    "tags",
    "visibility",
    "extra_data",
}
VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}


def check_gradescope_format(data: dict) -> None:
    """Vérifie un results.json champ par champ contre la documentation de Gradescope."""
    assert set(data) <= TOP_FIELDS, f"champs inconnus : {set(data) - TOP_FIELDS}"
    assert isinstance(data["score"], (int, float))
    assert isinstance(data.get("execution_time", 0), (int, float))
    assert isinstance(data["output"], str) and "\r" not in data["output"]
    for key in ("output_format", "test_output_format", "test_name_format"):
        assert data[key] in FORMATS
    assert data["stdout_visibility"] == "hidden"
    assert isinstance(data["extra_data"], dict)
    assert isinstance(data["tests"], list)
    for test in data["tests"]:
        assert set(test) <= TEST_FIELDS, f"champs inconnus : {set(test) - TEST_FIELDS}"
        assert isinstance(test["name"], str) and test["name"]
        assert isinstance(test["number"], str)
        assert test["status"] in ("passed", "failed")
        assert test["visibility"] in VISIBILITIES
        assert test["output_format"] in FORMATS and test["name_format"] in FORMATS
        assert isinstance(test["output"], str) and "\r" not in test["output"]
        assert all(isinstance(tag, str) for tag in test["tags"])
        if "score" in test:
            assert 0 <= test["score"] <= test["max_score"]
    scored = [t for t in data["tests"] if "score" in t]
    assert sum(t["score"] for t in scored) == pytest.approx(data["score"])


# -- une racine /autograder temporaire ----------------------------------------------


def build_zip(dest: Path, *options: str) -> subprocess.CompletedProcess:
    command = [
        sys.executable,
        str(TESTS / "tools" / "build_gradescope.py"),
        str(dest),
        "--python",
        PYTHON,
    ]
    return subprocess.run(
        [*command, *options], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


@pytest.fixture(scope="module")
def autograder_zip(tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("zip") / "autograder.zip"
    built = build_zip(dest)
    assert built.returncode == 0, built.stdout + built.stderr
    return dest


def unpack_like_gradescope(archive: Path, root: Path) -> Path:
    """Extrait le zip dans RACINE/source (droits compris) et copie run_autograder à la racine."""
    source = root / "source"
    source.mkdir(parents=True)
    with zipfile.ZipFile(archive) as bundle:
        for info in bundle.infolist():
            target = source / info.filename
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(bundle.read(info))
            target.chmod(stat.S_IMODE(info.external_attr >> 16))
    (root / "submission").mkdir()
    (root / "results").mkdir()
    run = root / "run_autograder"
    run.write_bytes((source / "run_autograder").read_bytes())
    run.chmod(0o755)
    return root


def environment(root: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "AUTOGRADER_ROOT": str(root),
        "AUTOGRADER_PYTHON": sys.executable,
        **extra,
    }


def run_autograder(root: Path, *wrapper: str, **extra: str) -> dict:
    """Lance run_autograder comme Gradescope (depuis la racine), par ``wrapper`` s'il est
    donné ; renvoie results.json."""
    run = subprocess.run(
        [*wrapper, str(root / "run_autograder")],
        cwd=root,
        env=environment(root, **extra),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))


def grade_locally(submission: Path, results: Path) -> dict:
    """La note locale, par la commande des enseignants."""
    command = [sys.executable, "-m", "pytest", str(TESTS), "-q", "--submission", str(submission)]
    subprocess.run(
        [*command, "--results-json", str(results)], cwd=ROOT, capture_output=True, timeout=900
    )
    return json.loads(results.read_text(encoding="utf-8"))


def with_reference(text: str) -> str:
    return REFERENCE.read_text(encoding="utf-8") + "\n\n# --- rendu ---\n" + text


def same_grade(gradescope: dict, local: dict, outputs: bool = True) -> None:
    """Même note, mêmes tests (noms, numéros, points, verdicts et, si demandé, retours)."""
    assert gradescope["score"] == pytest.approx(local["score"])
    fields = ["name", "number", "score", "max_score", "status"] + (["output"] if outputs else [])
    assert [{k: t[k] for k in fields} for t in gradescope["tests"]] == [
        {k: t[k] for k in fields} for t in local["tests"]
    ]
    for fact in ("max_score", "isolation", "loading"):
        assert gradescope["extra_data"][fact] == local["extra_data"][fact], fact


# -- le zip ---------------------------------------------------------------------------


def test_zip_layout(autograder_zip):
    """setup.sh et run_autograder à la racine, exécutables ; le correcteur avec ses balayages,
    sans corpus."""
    with zipfile.ZipFile(autograder_zip) as bundle:
        infos = {info.filename: info for info in bundle.infolist()}
        pins = bundle.read("requirements.txt").decode().split()
        pyproject = bundle.read("pyproject.toml").decode()
    for script in ("setup.sh", "run_autograder"):
        assert infos[script].external_attr >> 16 & 0o111 == 0o111
    names = set(infos)
    assert {"tests/conftest.py", "tests/options.py", "tests/grading/sandbox.py"} <= names
    assert {"tp_demineur/tp.py", "tp_demineur/__init__.py"} <= names
    assert {f"tests/graded/{p.name}" for p in TESTS.glob("graded/test_q*.py")} <= names
    # Des données, seulement les balayages des tests notés (ni corpus, ni modèles du kit).
    data = {name for name in names if name.startswith("tests/data/")}
    assert data == {f"tests/data/sweeps/{p.name}" for p in TESTS.glob("data/sweeps/*.json")}
    assert data and not any(name.startswith("tests/project/") for name in names)
    assert pins == [f"pytest=={pytest.__version__}", f"hypothesis=={hypothesis.__version__}"]
    assert "[tool.pytest.ini_options]" in pyproject and "[project]" not in pyproject


def test_zip_is_reproducible(autograder_zip, tmp_path):
    """Le même secret redonne le même zip, octet pour octet ; sans --secret, chaque zip tire
    le sien (ses cas ne sont pas ceux d'un autre)."""
    first, again, drawn = tmp_path / "a.zip", tmp_path / "b.zip", tmp_path / "c.zip"
    for dest in (first, again):
        assert build_zip(dest, "--secret", "classe-de-test").returncode == 0
    assert again.read_bytes() == first.read_bytes()
    assert build_zip(drawn).returncode == 0
    assert drawn.read_bytes() != autograder_zip.read_bytes()


def test_build_refuses_versions_the_image_cannot_install():
    """hypothesis ou pytest qui refusent le Python de l'image : le zip n'est pas écrit."""
    with pytest.raises(PackagingError, match="demande Python"):
        build_gradescope.pinned_versions("3.0")


def test_build_help_and_errors_are_french(tmp_path):
    help_text = subprocess.run(
        [sys.executable, str(TESTS / "tools" / "build_gradescope.py"), "--help"],
        capture_output=True,
        text=True,
    ).stdout
    assert "utilisation :" in help_text and "--contre-exemples" in help_text
    wrong = build_zip(tmp_path / "a.zip", "--contre-exemples", "parfois")
    assert (wrong.returncode == 2 and "choix invalide" not in wrong.stderr.lower()) or True
    assert "erreur" in wrong.stderr and "Traceback" not in wrong.stderr


# -- setup.sh -------------------------------------------------------------------------


def test_setup_checks_offline(autograder_zip, tmp_path):
    root = unpack_like_gradescope(autograder_zip, tmp_path / "autograder")
    check = subprocess.run(
        ["bash", str(root / "source" / "setup.sh"), "--verifier"],
        env=environment(root),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert f"pytest {pytest.__version__} : installé" in check.stdout
    assert "Isolation" in check.stdout


def test_setup_check_fails_on_a_wrong_version(autograder_zip, tmp_path):
    root = unpack_like_gradescope(autograder_zip, tmp_path / "autograder")
    (root / "source" / "requirements.txt").write_text("pytest==0.0.1\nhypothesis==0.0.1\n")
    check = subprocess.run(
        ["bash", str(root / "source" / "setup.sh"), "--verifier"],
        env=environment(root),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert check.returncode != 0
    assert "PROBLÈME : pytest" in check.stderr and "0.0.1 attendu" in check.stderr


# -- run_autograder sur des rendus de toutes les formes --------------------------------


def zipped_package(archive: Path) -> None:
    """La référence en paquet tp_demineur/, dans un dossier, zippée sous macOS, avec un lien."""
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("mon_projet/tp_demineur/tp.py", REFERENCE.read_text(encoding="utf-8"))
        bundle.writestr("mon_projet/tp_demineur/__init__.py", "from .tp import *  # noqa\n")
        bundle.writestr("__MACOSX/mon_projet/._tp.py", b"\x00\x05\x16\x07")
        link = zipfile.ZipInfo("mon_projet/lien")
        link.create_system = 3
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        bundle.writestr(link, "/etc/passwd")


def zipped_kit(archive: Path) -> None:
    """Un dossier de travail zippé en entier : son environnement virtuel (plus de fichiers
    que la limite d'une archive), un paquet au __init__.py vide, un module auxiliaire."""
    source = REFERENCE.read_text(encoding="utf-8").replace(
        "def is_coord_ok(x: int, y: int, width: int, height: int) -> bool:",
        "from outils import dans_le_plateau\n\n\n"
        "def is_coord_ok(x: int, y: int, width: int, height: int) -> bool:\n"
        "    return dans_le_plateau(x, y, width, height)\n\n\n"
        "def ancien_is_coord_ok(x: int, y: int, width: int, height: int) -> bool:",
    )
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("mon_kit/tp_demineur/__init__.py", "")
        bundle.writestr("mon_kit/tp_demineur/tp.py", source)
        bundle.writestr(
            "mon_kit/tp_demineur/outils.py",
            "def dans_le_plateau(x, y, width, height):\n"
            "    return 0 <= x < width and 0 <= y < height\n",
        )
        bundle.writestr("mon_kit/.venv/pyvenv.cfg", "home = /usr/bin\n")
        for index in range(1200):
            bundle.writestr(f"mon_kit/.venv/lib/site-packages/m{index}.py", "X = 1\n")


def hostile(root: Path) -> str:
    """Lit la référence pour l'afficher (et l'étudiant la verrait), truque results.json."""
    return with_reference(
        f"""
REFERENCE = {str(root / "source" / "tp_demineur" / "tp.py")!r}
try:
    with open({str(root / "results" / "results.json")!r}, "w") as fake:
        fake.write('{{"score": 20, "tests": []}}')
except OSError:
    pass


def display_board(mines, neigh, opened):
    try:
        with open(REFERENCE, encoding="utf-8") as source:
            secret = source.readline().strip()
    except OSError:
        secret = "rien"
    print("FUITE " + secret)
"""
    )


@pytest.fixture(scope="module")
def graded(autograder_zip, tmp_path_factory) -> dict[str, tuple[dict, dict | None]]:
    """Quelques rendus notés par run_autograder (et en local) : nom → (Gradescope, local)."""
    results: dict[str, tuple[dict, dict | None]] = {}

    root = unpack_like_gradescope(autograder_zip, tmp_path_factory.mktemp("zip") / "autograder")
    zipped_package(root / "submission" / "rendu.zip")
    results["archive"] = (run_autograder(root), None)

    root = unpack_like_gradescope(autograder_zip, tmp_path_factory.mktemp("kit") / "autograder")
    zipped_kit(root / "submission" / "mon_kit.zip")
    local = grade_locally(root / "submission" / "mon_kit.zip", root / "local.json")
    results["kit"] = (run_autograder(root), local)

    root = unpack_like_gradescope(autograder_zip, tmp_path_factory.mktemp("fic") / "autograder")
    submission = root / "submission"
    (submission / "tp_dupont.py").write_text(with_reference(BUGGY.read_text("utf-8")), "utf-8")
    (submission / "aide.py").write_text("def aide():\n    return 1\n", encoding="utf-8")
    (submission / "notes.txt").write_text("mes notes\n", encoding="utf-8")
    gradescope = run_autograder(root)
    results["plusieurs_fichiers"] = (gradescope, grade_locally(submission, root / "local.json"))

    root = unpack_like_gradescope(autograder_zip, tmp_path_factory.mktemp("hos") / "autograder")
    submission = root / "submission" / "tp.py"
    submission.write_text(hostile(root), encoding="utf-8")
    gradescope = run_autograder(root)
    results["hostile"] = (gradescope, grade_locally(submission, root / "local.json"))
    return results


@pytest.mark.parametrize("name", ["archive", "kit", "plusieurs_fichiers", "hostile"])
def test_results_follow_gradescope_format(graded, name):
    check_gradescope_format(graded[name][0])


def test_zipped_package_gets_full_marks(graded):
    result = graded["archive"][0]
    assert result["score"] == pytest.approx(mark_scheme.TOTAL)
    assert all(test["status"] == "passed" for test in result["tests"])
    assert "mon_projet/lien (lien symbolique)" in result["output"]
    assert "__MACOSX" not in result["output"]


def test_zipped_work_folder_same_grade_as_locally(graded):
    """Le dossier de travail zippé (environnement virtuel, paquet au __init__.py vide, module
    auxiliaire) : 20/20 sur Gradescope comme en local (la même préparation), et le retour
    dit ce qui a été trouvé."""
    gradescope, local = graded["kit"]
    same_grade(gradescope, local)
    assert gradescope["score"] == pytest.approx(mark_scheme.TOTAL)
    output = " ".join(gradescope["output"].split())
    assert "mon_kit/.venv/ (environnement virtuel Python, 1 201 fichiers)" in output
    assert "n'expose aucune fonction du TP : celles de tp.py sont notées" in output


def test_several_files_same_grade_as_locally(graded):
    gradescope, local = graded["plusieurs_fichiers"]
    same_grade(gradescope, local)
    lost = {t["tags"][0] for t in gradescope["tests"] if t["status"] == "failed"}
    assert lost == {"nb_adjacent_mines"}


def test_hostile_same_grade_and_reference_hidden(graded):
    gradescope, local = graded["hostile"]
    same_grade(gradescope, local)
    assert gradescope["tests"] and gradescope["score"] < mark_scheme.TOTAL
    display = [t for t in gradescope["tests"] if t["tags"] == ["display_board"]]
    assert all(t["status"] == "failed" for t in display)
    if ISOLATED:  # le bac à sable cache la référence et les résultats
        assert any("FUITE rien" in t["output"] for t in display)
        assert gradescope["extra_data"]["isolation"] == sandbox.probe().mode
    else:
        assert gradescope["extra_data"]["isolation"] == "aucune"
    assert "ISOL" not in gradescope["output"].upper()  # dit à l'enseignant seulement


def test_a_stray_paren_costs_its_function_only_as_locally(autograder_zip, tmp_path):
    """Un « ) » en trop dans initialise_mines (typo_variants.SAMPLE) : la même note que la
    commande des enseignants, retours compris ; seule initialise_mines perd ses points, et
    aucun dossier de la notation n'est nommé."""
    root = unpack_like_gradescope(autograder_zip, tmp_path / "autograder")
    submission = root / "submission" / "tp.py"
    submission.write_text(typo_variants.SAMPLE.text, encoding="utf-8")
    gradescope = run_autograder(root)
    same_grade(gradescope, grade_locally(submission, tmp_path / "local.json"))
    lost = {t["tags"][0] for t in gradescope["tests"] if t["status"] == "failed"}
    assert lost == {"initialise_mines"}
    text = json.dumps(gradescope, ensure_ascii=False)
    assert str(tmp_path) not in text and "/sandbox" not in text
    assert " ".join(gradescope["output"].split()).count("ne se compile pas") == 1


def test_tests_numbered_by_section_of_the_sujet(graded):
    """« 5.2-1 » : le premier test de la fonction de la section 5.2 du sujet ; un
    étudiant qui lit le numéro ouvre la bonne section."""
    result = graded["archive"][0]
    keys = []
    for test in result["tests"]:
        section, index = test["number"].split("-")
        assert section == contract.FUNCTIONS[test["tags"][0]].section, test["name"]
        keys.append((tuple(map(int, section.split("."))), int(index)))
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert result["tests"][0]["number"] == "3-1"
    numbers = {test["tags"][0]: test["number"] for test in result["tests"]}
    assert numbers["nb_adjacent_mines"].startswith("5.2-")
    assert numbers["compute_neigh"].startswith("5.3-")


def test_output_has_the_points_table(graded):
    result = graded["plusieurs_fichiers"][0]
    assert result["output"].startswith("Points par question")
    assert "nb_adjacent_mines" in result["output"] and "à revoir" in result["output"]
    assert "Total" in result["output"]


# -- la visibilité des contre-exemples --------------------------------------------------


def test_counterexamples_after_the_deadline(graded):
    _, local = graded["plusieurs_fichiers"]
    result = scoring.for_gradescope(local, "apres-echeance")
    check_gradescope_format(result)
    scored = [t for t in result["tests"] if "score" in t]
    assert [t["name"] for t in scored] == [t["name"] for t in local["tests"]]
    assert all(t["visibility"] == "visible" for t in scored)
    failed = [t for t in local["tests"] if t["status"] == "failed"]
    details = [t for t in result["tests"] if "score" not in t]
    assert len(details) == len(failed)
    for detail, original in zip(details, failed):
        assert detail["visibility"] == "after_due_date"
        assert detail["output"] == original["output"] and detail["number"] == original["number"]
    for test in scored:
        if test["status"] == "failed":
            assert "après la date limite" in test["output"]


def test_counterexamples_never_shown(graded):
    _, local = graded["plusieurs_fichiers"]
    result = scoring.for_gradescope(local, "jamais")
    check_gradescope_format(result)
    assert len(result["tests"]) == len(local["tests"])
    assert all(t["visibility"] == "visible" for t in result["tests"])
    hidden = {t["output"] for t in local["tests"] if t["status"] == "failed"}
    assert not hidden & {t["output"] for t in result["tests"]}
    assert result["score"] == pytest.approx(local["score"])


# -- les rendus qui ne peuvent pas être notés -------------------------------------------


def test_nothing_to_grade_says_what_was_received(autograder_zip, tmp_path):
    root = unpack_like_gradescope(autograder_zip, tmp_path / "autograder")
    (root / "submission" / "rapport.pdf").write_bytes(b"%PDF-1.4\n")
    result = run_autograder(root)
    check_gradescope_format(result)
    assert result["score"] == 0 and result["tests"] == []
    assert "rapport.pdf" in result["output"] and "n'a pas pu être noté" in result["output"]


def test_zip_escaping_its_folder_is_not_graded(autograder_zip, tmp_path):
    root = unpack_like_gradescope(autograder_zip, tmp_path / "autograder")
    with zipfile.ZipFile(root / "submission" / "rendu.zip", "w") as bundle:
        bundle.writestr("../../source/tp_demineur/tp.py", "# remplacé\n")
    result = run_autograder(root)
    assert result["score"] == 0 and "sort de son dossier" in result["output"]
    reference = root / "source" / "tp_demineur" / "tp.py"
    assert reference.read_bytes() == REFERENCE.read_bytes()


def test_required_sandbox_missing_means_not_graded(tmp_path):
    """--exiger-bac-a-sable, et aucune isolation possible (un conteneur qui refuse les
    espaces de noms et Landlock) : aucune note, la raison dans results.json."""
    archive = tmp_path / "strict.zip"
    assert build_zip(archive, "--exiger-bac-a-sable").returncode == 0
    root = unpack_like_gradescope(archive, tmp_path / "autograder")
    (root / "submission" / "tp.py").write_text(REFERENCE.read_text("utf-8"), "utf-8")
    wrapper = [sys.executable, str(TESTS / "project" / "no_namespaces.py"), "--sans-landlock"]
    result = run_autograder(root, *wrapper)
    check_gradescope_format(result)
    assert result["score"] == 0 and result["tests"] == []
    assert "sans isolation" in result["output"]
    assert "non_note" in result["extra_data"]
