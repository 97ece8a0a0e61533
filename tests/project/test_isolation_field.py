"""L'isolation comme sur le terrain : là où bubblewrap ne peut pas créer ses espaces de noms.

Chaque notation est lancée par ``no_namespaces.py``, qui refuse les espaces de noms
comme le profil seccomp par défaut de Docker (Gradescope, PrairieLearn, INGInious, les
prisons de VPL) : le vrai bubblewrap y échoue, et le correcteur doit descendre d'un
échelon (Landlock, ``grading/sandbox.py``). Le correcteur tourne comme sur ces
plateformes, sur le Python du système, dans un environnement virtuel que
l'utilisateur sans droits peut lancer :

- en root (Docker, Gradescope) : le processus de travail passe sous ``nobody`` ;
- sous un utilisateur sans droits (VPL, Jobe, un portable Ubuntu 24.04) : le juge et le
  processus de travail ont le même utilisateur, et Landlock seul les sépare.

Sont notés : la référence (20), une soumission sans logique qui cherche la référence sur
le disque et l'exécute (rien pour les fonctions qu'elle n'écrit pas), une soumission
qui cherche le secret de la classe dans ``/proc`` et les fichiers (il ne paraît dans
aucune sortie), toutes les attaques du corpus en classe (chacune perd ce que son code
mérite, et rien ne survit à la notation), et l'autograder Gradescope dans une fausse
racine.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest

import doc_commands
from corpus_grading import (
    ENTRIES,
    REFERENCE,
    TESTS,
    build_submission,
    expected_losses,
    header,
    is_hostile,
    result_of,
)
from grading import mark_scheme

pytestmark = [pytest.mark.projet, pytest.mark.lent]

ROOT = TESTS.parent
WRAPPER = Path(__file__).with_name("no_namespaces.py")
SYSTEM_PYTHON = Path("/usr/bin/python3")
SECRET = "terrain-secret-1d4e9"
NOBODY = "nobody"

FIELD_POSSIBLE = (
    sys.platform.startswith("linux")
    and hasattr(os, "geteuid")
    and os.geteuid() == 0
    and SYSTEM_PYTHON.exists()
)
needs_field = pytest.mark.skipif(
    not FIELD_POSSIBLE,
    reason="il faut Linux, root (pour changer d'utilisateur) et le Python du système",
)

# Trouve un tp_demineur/tp.py de la référence n'importe où sur le disque, et l'exécute :
# sans isolation, ce fichier sans aucune logique du démineur avait 20/20.
FINDS_THE_REFERENCE = """
import os


def _find():
    for root, folders, files in os.walk("/"):
        if root.startswith(("/proc", "/sys", "/dev", "/usr")):
            folders[:] = []
            continue
        folders[:] = [f for f in folders if "packages" not in f and not f.startswith(".")]
        if os.path.basename(root) == "tp_demineur" and "tp.py" in files:
            path = os.path.join(root, "tp.py")
            try:
                with open(path, encoding="utf-8") as source:
                    text = source.read()
            except OSError:
                continue
            if "def play_the_game" in text and "NotImplementedError" not in text:
                space = {}
                exec(compile(text, path, "exec"), space)
                return space
    return {}


globals().update({k: v for k, v in _find().items() if not k.startswith("__")})
"""

# Cherche le secret partout où un processus du même utilisateur, ou root, le trouverait :
# la ligne de commande et l'environnement des autres processus, les fichiers lisibles ;
# l'affiche dans son propre retour (display_board). Il s'arrête au premier trouvé : sans
# isolation, le parcours de tout le disque n'a pas lieu.
HUNTS_THE_SECRET = """

def _hunt():
    import os

    def seen(text):
        start = text.find("terrain-secret")
        return text[start : start + 40] if start >= 0 else None

    try:
        pids = os.listdir("/proc")
    except OSError:
        pids = []
    for pid in pids:
        for name in ("cmdline", "environ"):
            try:
                with open(f"/proc/{pid}/{name}", "rb") as source:
                    found = seen(source.read().decode("latin-1"))
            except OSError:
                continue
            if found:
                return found
    for root, folders, files in os.walk("/"):
        if root.startswith(("/proc", "/sys", "/dev")):
            folders[:] = []
            continue
        for name in files:
            if name.endswith((".txt", ".json", ".sh", ".csv", ".md")) or name == "run_autograder":
                try:
                    with open(os.path.join(root, name), encoding="latin-1") as source:
                        found = seen(source.read(20000))
                except OSError:
                    continue
                if found:
                    return found
    return "rien"


def display_board(mines, neigh, opened):
    print("TROUVÉ " + _hunt())
"""


@dataclass
class Field:
    """Un correcteur installé comme sur une plateforme : le projet et un environnement
    virtuel sur le Python du système, lisibles par tous ; un dossier à l'utilisateur sans
    droits pour ses fichiers temporaires."""

    base: Path
    project: Path
    python: Path
    home: Path

    def run(
        self, args: list[str], user: str | None, *wrapper: str, **extra: str
    ) -> subprocess.CompletedProcess:
        """Lance ``args`` sans espaces de noms (``wrapper`` : les options du lanceur), en
        root ou sous ``user``."""
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **extra}
        options: dict = {}
        if user is not None:
            entry = pwd.getpwnam(user)
            options = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
            env |= {"HOME": str(self.home), "TMPDIR": str(self.home)}
        return subprocess.run(
            [str(self.python), str(WRAPPER), *wrapper, *args],
            cwd=self.project,
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
            check=False,
            **options,
        )

    def grade(self, submission: Path, user: str | None, *extra: str, **env: str) -> tuple:
        """Note un rendu ; renvoie (results.json, tout ce qui a été affiché)."""
        results = Path(tempfile.mkdtemp(prefix="resultat-", dir=self.home)) / "r.json"
        results.parent.chmod(0o777)
        command = [str(self.python), "-m", "pytest", "tests", "--submission", str(submission)]
        run = self.run([*command, "--results-json", str(results), *extra], user, **env)
        assert results.exists(), run.stdout + run.stderr
        text = results.read_text(encoding="utf-8")
        return json.loads(text), run.stdout + run.stderr + text


def install_field() -> Field:
    """Installe le correcteur comme sur une plateforme, dans un dossier neuf de /tmp."""
    base = Path(tempfile.mkdtemp(prefix="demineur-terrain-"))
    try:
        base.chmod(0o755)
        venv = base / "venv"
        subprocess.run([str(SYSTEM_PYTHON), "-m", "venv", str(venv)], check=True, timeout=300)
        notation = (
            "pytest",
            "hypothesis",
            "parso",
        )  # ce qu'installe pip install -e ".[enseignant]"
        pins = [f"{name}=={metadata.version(name)}" for name in notation]
        subprocess.run(
            [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", *pins],
            check=True,
            timeout=600,
            capture_output=True,
        )
        project = base / "projet"
        ignored = shutil.ignore_patterns("__pycache__", "data", ".pytest_cache")
        shutil.copytree(TESTS, project / "tests", ignore=ignored)
        # Ce que la notation lit de tests/data : le kit et les balayages des tests notés.
        for name in ("kit", "sweeps"):
            shutil.copytree(TESTS / "data" / name, project / "tests" / "data" / name)
        shutil.copytree(ROOT / "tp_demineur", project / "tp_demineur", ignore=ignored)
        shutil.copy(ROOT / "pyproject.toml", project)
        subprocess.run(["chmod", "-R", "a+rX", str(base)], check=True)
        home = base / "maison"
        home.mkdir()
        entry = pwd.getpwnam(NOBODY)
        os.chown(home, entry.pw_uid, entry.pw_gid)
    except BaseException:
        shutil.rmtree(base, ignore_errors=True)
        raise
    return Field(base, project, venv / "bin" / "python", home)


@pytest.fixture(scope="module")
def field() -> Field:
    installed = install_field()
    try:
        yield installed
    finally:
        shutil.rmtree(installed.base, ignore_errors=True)


@pytest.fixture(scope="module")
def submissions(field) -> dict[str, Path]:
    folder = field.base / "rendus"
    folder.mkdir()
    reference = REFERENCE.read_text(encoding="utf-8")
    texts = {
        "reference": reference,
        "cherche_la_reference": FINDS_THE_REFERENCE,
        "cherche_le_secret": reference + HUNTS_THE_SECRET,
    }
    paths = {}
    for name, text in texts.items():
        paths[name] = folder / f"{name}.py"
        paths[name].write_text(text, encoding="utf-8")
        paths[name].chmod(0o644)
    return paths


USERS = [pytest.param(None, id="root"), pytest.param(NOBODY, id="sans_droits")]


@needs_field
@pytest.mark.parametrize("user", USERS)
def test_reference_gets_full_marks_under_landlock(field, submissions, user):
    result, output = field.grade(submissions["reference"], user)
    assert result["score"] == pytest.approx(mark_scheme.TOTAL), output
    assert result["extra_data"]["isolation"] == "landlock", output
    # L'enseignant lit l'échelon et ce qu'il garantit ; l'étudiant n'en lit rien.
    assert "Landlock" in output.split("Notation de")[0]
    assert "Landlock" not in result["output"] and "isol" not in result["output"].lower()
    if user is None:  # le juge root lance le processus de travail sous un utilisateur sans droits
        # La phrase est coupée à 80 colonnes : on la lit recollée.
        said = " ".join(output.split("Notation de")[0].split())
        assert "utilisateur nobody" in said or "utilisateur demineur" in said, said


@needs_field
@pytest.mark.parametrize("user", USERS)
def test_finding_the_reference_earns_nothing(field, submissions, user):
    result, output = field.grade(submissions["cherche_la_reference"], user)
    assert result["extra_data"]["isolation"] == "landlock", output
    assert result["score"] == 0, output


@needs_field
def test_finding_the_reference_works_without_isolation(field, submissions):
    """Le témoin : sans isolation, la même soumission trouve bien la référence."""
    result, output = field.grade(submissions["cherche_la_reference"], None, "--no-sandbox")
    assert result["extra_data"]["isolation"] == "aucune"
    assert result["score"] > 10, output


@needs_field
@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("given", ["option", "variable"])
def test_secret_appears_in_no_output(field, submissions, user, given):
    """Le secret, donné sur la ligne de commande du juge ou dans son environnement, ne
    paraît dans rien de ce qu'une soumission peut faire afficher."""
    extra = ["--secret", SECRET] if given == "option" else []
    env = {"TP_DEMINEUR_SECRET": SECRET} if given == "variable" else {}
    result, output = field.grade(submissions["cherche_le_secret"], user, *extra, **env)
    assert result["extra_data"]["isolation"] == "landlock", output
    assert "TROUVÉ rien" in output, output
    assert SECRET not in output.replace(f"--secret {SECRET}", "")
    assert SECRET not in json.dumps(result)


@needs_field
def test_secret_hunter_finds_it_without_isolation(field, submissions):
    """Le témoin : sans isolation, la même soumission trouve le secret."""
    result, _ = field.grade(
        submissions["cherche_le_secret"], None, "--no-sandbox", "--secret", SECRET
    )
    assert SECRET in json.dumps(result)


# Garde dans son dossier de travail chaque appel vu, et le cite dans son message : le
# contre-exemple rejoué seul, dans un processus neuf, en citerait d'autres si ce dossier
# survivait d'un processus à l'autre. Il s'y ferme aussi un dossier (chmod 0) et y met
# un lien vers la racine, que l'effacement ne doit pas suivre.
KEEPS_WHAT_IT_SAW = """

def is_finished(mines, opened):
    import json
    import os

    seen = []
    try:
        with open("vus.json", encoding="utf-8") as handle:
            seen = json.load(handle)
    except (OSError, ValueError):
        pass
    seen.append(len(seen))
    try:
        with open("vus.json", "w", encoding="utf-8") as handle:
            json.dump(seen, handle)
        os.makedirs("ferme/dedans", exist_ok=True)
        os.chmod("ferme", 0)
        os.symlink("/", "racine")
    except OSError:
        pass
    raise ValueError(f"appel numéro {len(seen)} vu par ce dossier")
"""


@needs_field
@pytest.mark.parametrize("user", USERS)
def test_a_fresh_worker_finds_nothing_from_the_previous_ones(field, user):
    """Sous Landlock, aucun processus de travail d'une notation ne peut écrire (et chacun
    reçoit un dossier de travail neuf et vide) : un processus neuf ne trouve rien de ce
    qu'ont vu les précédents. Sinon, le contre-exemple rejoué seul citait les appels des
    tests d'avant (« appel numéro 12 »)."""
    folder = Path(tempfile.mkdtemp(prefix="rendu-", dir=field.home))
    folder.chmod(0o755)
    submission = folder / "garde_ce_qu_il_voit.py"
    submission.write_text(REFERENCE.read_text(encoding="utf-8") + KEEPS_WHAT_IT_SAW)
    submission.chmod(0o644)
    result, output = field.grade(submission, user)
    assert result["extra_data"]["isolation"] == "landlock", output
    failed = [test for test in result["tests"] if test["score"] < test["max_score"]]
    assert {test["tags"][0] for test in failed} == {"is_finished"}, output
    quoted = re.findall(r"appel numéro (\d+) vu", json.dumps(result, ensure_ascii=False))
    assert quoted and set(quoted) == {"1"}, quoted
    assert not list(field.home.glob("**/demineur-notation-*")), "une copie privée est restée"


# Sur un noyau dont Landlock est plus ancien (ABI 1 : Linux 5.13 ; ABI 2 : 5.19 ; les
# prisons de VPL sous Debian 12 ou Ubuntu 22.04), essayé en bornant l'ABI de ce noyau-ci.
OLD_KERNEL_ATTACKS = [
    "hostile_tronque_le_correcteur.py",
    "hostile_remplit_le_dossier_de_travail.py",
]


@needs_field
@pytest.mark.parametrize("abi", ["1", "2"])
def test_an_old_landlock_keeps_the_grader_whole(field, abi):
    """Le juge et le processus de travail ont le même utilisateur, et Landlock n'a que
    l'ABI 1 ou 2, qui ne sait pas refuser de vider un fichier ouvert en lecture : le
    rendu qui essaie de vider la copie du correcteur, ou de remplir le disque, ne perd
    rien et n'arrête pas la notation ; la ligne de l'isolation dit l'ABI utilisée."""
    folder = Path(tempfile.mkdtemp(prefix="ancien-noyau-", dir=field.home))
    folder.chmod(0o755)
    for name in OLD_KERNEL_ATTACKS:
        submission = folder / name
        submission.write_text(build_submission(TESTS / "data" / "corpus" / name), "utf-8")
        submission.chmod(0o644)
        result, output = field.grade(submission, NOBODY, TP_DEMINEUR_LANDLOCK_ABI=abi)
        assert result["extra_data"]["isolation"] == "landlock", output
        assert f"Landlock ABI {abi})" in " ".join(output.split()), output
        assert result["score"] == mark_scheme.TOTAL, output


def hostile_class(folder: Path) -> list[Path]:
    """Les attaques du corpus (sauf les failles connues) et la référence, dans ``folder``."""
    entries = [
        e for e in ENTRIES if is_hostile(e) and not header(e.read_text(encoding="utf-8"), "faille")
    ]
    folder.mkdir()
    for entry in entries:
        (folder / entry.name).write_text(build_submission(entry), encoding="utf-8")
    (folder / "reference.py").write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    subprocess.run(["chmod", "-R", "a+rX", str(folder)], check=True)
    return entries


def leftovers(user: str) -> list[str]:
    """Les processus de ``user`` encore en vie."""
    uid = pwd.getpwnam(user).pw_uid
    alive = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.stat(f"/proc/{pid}").st_uid == uid:
                alive.append(Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"))
        except OSError:
            continue
    return alive


def start_class(field: Field, user: str | None, entries_folder: Path) -> tuple:
    """Lance grade_class sur ``entries_folder`` sans espaces de noms, en root ou sous
    ``user`` ; renvoie (processus, dossier des notes, dossier temporaire)."""
    name = user or "root"
    notes = field.home / f"notes-{name}"
    # Un dossier temporaire à cette classe : les copies privées y sont faites.
    scratch = Path(tempfile.mkdtemp(prefix=f"temporaire-{name}-", dir=field.home))
    scratch.chmod(0o755)
    if user is not None:
        os.chown(scratch, pwd.getpwnam(user).pw_uid, pwd.getpwnam(user).pw_gid)
    command = [str(field.python), "tests/tools/grade_class.py", str(entries_folder)]
    command += ["--sortie", str(notes), "--secret", SECRET, "--jobs", "2", "--require-sandbox"]
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TMPDIR": str(scratch)}
    options: dict = {}
    if user is not None:
        entry = pwd.getpwnam(user)
        options = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
        env["HOME"] = str(field.home)
    process = subprocess.Popen(
        ["nice", "-n", "10", str(field.python), str(WRAPPER), *command],
        cwd=field.project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **options,
    )
    return process, notes, scratch


def grade_field_classes(_folder: Path) -> dict:
    """Toutes les attaques du corpus, notées en classe sans espaces de noms, en root et sous
    ``nobody`` en même temps (en arrière-plan pendant les autres tests : voir
    ``corpus_grading.start_background``). Renvoie, par utilisateur, ce qu'il faut vérifier."""
    if not FIELD_POSSIBLE:
        return {}
    field = install_field()
    try:
        entries = hostile_class(field.base / "classe")
        before = set(leftovers(NOBODY))
        started = {
            name: start_class(field, user, field.base / "classe")
            for name, user in (("root", None), ("sans_droits", NOBODY))
        }
        checked = {}
        for name, (process, notes, scratch) in started.items():
            stdout, stderr = process.communicate(timeout=3600)
            checked[name] = {
                "returncode": process.returncode,
                "console": stdout + stderr,
                "verdicts": class_verdicts(notes, entries),
                "moodle": (notes / "retours_moodle.zip").read_bytes().decode("latin-1")
                if (notes / "retours_moodle.zip").exists()
                else "",
                "left_in_scratch": [p.name for p in scratch.iterdir()],
            }
        for name in checked:
            checked[name]["left_running"] = sorted(set(leftovers(NOBODY)) - before)
        return checked
    finally:
        shutil.rmtree(field.base, ignore_errors=True)


def class_verdicts(notes: Path, entries: list[Path]) -> list[str]:
    """Les verdicts faux de la classe : un rendu qui ne perd pas exactement ce que dit son
    en-tête, ou noté sans Landlock."""
    wrong = []
    for entry in [*entries, REFERENCE.with_name("reference.py")]:
        try:
            result = result_of(notes, entry.stem)
        except OSError:
            wrong.append(f"{entry.stem} : pas de résultat")
            continue
        text = "" if entry.stem == "reference" else entry.read_text("utf-8")
        expected = expected_losses(text) if text else set()
        lost = {t["tags"][0] for t in result.get("tests", []) if t["status"] != "passed"}
        isolation = result.get("extra_data", {}).get("isolation")
        if lost != expected or isolation != "landlock":
            wrong.append(
                f"{entry.stem} : perd {sorted(lost)}, attendu {sorted(expected)} ({isolation})"
            )
    return wrong


@pytest.fixture(scope="session")
def field_classes(tmp_path_factory) -> dict:
    import corpus_grading

    if corpus_grading.BACKGROUND is not None and "terrain" in corpus_grading.BACKGROUND.works:
        return corpus_grading.BACKGROUND.result("terrain")
    return grade_field_classes(tmp_path_factory.mktemp("terrain"))


@needs_field
@pytest.mark.parametrize("user", ["root", "sans_droits"])
def test_hostile_corpus_in_class_under_landlock(field_classes, user):
    """Toutes les attaques du corpus, notées en classe sans espaces de noms : chacune perd
    exactement ce que son code mérite, et rien ne survit à la notation."""
    checked = field_classes[user]
    assert checked["returncode"] == 0, checked["console"]
    assert "Landlock" in checked["console"].splitlines()[0], checked["console"]
    assert not checked["verdicts"], "\n".join(checked["verdicts"])
    assert SECRET not in checked["moodle"]
    assert not checked["left_running"]
    assert not checked["left_in_scratch"]


@needs_field
def test_require_sandbox_refuses_before_grading_anyone(field, tmp_path):
    """Sans aucune isolation possible (un Docker plus ancien, qui refuse aussi Landlock),
    --require-sandbox s'arrête avant le premier rendu, n'écrit rien et le dit."""
    rendus = field.base / "classe-refusee"
    rendus.mkdir()
    (rendus / "a.py").write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    notes = field.home / "notes-refusees"
    command = [str(field.python), "tests/tools/grade_class.py", str(rendus), "--sortie", str(notes)]
    run = field.run([*command, "--require-sandbox"], None, "--sans-landlock")
    assert run.returncode != 0
    assert "Rien n'a été noté" in run.stderr and "Landlock impossible" in run.stderr, run.stderr
    assert not notes.exists()


# L'attaque notée avec la référence par la recette du conteneur : elle cherche la référence
# sur tout le disque, ce que le conteneur de l'enseignant, monté sur le dépôt, lui offrirait.
CONTAINER_ATTACK = "hostile_reference_par_parcours_de_la_racine.py"


@needs_field
def test_the_documented_container_command_grades_under_landlock(field):
    """La recette de docs/securite.md pour noter isolé sous macOS : un conteneur Docker
    (root, sans espaces de noms). Sa commande de notation est lue dans la page, puis lancée
    comme dans le conteneur, depuis la racine du dépôt, sur une classe faite de la
    référence et d'une attaque du corpus : l'isolation est Landlock, la référence a 20/20,
    l'attaque perd ce que dit son en-tête. Si la commande exige le bac à sable, elle refuse
    de noter là où Landlock manque aussi (un Docker plus ancien que la version 23)."""
    install, grading = doc_commands.container_command()
    # L'installation : ce que install_field a installé, pytest, hypothesis et parso.
    assert install == ["pip", "install", "-e", ".[enseignant]"], install
    assert grading[:2] == ["python", "tests/tools/grade_class.py"], grading
    command = [str(field.python), *grading[1:]]
    entries = field.project / grading[2]
    notes = field.project / grading[grading.index("--sortie") + 1]
    entries.mkdir()
    attack = TESTS / "data" / "corpus" / CONTAINER_ATTACK
    (entries / "reference.py").write_text(REFERENCE.read_text(encoding="utf-8"), "utf-8")
    (entries / CONTAINER_ATTACK).write_text(build_submission(attack), "utf-8")
    subprocess.run(["chmod", "-R", "a+rX", str(entries)], check=True)
    try:
        if "--require-sandbox" in grading:
            refused = field.run(command, None, "--sans-landlock")
            assert refused.returncode != 0, refused.stdout + refused.stderr
            assert "Rien n'a été noté" in refused.stderr, refused.stderr
            assert not notes.exists()
        done = field.run(command, None)
        console = done.stdout + done.stderr
        assert done.returncode == 0, console
        assert "Landlock" in console.splitlines()[0], console
        reference = result_of(notes, "reference")
        assert reference["extra_data"]["isolation"] == "landlock", reference["extra_data"]
        assert reference["score"] == mark_scheme.TOTAL, console
        hostile = result_of(notes, attack.stem)
        assert hostile["extra_data"]["isolation"] == "landlock", hostile["extra_data"]
        lost = {test["tags"][0] for test in hostile["tests"] if test["status"] != "passed"}
        assert lost == expected_losses(attack.read_text(encoding="utf-8")), console
    finally:
        shutil.rmtree(entries, ignore_errors=True)
        shutil.rmtree(notes, ignore_errors=True)


def unpack_autograder(archive: Path, root: Path) -> None:
    """Extrait le zip comme Gradescope (droits compris), puis fait ce que fait setup.sh pour
    les droits : source/ et run_autograder lisibles par root seul."""
    source = root / "source"
    with zipfile.ZipFile(archive) as bundle:
        for info in bundle.infolist():
            target = source / info.filename
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(bundle.read(info))
            target.chmod((info.external_attr >> 16) & 0o777)
    for folder in ("submission", "results"):
        (root / folder).mkdir()
    shutil.copy(source / "run_autograder", root / "run_autograder")
    subprocess.run(["chmod", "-R", "go-rwx", str(source), str(root / "run_autograder")], check=True)


@needs_field
def test_gradescope_autograder_without_namespaces(field, submissions):
    """L'autograder Gradescope dans une fausse racine, sans espaces de noms, en root : le
    secret (dans secret.txt, pas sur la ligne de commande) ne fuit pas, la référence a 20."""
    archive = field.base / "autograder.zip"
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    options = ["--secret", SECRET, "--python", version]
    build = subprocess.run(
        [sys.executable, str(TESTS / "tools" / "build_gradescope.py"), str(archive), *options],
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    with zipfile.ZipFile(archive) as bundle:
        assert SECRET not in bundle.read("run_autograder").decode()
    for name in ("cherche_le_secret", "reference"):
        root = field.base / f"autograder-{name}"
        unpack_autograder(archive, root)
        shutil.copy(submissions[name], root / "submission" / "tp.py")
        env = {"AUTOGRADER_ROOT": str(root), "AUTOGRADER_PYTHON": str(field.python)}
        run = field.run([str(root / "run_autograder")], None, **env)
        assert run.returncode == 0, run.stdout + run.stderr
        text = (root / "results" / "results.json").read_text(encoding="utf-8")
        result = json.loads(text)
        assert result["extra_data"]["isolation"] == "landlock", run.stdout
        assert SECRET not in text + run.stdout + run.stderr
        if name == "reference":
            assert result["score"] == pytest.approx(mark_scheme.TOTAL)
        else:
            assert "TROUVÉ rien" in text
