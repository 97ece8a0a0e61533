"""L'activité Moodle VPL (``tests/tools/build_vpl.py``), essayée dans une prison VPL
imitée (``vpl_jail.py``) : un prisonnier sans droits, sans espaces de noms, un Python
sans pytest, l'effacement des fichiers d'exécution non gardés, la sortie lue avec les
règles de VPL.

Un rendu juste a la note maximale de l'activité ; un rendu faux perd exactement ce
que lui retire ``pytest --submission`` avec le même secret ; un rendu inutilisable a la
note minimale et la raison ; un rendu hostile ne forge ni note ni commentaire et ne lit
rien du correcteur.
"""

from __future__ import annotations

import ast
import base64
import doctest
import hashlib
import io
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import vpl_jail

import typo_variants
from classroom import packaging, runner, vpl
from corpus_grading import CORPUS, build_submission, expected_losses
from grading import landlock, mark_scheme, scoring
from tools import build_vpl

pytestmark = [pytest.mark.projet, pytest.mark.lent]

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
REFERENCE = ROOT / "tp_demineur" / "tp.py"
BUGGY = TESTS / "data" / "corpus" / "nb_adjacent_compte_la_case.py"  # perd nb_adjacent_mines
SECRET = "essai-vpl-secret"


def jail_possible() -> str | None:
    """Pourquoi la prison ne peut pas être imitée ici (None : elle le peut)."""
    if os.geteuid() != 0:
        return "il faut être root pour créer le prisonnier"
    if not vpl_jail.SYSTEM_PYTHON.is_file():
        return f"{vpl_jail.SYSTEM_PYTHON} manque"
    return None


NOT_POSSIBLE = jail_possible()


def test_the_jail_python_has_only_the_standard_library():
    """Le Python de la prison imitée n'a rien de ce qu'emporte le paquet : s'il l'avait,
    les tests ci-dessous ne prouveraient pas que le paquet se suffit."""
    if NOT_POSSIBLE is not None:
        pytest.skip(NOT_POSSIBLE)
    python = vpl_jail.bare_python() / "python3"
    for module in ("pytest", "hypothesis", "pygments", "pluggy", "sortedcontainers"):
        done = subprocess.run([str(python), "-c", f"import {module}"], capture_output=True)
        assert done.returncode != 0, module


needs_jail = pytest.mark.skipif(NOT_POSSIBLE is not None, reason=str(NOT_POSSIBLE))


def landlock_here() -> bool:
    """Le noyau a-t-il Landlock ? (Sans lui, la prison refuse de noter : voir
    ``test_without_any_isolation_the_activity_refuses_to_grade``.)"""
    return landlock.abi() > 0


def build(dest: Path, *options: str) -> Path:
    assert build_vpl.main([str(dest), "--secret", SECRET, *options]) == 0
    return dest


@pytest.fixture(scope="module")
def activity(tmp_path_factory) -> Path:
    """Les fichiers d'exécution de l'activité, lisibles par le prisonnier."""
    dest = build(tmp_path_factory.mktemp("vpl") / "activite")
    dest.chmod(0o755)
    return dest


@pytest.fixture(scope="module")
def jail(activity) -> vpl_jail.Jail:
    return vpl_jail.Jail(activity)


def with_reference(text: str) -> str:
    return REFERENCE.read_text(encoding="utf-8") + "\n\n# --- rendu ---\n" + text


def pytest_result(submission: str, tmp_path: Path) -> dict:
    """Le results.json de ``python -m pytest tests --submission`` avec le secret de
    l'activité, ici (avec le bac à sable de cette machine)."""
    path = tmp_path / "pytest" / "tp.py"  # le même nom : les mêmes cas (secret.key)
    path.parent.mkdir()
    path.write_text(submission, encoding="utf-8")
    arguments = [*runner.pytest_arguments(path), f"--secret={SECRET}"]
    _, received, problem = runner.run_process(arguments, str(tmp_path))
    assert received, problem
    return json.loads(received)


def full_marks(title: str) -> bool:
    """« -Q4 is_coord_ok : 1,00 / 1 » : tous les points de la question ?"""
    earned, total = title.split(" : ")[1].split(" / ")
    return float(earned.replace(",", ".")) == float(total.replace(",", "."))


def blocks(output: str) -> list[list[str]]:
    """Les blocs de commentaires de la sortie, ligne à ligne."""
    found, current = [], None
    for line in output.splitlines():
        if line == vpl.BEGIN:
            current = []
        elif line == vpl.END and current is not None:
            found.append(current)
            current = None
        elif current is not None:
            current.append(line)
    return found


# -- les fichiers écrits ----------------------------------------------------------


def test_build_writes_files_that_fit_vpl_and_the_same_twice(tmp_path, activity):
    """Des fichiers de moins de 1 Mio, les mêmes octet pour octet à chaque construction
    avec le même secret ; le paquet porte le correcteur, pytest et le jeu, pas les tests
    du projet ; rien n'est à garder à l'exécution."""
    again = build(tmp_path / "encore")
    names = sorted(p.name for p in activity.iterdir())
    assert names == sorted(p.name for p in again.iterdir())
    for name in names:
        assert (activity / name).read_bytes() == (again / name).read_bytes(), name
        assert (activity / name).stat().st_size < build_vpl.UPLOAD_LIMIT, name
    assert (activity / build_vpl.KEEP_LIST).read_text(encoding="utf-8") == ""
    parts = sorted(activity.glob("correcteur-*.b64"))
    assert len(parts) >= 2
    data = b"".join(base64.b64decode(part.read_bytes()) for part in parts)
    bootstrap = (activity / build_vpl.BOOTSTRAP).read_text(encoding="utf-8")
    assert hashlib.sha256(data).hexdigest() in bootstrap
    inside = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "correcteur/secret.txt" in inside
    assert "correcteur/tests/tools/grade_vpl.py" in inside
    assert "correcteur/site/pytest/__init__.py" in inside
    assert "correcteur/site/hypothesis/__init__.py" in inside
    assert "jeu/tp_demineur/__main__.py" in inside
    assert not [name for name in inside if "/project/" in name or "/corpus/" in name]
    assert not [name for name in inside if name.startswith("jeu/") and "secret" in name]


def test_a_build_with_another_secret_differs(tmp_path, activity):
    other = tmp_path / "autre"
    assert build_vpl.main([str(other), "--secret", "un-autre-secret"]) == 0
    assert (other / "correcteur-1.b64").read_bytes() != (activity / "correcteur-1.b64").read_bytes()


# -- « Évaluer » --------------------------------------------------------------------


@needs_jail
def test_correct_file_gets_the_maximum(jail):
    if not landlock_here():
        pytest.skip("Landlock manque à ce noyau : la prison refuserait de noter")
    done = jail.evaluate({"tp.py": REFERENCE.read_bytes()})
    assert done.killed is None, done.output
    assert done.grade == "10.00", done.output
    titles = [block[0] for block in blocks(done.output)]
    assert titles[0] == "-Synthèse"
    assert len(titles) == 1 + len(mark_scheme.FUNCTIONS)
    assert all(full_marks(title) for title in titles[1:]), titles
    assert done.output.count(vpl.GRADE_TAG) == 1
    assert done.peak_memory < vpl_jail.DEFAULT_MEMORY
    assert "réglage de l'activité" not in done.output  # 640 Mo et 4 minutes suffisent
    # Le correcteur et son secret ne restent que dans .demineur/ : le paquet est effacé.
    assert not [name for name in done.left_files if name.startswith("correcteur-")]


@needs_jail
def test_wrong_file_loses_exactly_what_pytest_takes(jail, tmp_path):
    if not landlock_here():
        pytest.skip("Landlock manque à ce noyau : la prison refuserait de noter")
    submission = with_reference(BUGGY.read_text(encoding="utf-8"))
    expected = pytest_result(submission, tmp_path)
    assert expected["score"] < mark_scheme.TOTAL
    done = jail.evaluate({"tp.py": submission.encode()})
    assert done.grade == f"{scoring.scaled(expected['score'], 0, 10):.2f}", done.output
    failed = [t["name"] for t in expected["tests"] if t["status"] != "passed"]
    comments = done.comments
    for name in failed:
        assert f"Test raté : {name}" in comments


@needs_jail
def test_a_stray_paren_costs_its_function_only_as_with_pytest(jail, tmp_path):
    """Un « ) » en trop dans initialise_mines (typo_variants.SAMPLE) : la note de pytest, et
    le retour n'en dit qu'une phrase, sans dossier de la notation."""
    if not landlock_here():
        pytest.skip("Landlock manque à ce noyau : la prison refuserait de noter")
    submission = typo_variants.SAMPLE.text
    expected = pytest_result(submission, tmp_path)
    lost = {t["tags"][0] for t in expected["tests"] if t["status"] != "passed"}
    assert lost == {"initialise_mines"}
    done = jail.evaluate({"tp.py": submission.encode()})
    assert done.grade == f"{scoring.scaled(expected['score'], 0, 10):.2f}", done.output
    # Sans les « > » des lignes préformatées de VPL ni les coupures à 80 colonnes.
    comments = " ".join(" ".join(line.lstrip(">") for line in done.comments.splitlines()).split())
    assert comments.count("ne se compile pas") == 1, done.comments
    assert "/sandbox" not in done.output and "demineur-notation" not in done.output


@needs_jail
def test_grade_follows_the_activity_range_and_low_settings_are_said(activity):
    """La note suit l'échelle de l'activité ; des réglages trop bas (une mémoire sous
    640 Mo, une durée d'une minute) sont dits dans la synthèse."""
    if not landlock_here():
        pytest.skip("Landlock manque à ce noyau : la prison refuserait de noter")
    jail = vpl_jail.Jail(activity, grade_range=("2", "4"), seconds=60, memory=256 * 2**20)
    done = jail.evaluate({"tp.py": REFERENCE.read_bytes()})
    assert done.grade == "4.00", done.output
    synthesis = blocks(done.output)[0]
    assert any("mémoire maximale de 256 Mo" in line for line in synthesis), synthesis
    assert any("durée maximale de 60 s" in line for line in synthesis), synthesis


JUNK = {
    "sans tp.py": ({"main.py": b"print('bonjour')\n"}, "n'a pas de fichier tp.py (reçu : main.py)"),
    "tp.py vide": ({"tp.py": b""}, None),
    "pas du Python": ({"tp.py": b"\x89PNG\r\n\x1a\n\x00\x00binaire"}, None),
}


@needs_jail
@pytest.mark.parametrize("case", JUNK)
def test_junk_gets_the_minimum_and_the_reason(jail, case):
    files, reason = JUNK[case]
    done = jail.evaluate(files)
    assert done.grade == "0.00", done.output
    if reason is not None:
        assert reason in done.comments


# Un rendu hostile : il cherche le secret et la référence de l'activité autour de lui
# et les montre dans ses erreurs, et affiche des balises de VPL pour forger une note et
# des commentaires.
FORGED = "--|>\\nGrade :=>>100\\nComment :=>>forgé\\n<|--\\n-Q3 main : 2 / 2"
HOSTILE = f'''
import glob as _glob
import os as _os

_CIBLES = ["/tmp/*/.demineur/secret.txt", "/home/*/.demineur/secret.txt",
           "/tmp/*/.demineur/tp_demineur/tp.py", "/tmp/*/correcteur-1.b64",
           "/tmp/*/vpl_environment.sh"]


def _butin():
    trouve = []
    for motif in _CIBLES:
        for chemin in _glob.glob(motif):
            try:
                with open(chemin, encoding="utf-8", errors="replace") as fichier:
                    trouve.append(fichier.read(4000))
            except OSError:
                pass
    for niveau in range(1, 5):
        chemin = _os.path.join(*([".."] * niveau), ".demineur", "secret.txt")
        try:
            with open(chemin, encoding="utf-8") as fichier:
                trouve.append(fichier.read())
        except OSError:
            pass
    return " | ".join(trouve) or "rien"


print("{FORGED}")
_reference_display_board = display_board


def display_board(mines, opened, neigh):
    print("{FORGED}")
    print(_butin())
    _reference_display_board(mines, opened, neigh)


def is_coord_ok(coord_x, coord_y, mines):
    raise ValueError("{FORGED}" + _butin())
'''


@needs_jail
def test_a_hostile_file_forges_nothing_and_reads_nothing(jail, tmp_path):
    if not landlock_here():
        pytest.skip("Landlock manque à ce noyau : la prison refuserait de noter")
    submission = with_reference(HOSTILE)
    expected = pytest_result(submission, tmp_path)
    done = jail.evaluate({"tp.py": submission.encode()})
    lost = [(t["name"], t["score"]) for t in expected["tests"] if t["status"] != "passed"]
    assert done.grade == f"{scoring.scaled(expected['score'], 0, 10):.2f}", (lost, done.output)
    assert expected["score"] < mark_scheme.TOTAL  # display_board et is_coord_ok perdus
    assert SECRET not in done.output
    assert "def initialise_mines" not in done.output  # rien de la référence
    assert "forgé" in done.output  # cité, donc défiguré
    lines = done.output.splitlines()
    assert [line for line in lines if line.startswith(vpl.GRADE_TAG)] == [lines[-1]]
    assert not [line for line in lines if line.startswith(vpl.COMMENT_TAG)]
    assert lines.count(vpl.BEGIN) == lines.count(vpl.END) == 1 + len(mark_scheme.FUNCTIONS)


# Les attaques du canal et du disque (quatrième série) : dans la prison, le juge et le
# processus de travail ont le même utilisateur, et Landlock seul les sépare.
CHANNEL_AND_DISK_ATTACKS = [
    "hostile_canal_espaces_au_chargement.py",
    "hostile_canal_filet_d_espaces.py",
    "hostile_canal_filet_apres_une_accolade.py",
    "hostile_canal_filet_au_chargement.py",
    "hostile_remplit_le_dossier_de_travail.py",
    "hostile_tronque_le_correcteur.py",
]


@needs_jail
@pytest.mark.parametrize("name", CHANNEL_AND_DISK_ATTACKS)
def test_channel_and_disk_attacks_lose_what_their_code_deserves(jail, name):
    """Chacune perd, dans la prison, exactement ce que dit son en-tête (« # perd : »), et
    la notation va à son terme."""
    if not landlock_here():
        pytest.skip("Landlock manque à ce noyau : la prison refuserait de noter")
    entry = CORPUS / name
    done = jail.evaluate({"tp.py": build_submission(entry).encode()})
    assert done.killed is None, done.output
    titles = [block[0] for block in blocks(done.output)][1:]
    assert len(titles) == len(mark_scheme.FUNCTIONS), done.output
    lost = {title.split()[1] for title in titles if not full_marks(title)}
    assert lost == expected_losses(entry.read_text(encoding="utf-8")), done.output
    assert SECRET not in done.output


@needs_jail
def test_without_any_isolation_the_activity_refuses_to_grade(activity, tmp_path):
    """Une prison qui refuse aussi Landlock (un Docker ancien) : par défaut, aucune note
    (le code pourrait lire le secret) ; construite avec --accepter-sans-isolation, la
    notation a lieu."""
    refused = vpl_jail.Jail(activity, without_landlock=True).evaluate(
        {"tp.py": REFERENCE.read_bytes()}
    )
    assert refused.grade == "0.00", refused.output
    assert "isol" in refused.comments
    accepting = build(tmp_path / "sans-isolation", "--accepter-sans-isolation")
    accepting.chmod(0o755)
    graded = vpl_jail.Jail(accepting, without_landlock=True).evaluate(
        {"tp.py": REFERENCE.read_bytes()}
    )
    assert graded.grade == "10.00", graded.output


def test_the_preparation_examples_hold():
    """Les exemples de ``vpl_demineur.py`` (la lecture de ``VPL_SUBFILES``) sont justes."""
    module = runpy.run_path(str(packaging.PREPARATION))
    finder = doctest.DocTestFinder()
    runner_ = doctest.DocTestRunner()
    for name in ("submitted_names",):
        for test in finder.find(module[name], name, globs=module):
            runner_.run(test)
    assert runner_.summarize(verbose=False).failed == 0


@needs_jail
def test_missing_part_is_explained(activity, tmp_path):
    jail = vpl_jail.Jail(activity)
    del jail.files["correcteur-2.b64"]
    done = jail.evaluate({"tp.py": REFERENCE.read_bytes()})
    assert done.grade == "0.00"
    assert "correcteur-2.b64 manque" in done.comments


# -- des fichiers rendus qui prennent le nom d'un module ----------------------------


def bundle_names(activity: Path) -> set[str]:
    """Les noms de premier niveau que le correcteur importe depuis son paquet : ses
    modules, ses dossiers, et ce qu'il emporte de pytest et hypothesis (``site/``)."""
    bootstrap = (activity / build_vpl.BOOTSTRAP).read_text(encoding="utf-8")
    parts = re.search(r"'parts': (\[.*?\])", bootstrap).group(1)
    data = b"".join(
        base64.b64decode((activity / name).read_text()) for name in ast.literal_eval(parts)
    )
    names = set()
    with zipfile.ZipFile(io.BytesIO(data)) as bundle:
        for member in bundle.namelist():
            path = Path(member)
            for folder in ("correcteur/site", "correcteur/tests", "correcteur/tests/grading"):
                if str(path.parent).startswith(folder):
                    first = path.relative_to(folder).parts[0]
                    names.add(first.removesuffix(".py"))
    return {name for name in names if name.isidentifier()}


def shadows(names: set[str], markers: Path) -> dict[str, bytes]:
    """Un fichier par nom de module : s'il est jamais importé, il laisse un marqueur dans
    ``markers`` et le dit (sans rien importer lui-même)."""
    code = "open({path!r} + '/' + __name__, 'w').close()\nprint('INTRUS ' + __name__)\n"
    return {f"{name}.py": code.format(path=str(markers)).encode() for name in sorted(names)}


@pytest.fixture
def markers(tmp_path) -> Path:
    """Le dossier où un module de l'étudiant importé par erreur laisse son marqueur."""
    folder = tmp_path / "marqueurs"
    folder.mkdir()
    folder.chmod(0o1777)
    tmp_path.chmod(0o755)
    return folder


def every_module(activity: Path) -> set[str]:
    """Tout ce que la préparation ou le correcteur pourraient importer : la bibliothèque
    standard, pytest, hypothesis et ce qu'ils emportent, les modules du correcteur."""
    return set(sys.stdlib_module_names) | bundle_names(activity)


@needs_jail
@pytest.mark.parametrize("request_kind", ["evaluate", "run"])
def test_files_named_like_modules_are_refused_and_never_imported(
    jail, activity, markers, request_kind
):
    """Un tp.py juste, et à côté un fichier au nom de chaque module que la préparation et
    le correcteur importent (base64.py, zipfile.py, pytest.py…) et un paquet json/ : aucun
    n'est importé (la préparation tourne par python3 -I dans un dossier neuf), le rendu est
    refusé et la raison dit quoi faire, à l'étudiant et à l'enseignant."""
    names = every_module(activity)
    assert {"base64", "zipfile", "hashlib", "pytest", "hypothesis", "worker"} <= names
    submitted = {"tp.py": REFERENCE.read_bytes(), **shadows(names, markers)}
    submitted["json/__init__.py"] = b"print('INTRUS json')\n"
    if request_kind == "evaluate":
        done = jail.evaluate(submitted)
        assert done.grade == "0.00", done.output
        said = done.comments
    else:
        done = jail.run(submitted, "")
        said = done.output
    assert "rendez un seul fichier, nommé tp.py" in said, done.output
    assert "« Nombre maximal de fichiers » 1" in said
    assert not list(markers.iterdir()), sorted(p.name for p in markers.iterdir())
    everything = done.script_output + done.output
    assert "INTRUS" not in everything
    assert SECRET not in everything


@needs_jail
def test_a_single_file_under_another_name_is_refused(jail, markers):
    """Un seul fichier, nommé comme un module de la préparation (base64.py) : refusé
    sans être importé."""
    done = jail.evaluate(shadows({"base64"}, markers))
    assert done.grade == "0.00", done.output
    assert "pas de fichier tp.py (reçu : base64.py)" in done.comments
    assert not list(markers.iterdir())


@needs_jail
def test_the_grader_imports_nothing_from_the_working_folder(jail, activity, markers):
    """Même glissés dans le dossier de travail après la préparation (qui ne les a donc
    pas vus), des fichiers au nom de chaque module ne sont importés ni par le correcteur
    ni par son processus de travail avant que le code de l'étudiant ne soit isolé : la
    note est la note maximale."""
    if not landlock_here():
        pytest.skip("Landlock manque à ce noyau : la prison refuserait de noter")
    done = jail.evaluate(
        {"tp.py": REFERENCE.read_bytes()}, slipped_in=shadows(every_module(activity), markers)
    )
    assert done.grade == "10.00", done.output
    assert not list(markers.iterdir()), sorted(p.name for p in markers.iterdir())
    assert "INTRUS" not in done.output


# -- tout Python à partir de 3.10 ----------------------------------------------------


def interpreters() -> list[str]:
    """Un Python de chaque version à partir de 3.10 sur cette machine : celui des tests, ceux
    du chemin, ceux de pyenv (leur chemin réel, une version une fois)."""
    candidates = [sys.executable, *(shutil.which(f"python3.{minor}") for minor in range(10, 20))]
    candidates += sorted(str(path) for path in Path.home().glob(".pyenv/versions/3.*/bin/python3"))
    found: dict[str, str] = {}
    for command in filter(None, candidates):
        done = subprocess.run(
            [command, "-c", "import sys; print(sys.version_info[:2] >= (3, 10), sys.executable)"],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0 or not done.stdout.startswith("True "):
            continue
        executable = done.stdout.split(" ", 1)[1].strip()
        version = subprocess.run(
            [executable, "-c", "import sys; print(sys.version_info[:2])"],
            capture_output=True,
            text=True,
        ).stdout
        found.setdefault(version, executable)
    return sorted(found.values())


@pytest.mark.parametrize("python", interpreters())
def test_the_activity_grades_with_any_python_from_3_10(activity, tmp_path, python):
    """L'activité, construite avec le Python d'ici, prépare et note avec tout Python à partir
    de 3.10 (tout ce qu'elle emporte est en Python pur), et la synthèse dit lequel elle a
    trouvé : l'enseignant le lit en essayant l'activité, avant tout étudiant."""
    if not landlock_here() and shutil.which("bwrap") is None:
        pytest.skip("ni Landlock ni bubblewrap : l'activité refuserait de noter")
    home = tmp_path / "vpl"
    home.mkdir()
    for path in activity.iterdir():
        if path.name != build_vpl.KEEP_LIST:
            shutil.copy2(path, home / path.name)
    (home / "tp.py").write_bytes(REFERENCE.read_bytes())
    (home / "vpl_environment.sh").write_text(
        "export VPL_GRADEMIN=0\nexport VPL_GRADEMAX=20\nexport VPL_SUBFILE0=tp.py\n"
    )
    chosen = tmp_path / "bin"
    chosen.mkdir()
    (chosen / "python3").symlink_to(python)
    env = {"PATH": f"{chosen}:/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": str(home)}
    prepared = subprocess.run(
        ["bash", "vpl_evaluate.sh"], cwd=home, env=env, capture_output=True, text=True
    )
    assert prepared.returncode == 0 and (home / "vpl_execution").is_file(), prepared.stderr
    done = subprocess.run(
        ["./vpl_execution"], cwd=home, env=env, capture_output=True, text=True, timeout=600
    )
    version = subprocess.run(
        [python, "-c", "import platform; print(platform.python_version())"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert f"Serveur d'exécution : Python {version}, isolation" in done.stdout, done.stdout
    assert vpl_jail.proposed_grade(done.stdout) == "20.00", done.stdout + done.stderr


# -- « Exécuter » -------------------------------------------------------------------


@needs_jail
def test_run_plays_the_students_own_game(jail):
    """« Exécuter » : le jeu du kit autour du tp.py de l'étudiant, sans correcteur ni
    secret dans le dossier de travail."""
    moves = "3\n1\n1\n" + "".join(f"{x} 0\n" for x in range(3))
    done = jail.run({"tp.py": REFERENCE.read_bytes()}, moves)
    assert done.executed, done.script_output
    assert "Largeur du plateau" in done.output
    assert "Traceback" not in done.output
    assert not [name for name in done.left_files if "correcteur" in name or "secret" in name]
    assert not [name for name in done.left_files if name.startswith(".demineur")]


@needs_jail
def test_run_without_tp_py_says_so(jail):
    done = jail.run({"autre.py": b"x = 1\n"}, "")
    assert "pas de fichier tp.py" in done.output


@needs_jail
def test_a_python_that_cannot_read_the_bundle_is_explained(activity):
    """Un serveur dont le Python ne peut pas lire le paquet (trop ancien, ou pas celui du
    code compilé qu'il emporte) : la note minimale, et pourquoi."""
    jail = vpl_jail.Jail(activity)
    bootstrap = jail.files[build_vpl.BOOTSTRAP].decode("utf-8")
    changed, count = re.subn(r"'python': \[3, \d+\]", "'python': [3, 99]", bootstrap)
    assert count == 1
    jail.files[build_vpl.BOOTSTRAP] = changed.encode("utf-8")
    done = jail.evaluate({"tp.py": REFERENCE.read_bytes()})
    assert done.grade == "0.00", done.output
    assert "le serveur d'exécution a Python 3." in done.comments
    assert "3.99" in done.comments
