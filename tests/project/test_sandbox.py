"""Le bac à sable du correcteur attaqué là où un seul fichier du corpus ne suffit pas.

Le corpus (``tests/data/corpus/hostile_*.py``) vérifie le verdict de chaque attaque
qu'un fichier peut porter. Ce module vérifie le reste :

- une classe notée d'un coup par ``grade_class.py``, avec des rendus qui ne sont
  pas de simples fichiers (liens symboliques, nom de fichier en formule de
  tableur) et des rendus hostiles du corpus, entourés d'un dossier témoin, d'un
  secret et d'un ``$HOME`` : aucune note d'un autre étudiant ne change, aucun
  fichier n'est écrit hors des notes, aucun processus ne survit, aucun secret ni
  caractère de contrôle n'arrive dans ce que lit l'enseignant ;
- le juge utilisé directement (``grading.judge.Submission``) : un processus de
  travail tué de l'extérieur, ou qui se tue lui-même en faisant croire à un
  meurtre, la mémoire rangée hors du processus, le temps de calcul caché
  derrière des relais ;
- la notation sans bac à sable (dite partout) ou refusée sans lui, les dossiers
  de rendu piégés (``/dev/zero``, tube nommé) et la même note sur une machine
  chargée.

Une attaque qui réussit encore est marquée ``xfail(strict=True)`` avec ce qui
réussit : le test échouera, et le dira, le jour où le correcteur la bloque.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_corpus import CORPUS, REFERENCE, build_submission, expected_losses

from classroom.entries import file_label
from grading import mark_scheme, sandbox
from grading.judge import GraderAbort, Limits, Submission
from grading.safe_text import CONTROL

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # pytest lancé d'ailleurs que la racine du dépôt
    sys.path.insert(0, str(ROOT))

import tp_demineur  # noqa: E402

pytestmark = [pytest.mark.projet, pytest.mark.lent]

TESTS = ROOT / "tests"
TIMEOUT = 1800  # secondes : un garde-fou contre un blocage, pas une mesure de vitesse
ALL = set(mark_scheme.FUNCTIONS)

needs_sandbox = pytest.mark.skipif(
    not sandbox.probe().isolated, reason="bubblewrap (bwrap) est absent ou inutilisable ici"
)


# ---------------------------------------------------------------------------
# Des rendus qui ne tiennent pas dans un fichier du corpus
# ---------------------------------------------------------------------------

WRITE_EVERYWHERE = """
import os
import sys

# Une porte dérobée au bout de tout conftest.py trouvé en remontant les dossiers de ce
# qui est visible (le projet, s'il l'était), puis un fichier dans chaque dossier trouvé
# depuis / et une ligne au bout de chaque fichier témoin ou de notes.
pistes = [sys.argv[0], __file__, "/proc/self/cwd", f"/proc/{os.getppid()}/cwd"]
try:
    with open("/proc/self/mountinfo") as fichier:
        pistes += [mot for ligne in fichier for mot in ligne.split() if mot.startswith("/")]
except OSError:
    pass
for piste in pistes:
    dossier = os.path.realpath(piste) if os.path.exists(piste) else os.path.dirname(piste)
    while dossier not in ("", "/"):
        for voisin in ("tests/conftest.py", "conftest.py"):
            try:
                if os.path.isfile(os.path.join(dossier, voisin)):
                    with open(os.path.join(dossier, voisin), "a") as fichier:
                        fichier.write("\\nimport os; os.system('echo porte dérobée')\\n")
            except OSError:
                pass
        dossier = os.path.dirname(dossier)
vus = 0
for dossier, sous_dossiers, fichiers in os.walk("/"):
    if dossier == "/":
        sous_dossiers[:] = [d for d in sous_dossiers if d not in ("proc", "sys")]
    vus += 1
    if vus > 50_000:
        break
    try:
        with open(os.path.join(dossier, "intrusion.txt"), "w") as fichier:
            fichier.write("passé par là")
    except OSError:
        pass
    for nom in fichiers:
        if nom in ("conftest.py", "temoin.txt", "notes.csv", "secret.txt"):
            try:
                with open(os.path.join(dossier, nom), "a") as fichier:
                    fichier.write("# passé par là")
            except OSError:
                pass
"""

# Les fonctions toutes remplacées par des réponses de formes absurdes, écrites par
# le code de l'étudiant à la place de celles du processus de travail.
ABSURD_REPLIES = """
import sys

Worker = sys.modules["__main__"].Worker
ABSURDES = [
    None,
    "texte",
    -10**30,
    {"O": "float", "r": "1.5"},
    {"T": [1, {"T": []}, "z"]},
    {"L": [], "id": 5},
    {"L": [{"L": [], "id": 7}], "id": 6},
    {"L": [{"L": [1, "a", None], "id": 2}, {"L": [True], "id": 3}], "id": 1},
]
appels = [0]


def appel(self, request, remote_input):
    appels[0] += 1
    forme = ABSURDES[appels[0] % len(ABSURDES)]
    return {
        "done": True,
        "ret": forme,
        "args": [forme] * len(request["args"]),
        "error": None,
        "out": "",
        "overflow": False,
    }


Worker.call = appel


def _rien(*args):
    pass


for _nom in ("initialise_mines", "initialise_open", "is_coord_ok", "nb_adjacent_mines",
             "compute_neigh", "display_board", "is_move_ok", "ask_move",
             "propagate_open_cells", "is_finished", "play_turn", "play_the_game", "main"):
    globals()[_nom] = _rien
"""

EMPTIED_GRID = '''
def initialise_mines(mines, nb_mines):
    """Vide la liste des lignes au lieu de placer des mines (un faux « remise à zéro »)."""
    mines.clear()
'''

MARKDOWN_MARK = "INJECTION-MARKDOWN"
MARKDOWN_INJECTION = f"""
def is_finished(mines, opened):
    raise ValueError(
        "fin\\n```\\n\\n# {MARKDOWN_MARK} : toute la classe a 20\\n\\n"
        "![](https://exemple.invalid/pixel.png)\\n\\n```"
    )
"""

# Les rendus de la classe : nom de l'étudiant → fonctions qu'il doit perdre.
HYPERLINK = '=HYPERLINK("x";"20")'
DETACHED = "hostile_double_fork_setsid"
CORPUS_ENTRIES = [
    DETACHED,
    "hostile_tue_le_parent",
    "hostile_ecrit_partout",
    "hostile_secrets_dans_les_messages",
    "hostile_echappements_ansi",
    "hostile_caracteres_bidi",
    "hostile_bombe_fork",
]
ACCOMPLICES = ["complice_1", "complice_2", "complice_3"]


@pytest.fixture(scope="session")
def secret() -> str:
    return "SECRET-" + secrets.token_hex(16)


def build_class(base: Path, secret: str) -> dict[str, set[str]]:
    """Le dossier des rendus, le témoin, le secret et le faux $HOME ; renvoie les verdicts."""
    reference = REFERENCE.read_text(encoding="utf-8")
    rendus = base / "rendus"
    rendus.mkdir()
    expected: dict[str, set[str]] = {}

    def single(name: str, text: str, losses: set[str]):
        (rendus / f"{name}.py").write_text(text, encoding="utf-8")
        expected[name] = losses

    single("temoin", reference, set())
    single(HYPERLINK, reference, set())
    for entry in CORPUS_ENTRIES:
        path = CORPUS / f"{entry}.py"
        single(entry, build_submission(path), expected_losses(path.read_text(encoding="utf-8")))
    single("porte_derobee_et_ecrit_partout", reference + WRITE_EVERYWHERE, set())
    single("reponses_absurdes", ABSURD_REPLIES, ALL)
    single("grille_videe", reference + EMPTIED_GRID, {"initialise_mines"})
    for name in ACCOMPLICES:
        single(name, reference + MARKDOWN_INJECTION, {"is_finished"})

    # Un paquet qui n'est qu'un lien vers le paquet de référence du projet.
    linked = rendus / "paquet_lien_vers_le_projet"
    linked.mkdir()
    (linked / "__init__.py").write_text("from .reference.tp import *  # noqa\n", encoding="utf-8")
    (linked / "reference").symlink_to(ROOT / "tp_demineur", target_is_directory=True)
    expected[linked.name] = ALL

    # Un paquet dont __init__.py est un lien vers un fichier de l'enseignant, qui contient
    # la référence et un secret que le rendu afficherait.
    outside = base / "fichier_de_l_enseignant.py"
    outside.write_text(
        reference + f"\nSECRET = {secret!r}\nprint(SECRET)\n"
        "def is_finished(mines, opened):\n    raise ValueError(SECRET)\n",
        encoding="utf-8",
    )
    init_link = rendus / "paquet_init_en_lien"
    init_link.mkdir()
    (init_link / "__init__.py").symlink_to(outside)
    expected[init_link.name] = ALL

    # Un paquet correct qui contient aussi un lien vers /dev/zero (copié, il remplirait
    # le disque) et un tube nommé (lu, il bloquerait la copie).
    zero = rendus / "paquet_avec_dev_zero"
    zero.mkdir()
    (zero / "__init__.py").write_text("from .tp import *  # noqa\n", encoding="utf-8")
    (zero / "tp.py").write_text(reference, encoding="utf-8")
    (zero / "donnees.bin").symlink_to("/dev/zero")
    os.mkfifo(zero / "tube")
    expected[zero.name] = set()

    # Autour des rendus : un secret, un dossier témoin, un $HOME.
    (rendus / "secret.txt").write_text(secret + "\n", encoding="utf-8")
    (base / "secret.txt").write_text(secret + "\n", encoding="utf-8")
    for folder in ("temoin", "maison"):
        (base / folder).mkdir()
        (base / folder / "temoin.txt").write_text("ne pas toucher\n", encoding="utf-8")
        (base / folder / "conftest.py").write_text("# ne pas toucher\n", encoding="utf-8")
    (base / "tmp").mkdir()
    return expected


def snapshot(folder: Path) -> dict[str, bytes]:
    """Chaque fichier d'un dossier et son contenu (les liens, sans les suivre)."""
    files = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            files[str(path)] = os.readlink(path).encode()
        elif path.is_file():
            files[str(path)] = path.read_bytes()
    return files


def our_processes(markers: list[str]) -> list[str]:
    """Les processus vivants dont la commande, le dossier ou l'environnement cite un marqueur."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        texts = []
        for name in ("cmdline", "environ"):
            with contextlib.suppress(OSError):
                texts.append((entry / name).read_bytes().decode("utf-8", "replace"))
        with contextlib.suppress(OSError):
            texts.append(os.readlink(entry / "cwd"))
        if any(marker in text for marker in markers for text in texts):
            found.append(f"{entry.name} : {texts[0][:200] if texts else '?'}")
    return found


NICED_GRADING = """
import os, sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
niceness = os.nice(7)  # 7 de plus que celle où tourne la suite (nice -n 10 pytest : 17)
import tp_demineur
from grading.judge import Submission
submission = Submission(sys.argv[3], reference=tp_demineur)
submission.begin_test()
submission.call("is_coord_ok", 0, 0, 1, 1)
with open(f"/proc/{submission.worker.pid}/autogroup", encoding="ascii") as group:
    print(niceness, group.read().split()[-1])
submission.close()
"""


@pytest.mark.skipif(
    not Path("/proc/self/autogroup").is_file(), reason="pas d'« autogroup » Linux ici"
)
def test_a_niced_grading_keeps_its_priority_in_the_worker(tmp_path):
    """Une notation lancée avec nice : le processus de travail, qui a sa propre session
    (donc son propre groupe d'ordonnancement sous Linux), cède le processeur lui aussi."""
    code = tmp_path / "rendu.py"
    code.write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", NICED_GRADING, str(TESTS), str(TESTS.parent), str(code)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    # Le nouveau groupe d'ordonnancement part de 0 : il ne cède que si on le lui donne.
    niceness, worker = done.stdout.split()
    assert int(niceness) >= 7 and worker == niceness, done.stdout


@needs_sandbox
def test_sandbox_hides_installed_packages(tmp_path):
    """Le bac à sable montre l'installation de Python, mais ses dossiers de paquets
    installés (où un ``pip install .`` mettrait la solution de référence) y sont vides."""
    prefix = Path(os.path.realpath(sys.base_prefix))
    folders = [f for f in sandbox.package_folders([Path("/usr"), prefix]) if any(f.iterdir())]
    if not folders:
        pytest.skip("aucun paquet installé pour cet interpréteur")
    read, write = os.pipe()
    script = (
        "import os, sys\n"
        "for folder in sys.argv[1:]:\n"
        "    print(folder, len(os.listdir(folder)))\n"
        "print('stdlib', len(os.listdir(os.path.dirname(os.__file__))))\n"
    )
    code = tmp_path / "vide.py"
    code.write_text("", encoding="utf-8")
    command = sandbox.command({}, [], 1 << 20, write)
    python = [str(sandbox.interpreter()), "-S", "-s", "-c", script, *map(str, folders)]
    try:
        run = subprocess.run(
            [*command, *python], capture_output=True, text=True, timeout=300, pass_fds=(write,)
        )
    finally:
        os.close(read)
        os.close(write)
    seen = dict(line.rsplit(" ", 1) for line in run.stdout.splitlines())
    assert run.returncode == 0, run.stderr
    assert int(seen.pop("stdlib")) > 100, "la bibliothèque standard doit rester visible"
    assert seen == {str(folder): "0" for folder in folders}


def grade_class(
    rendus: Path, out: Path, *options: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Note le dossier rendus/ avec grade_class.py, comme l'enseignant."""
    command = [
        sys.executable,
        str(TESTS / "tools" / "grade_class.py"),
        str(rendus),
        "--sortie",
        str(out),
    ]
    return subprocess.run(
        [*command, *options], capture_output=True, text=True, env=env, timeout=TIMEOUT
    )


@pytest.fixture(scope="session")
def graded_batch(tmp_path_factory, secret):
    """La classe piégée, notée d'un coup ; renvoie ce qu'il faut pour la juger."""
    base = tmp_path_factory.mktemp("classe_piegee")
    expected = build_class(base, secret)
    conftest_before = (TESTS / "conftest.py").read_bytes()
    watched = {name: snapshot(base / name) for name in ("temoin", "maison", "rendus")}
    token = "LOT-" + secrets.token_hex(8)
    env = dict(os.environ)
    env.update(
        {
            "HOME": str(base / "maison"),
            "TMPDIR": str(base / "tmp"),
            "DEMINEUR_SECRET": secret,
            "DEMINEUR_LOT": token,
        }
    )
    out = tmp_path_factory.mktemp("notes")
    # Bac à sable exigé : sans lui, ces rendus écriraient pour de bon sur cette machine.
    run = grade_class(base / "rendus", out, "--require-sandbox", env=env)
    # Les rendus hostiles ont eu tout le temps de la notation pour agir ; un processus
    # détaché qui aurait survécu agirait encore pendant ces quelques secondes.
    time.sleep(3)
    return {
        "base": base,
        "out": out,
        "run": run,
        "expected": expected,
        "watched": watched,
        "conftest_before": conftest_before,
        "leftovers": our_processes([str(base), str(out), token]),
    }


def batch_result(batch, name: str) -> dict:
    path = batch["out"] / "json" / f"{file_label(name)}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def lost_functions(result: dict) -> set[str]:
    return {t["tags"][0] for t in result["tests"] if t["status"] != "passed"}


def output_files(batch) -> list[Path]:
    return [path for path in sorted(batch["out"].rglob("*")) if path.is_file()]


@needs_sandbox
def test_batch_completes_and_keeps_every_grade(graded_batch):
    """Chaque rendu de la classe a le verdict de son propre code, le témoin a 20."""
    run = graded_batch["run"]
    assert run.returncode == 0, run.stdout + run.stderr
    problems = []
    for name, expected in graded_batch["expected"].items():
        result = batch_result(graded_batch, name)
        lost = lost_functions(result)
        if "non_note" in result["extra_data"] or lost != expected:
            problems.append(f"{name} : perd {sorted(lost)}, attendu {sorted(expected)}")
        elif not expected and result["score"] != pytest.approx(20.0):
            problems.append(f"{name} : {result['score']} au lieu de 20")
    assert not problems, "\n".join(problems)
    with (graded_batch["out"] / "notes.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = {row["etudiant"]: row for row in csv.DictReader(handle, delimiter=";")}
    for name in graded_batch["expected"]:
        cell = "'" + name if name.startswith("=") else name
        total = float(rows[cell]["total (/20)"].replace(",", "."))
        assert total == pytest.approx(batch_result(graded_batch, name)["score"], abs=0.01)


@needs_sandbox
def test_batch_leaves_no_process_and_no_temporary_folder(graded_batch):
    """Après la notation : aucun processus du lot, aucun dossier temporaire du juge."""
    assert graded_batch["leftovers"] == []
    assert list((graded_batch["base"] / "tmp").iterdir()) == []


@needs_sandbox
def test_batch_writes_nothing_outside_the_notes(graded_batch):
    """Le dossier témoin, le $HOME, les rendus et le conftest.py du projet sont intacts."""
    for name, before in graded_batch["watched"].items():
        assert snapshot(graded_batch["base"] / name) == before, f"{name}/ a changé"
    assert (TESTS / "conftest.py").read_bytes() == graded_batch["conftest_before"]
    assert not list(graded_batch["base"].rglob("intrusion*"))


@needs_sandbox
def test_batch_leaks_no_secret(graded_batch, secret):
    """Le secret (fichier près des rendus, fichier lié, environnement) n'est nulle part."""
    run = graded_batch["run"]
    assert secret not in run.stdout + run.stderr
    for path in output_files(graded_batch):
        assert secret not in path.read_text(encoding="utf-8", errors="replace"), path.name


def strings_of(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_of(item)


@needs_sandbox
def test_batch_shows_no_control_character(graded_batch):
    """Ni échappement ANSI, ni retour chariot, ni caractère bidi dans ce que lit l'enseignant."""
    run = graded_batch["run"]
    assert not CONTROL.search(run.stdout + run.stderr)
    for path in output_files(graded_batch):
        text = path.read_text(encoding="utf-8")
        assert not CONTROL.search(text), path.name
        if path.suffix == ".json":
            for string in strings_of(json.loads(text)):
                assert not CONTROL.search(string), path.name


@needs_sandbox
def test_batch_neutralises_spreadsheet_formulas(graded_batch):
    """Un nom de fichier en formule (=HYPERLINK…) n'est jamais une formule dans notes.csv."""
    with (graded_batch["out"] / "notes.csv").open(encoding="utf-8-sig", newline="") as handle:
        cells = [cell for row in csv.reader(handle, delimiter=";") for cell in row]
    assert "'" + HYPERLINK in cells
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@"))]


@needs_sandbox
def test_batch_names_refused_links(graded_batch):
    """Les liens symboliques et le tube ne sont pas suivis, et le retour les nomme."""
    retours = graded_batch["out"] / "retours"

    def feedback(name: str) -> str:  # coupé à 80 colonnes : relu recollé
        return " ".join((retours / f"{name}.txt").read_text(encoding="utf-8").split())

    linked = feedback("paquet_lien_vers_le_projet")
    assert "reference (lien symbolique)" in linked
    init = feedback("paquet_init_en_lien")
    assert "__init__.py (lien symbolique)" in init
    zero = feedback("paquet_avec_dev_zero")
    assert "donnees.bin (lien symbolique)" in zero and "tube (fichier spécial)" in zero


@needs_sandbox
def test_batch_explains_absurd_replies_in_french(graded_batch):
    """Une réponse de forme absurde fait échouer le test avec une explication, jamais une
    erreur interne du correcteur."""
    for name in ("reponses_absurdes", "grille_videe"):
        for test in batch_result(graded_batch, name)["tests"]:
            assert "Erreur inattendue" not in test["output"], f"{name} : {test['output']}"


def outside_fences(markdown: str) -> list[str]:
    """Les lignes d'un texte Markdown qui ne sont pas dans un bloc de code ```.

    Comme CommonMark : un bloc ouvert par N accents graves (N ≥ 3) n'est refermé que
    par une ligne d'au moins N accents graves, sans rien d'autre.
    """
    lines, fence = [], 0
    for line in markdown.splitlines():
        stripped = line.lstrip(" ")
        run = len(stripped) - len(stripped.lstrip("`"))
        if len(line) - len(stripped) < 4 and run >= 3:
            if not fence:
                fence = run
                continue
            if run >= fence and not stripped.strip("`").strip():
                fence = 0
                continue
        if not fence:
            lines.append(line)
    return lines


@needs_sandbox
def test_batch_summary_keeps_student_text_in_code_blocks(graded_batch):
    """Dans synthese.md, le texte venu d'un rendu reste dans un bloc de code : les complices
    partagent leur contre-exemple (même entrée, même exception), et l'explication montrée,
    avec le message de l'exception qu'ils lèvent, ne sort pas de son bloc."""
    summary = (graded_batch["out"] / "synthese.md").read_text(encoding="utf-8")
    assert any(
        line.startswith("Contre-exemple le plus partagé") and all(a in line for a in ACCOMPLICES)
        for line in summary.splitlines()
    ), "les complices ne partagent pas leur contre-exemple"
    escaped = [line for line in outside_fences(summary) if MARKDOWN_MARK in line]
    assert not escaped, f"texte d'un rendu hors des blocs de code : {escaped}"


# ---------------------------------------------------------------------------
# Sans bac à sable : dit partout, ou refusé
# ---------------------------------------------------------------------------


def test_no_sandbox_is_said_to_the_teacher_only(tmp_path):
    """--no-sandbox : la notation marche ; l'enseignant le lit avant le premier rendu, à la
    fin et dans la synthèse ; l'étudiant n'en lit rien dans son retour."""
    rendus = tmp_path / "rendus"
    rendus.mkdir()
    (rendus / "alice.py").write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "notes"
    run = grade_class(rendus, out, "--no-sandbox")
    assert run.returncode == 0, run.stdout + run.stderr
    result = json.loads((out / "json" / "alice.json").read_text(encoding="utf-8"))
    assert result["score"] == pytest.approx(20.0)
    assert result["extra_data"]["isolation"] == "aucune"
    assert "--no-sandbox" in run.stdout.splitlines()[0]
    assert "SANS isolation" in run.stdout
    assert "SANS isolation" in (out / "synthese.md").read_text(encoding="utf-8")
    feedback = result["output"] + (out / "retours" / "alice.txt").read_text(encoding="utf-8")
    assert "ISOL" not in feedback.upper() and "droits" not in feedback


def without_bwrap(tmp_path: Path) -> dict[str, str]:
    """Un environnement où bwrap est introuvable (PATH sans lui)."""
    empty = tmp_path / "chemin_sans_bwrap"
    empty.mkdir(exist_ok=True)
    return {**os.environ, "PATH": str(empty)}


def test_without_bwrap_landlock_isolates(tmp_path):
    """Sans bwrap, l'échelon suivant : Landlock ; la référence a 20 et l'enseignant lit
    pourquoi bubblewrap n'a pas servi."""
    submission = tmp_path / "alice.py"
    submission.write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    results = tmp_path / "resultat.json"
    run = grade_alone(submission, results, env=without_bwrap(tmp_path))
    result = json.loads(results.read_text(encoding="utf-8"))
    assert result["score"] == pytest.approx(20.0), run.stdout
    assert result["extra_data"]["isolation"] == "landlock"
    assert "Landlock" in run.stdout and "bwrap est introuvable" in run.stdout


NO_ISOLATION = [sys.executable, str(TESTS / "project" / "no_namespaces.py"), "--sans-landlock"]


def test_require_sandbox_refuses_without_any_isolation(tmp_path):
    """--require-sandbox là où ni bubblewrap ni Landlock ne sont possibles (un Docker plus
    ancien) : aucune note, un message en français qui dit pourquoi ; grade_class s'arrête
    avant le premier rendu et n'écrit rien."""
    submission = tmp_path / "alice.py"
    submission.write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    results = tmp_path / "resultat.json"
    command = [sys.executable, "-m", "pytest", str(TESTS), "-q", "--submission", str(submission)]
    command += ["--results-json", str(results), "--require-sandbox"]
    run = subprocess.run([*NO_ISOLATION, *command], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode != 0
    assert "notation refusée sans isolation" in run.stderr, run.stderr
    assert "Landlock impossible ici" in run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert not results.exists()

    rendus = tmp_path / "rendus"
    rendus.mkdir()
    submission.rename(rendus / "alice.py")
    out = tmp_path / "notes"
    command = [sys.executable, str(TESTS / "tools" / "grade_class.py"), str(rendus)]
    command += ["--sortie", str(out), "--require-sandbox"]
    batch = subprocess.run([*NO_ISOLATION, *command], cwd=ROOT, capture_output=True, text=True)
    assert batch.returncode == 2
    assert "Rien n'a été noté" in batch.stderr and "aucune isolation" in batch.stderr
    assert not out.exists()


# ---------------------------------------------------------------------------
# Des dossiers de rendu piégés, lus avant toute copie
# ---------------------------------------------------------------------------


def grade_alone(submission: Path, results: Path, **options) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "pytest", str(TESTS), "-q", "--submission", str(submission)]
    command += ["--results-json", str(results)]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, **options)


def limit_memory():
    """Au plus 4 Gio d'espace d'adressage : une lecture sans fin échoue au lieu de tout prendre."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))


def test_folder_with_a_link_to_dev_zero(tmp_path):
    """Un dossier de rendu (sans paquet) avec tp.py et un lien zero.py vers /dev/zero est
    noté sur tp.py, sans lire le lien."""
    folder = tmp_path / "eleve"
    folder.mkdir()
    (folder / "tp.py").write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "zero.py").symlink_to("/dev/zero")
    results = tmp_path / "resultat.json"
    run = grade_alone(folder, results, preexec_fn=limit_memory, timeout=TIMEOUT)
    assert results.exists(), run.stdout[-2000:] + run.stderr[-2000:]
    assert json.loads(results.read_text(encoding="utf-8"))["score"] == pytest.approx(20.0)


def test_folder_with_a_named_pipe(tmp_path):
    """Un dossier de rendu avec tp.py et un tube nommé tube.py : le tube n'est jamais ouvert."""
    folder = tmp_path / "eleve"
    folder.mkdir()
    (folder / "tp.py").write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    pipe = folder / "tube.py"
    os.mkfifo(pipe)
    results = tmp_path / "resultat.json"
    command = [sys.executable, "-m", "pytest", str(TESTS), "-q", "--submission", str(folder)]
    command += ["--results-json", str(results)]
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    opened = False
    try:
        while process.poll() is None:
            try:
                # Réussit seulement si quelqu'un a ouvert le tube en lecture.
                writer = os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                time.sleep(0.05)
                continue
            opened = True
            os.close(writer)  # fin de fichier pour le lecteur : il est débloqué
        process.wait(timeout=TIMEOUT)
    finally:
        process.kill()
        process.wait()
    assert not opened, "le correcteur a ouvert le tube nommé du rendu"
    assert json.loads(results.read_text(encoding="utf-8"))["score"] == pytest.approx(20.0)


# ---------------------------------------------------------------------------
# Le juge utilisé directement
# ---------------------------------------------------------------------------


@pytest.fixture
def judge(tmp_path):
    """Fabrique une soumission (la référence suivie d'un texte) chargée par le juge."""
    opened = []

    def make(text: str, name: str = "rendu.py", limits: Limits | None = None) -> Submission:
        path = tmp_path / name
        path.write_text(REFERENCE.read_text(encoding="utf-8") + "\n" + text, encoding="utf-8")
        submission = Submission(path, reference=tp_demineur, limits=limits)
        opened.append(submission)
        submission.begin_test()
        return submission

    yield make
    for submission in opened:
        submission.close()


BURN = """
import time


def _calculer(secondes):
    fin = time.process_time() + secondes
    while time.process_time() < fin:
        pass
"""

MINES = [[True, False, False], [False, False, True]]
OPENED = [[False, True, True], [True, True, False]]


@needs_sandbox
def test_worker_killed_from_outside_is_retried(judge):
    """Un processus de travail tué de l'extérieur pendant un appel : l'appel est refait,
    sans pénalité, et l'incident est noté pour le retour."""
    sub = judge(
        BURN + "\n_is_finished = is_finished\n\n\ndef is_finished(mines, opened):\n"
        "    _calculer(1.0)\n    return _is_finished(mines, opened)\n"
    )
    assert "is_finished" in sub.functions
    start = sub.worker.cpu()
    killed = []

    def killer():
        pid = sub.worker.pid
        while not killed:
            used = sub.worker.cpu() if sub.worker.pid == pid else None
            if used is None:
                return
            if used - start > 0.3:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            time.sleep(0.02)

    thread = threading.Thread(target=killer)
    thread.start()
    outcome = sub.call("is_finished", MINES, OPENED)
    thread.join()
    assert killed
    assert outcome.error is None and outcome.ret == 1
    assert len(sub.incidents) == 1 and "refait" in sub.incidents[0]


SELF_KILL = '''
import ctypes


def is_finished(mines, opened):
    """Se tue lui-même en lisant l'adresse 0 (SIGSEGV). Une limite de temps de calcul
    est refusée par le filtre, et SIGXFSZ ignoré (premier processus du bac à sable) ;
    une faute de mémoire, elle, arrête le processus."""
    ctypes.string_at(0)
'''


@needs_sandbox
def test_self_inflicted_kill_is_not_an_outside_incident(judge):
    """Un processus qui se tue lui-même perd le test, sans incident « venu de l'extérieur »."""
    sub = judge(BURN + SELF_KILL)
    with pytest.raises(GraderAbort) as aborted:
        sub.call("is_finished", MINES, OPENED)
    assert sub.incidents == [], sub.incidents
    assert "SIGSEGV" in aborted.value.message
    assert "pas la faute de votre code" not in aborted.value.message


@needs_sandbox
@pytest.mark.parametrize("code", [137, 143, 393])
def test_exit_with_a_kill_code_is_not_an_outside_kill(judge, code):
    """os._exit(137) (128 + SIGKILL, ce que bubblewrap rend pour un processus tué) perd le
    test comme toute sortie : ni appel refait, ni « ce n'est pas la faute de votre code »."""
    sub = judge(f"import os\n\n\ndef is_finished(mines, opened):\n    os._exit({code})\n")
    with pytest.raises(GraderAbort) as aborted:
        sub.call("is_finished", MINES, OPENED)
    assert sub.incidents == [], sub.incidents
    assert aborted.value.cause == "died"
    assert "os._exit" in aborted.value.message
    assert "pas la faute de votre code" not in aborted.value.message


def eof_loop(handler: str) -> str:
    """Un ask_move qui rattrape la fin de l'entrée par ``handler`` et redemande sans fin."""
    return (
        "def ask_move(opened):\n    while True:\n        try:\n"
        "            return tuple(int(v) for v in input().split())\n"
        f"        {handler}\n            print('Recommencez.')\n"
    )


@pytest.mark.parametrize("handler", ["except Exception:", "except EOFError:"])
def test_a_loop_after_the_end_of_input_is_stopped_without_a_new_worker(judge, handler):
    """Une boucle qui rattrape EOFError est arrêtée (cause « eof ») par une exception
    qu'elle ne rattrape pas : le même processus de travail sert l'appel suivant, au lieu
    d'être tué puis relancé (un relancement par ligne jugée rendait une notation dix fois
    plus longue)."""
    sub = judge(eof_loop(handler))
    assert "ask_move" in sub.functions
    pid = sub.worker.pid
    with pytest.raises(GraderAbort) as aborted:
        sub.call("ask_move", OPENED, stdin=[])
    assert aborted.value.cause == "eof"
    assert "except" in aborted.value.message
    assert sub.worker.alive() and sub.worker.pid == pid
    assert sub.call("ask_move", OPENED, stdin=["0 0"]).ret == (0, 0)
    assert sub.worker.pid == pid


def test_a_bare_except_loop_after_the_end_of_input_is_killed(judge):
    """Un « except: » sans nom rattrape aussi l'ordre de s'arrêter et redemande : le
    processus est tué, l'appel échoue de même, et l'appel suivant a un processus neuf."""
    sub = judge(eof_loop("except:"))
    assert "ask_move" in sub.functions
    pid = sub.worker.pid
    with pytest.raises(GraderAbort) as aborted:
        sub.call("ask_move", OPENED, stdin=[])
    assert aborted.value.cause == "eof"
    assert not sub.worker.alive()
    assert sub.call("ask_move", OPENED, stdin=["0 0"]).ret == (0, 0)
    assert sub.worker.pid != pid


def test_a_function_stopped_twice_gets_shorter_limits(judge):
    """Une fonction arrêtée deux fois à sa limite de calcul n'a plus, par appel seul, que
    la limite raccourcie (``Limits.shortened``), et le message le dit."""
    limits = Limits(call_seconds=0.6, shortened_seconds=0.2)
    sub = judge("def is_finished(mines, opened):\n    while True:\n        pass\n", limits=limits)
    messages = []
    for _ in range(3):
        with pytest.raises(GraderAbort) as aborted:
            sub.call("is_finished", MINES, OPENED)
        assert aborted.value.cause == "cpu"
        messages.append(aborted.value.message)
    assert all("en 0.6 s de calcul" in m and "raccourcie" not in m for m in messages[:2])
    assert "en 0.2 s de calcul" in messages[2] and "raccourcie" in messages[2], messages


STORE = '''
import ctypes
import fcntl
import mmap
import os

GARDES = []  # les descripteurs restent ouverts après l'appel : la mémoire reste tenue


def _par_fichiers(morceau, voulu):
    ranges = 0
    for dossier in ("/dev/shm", "/dev", "/sandbox/travail", "/sandbox", "/tmp", "."):
        numero = 0
        while ranges < voulu:
            try:
                with open(os.path.join(dossier, f"r{numero}"), "wb") as fichier:
                    fichier.write(morceau)
            except OSError:
                break
            numero += 1
            ranges += 1
    return ranges


def _memfd(morceau):
    descripteur = os.memfd_create("m")
    os.write(descripteur, morceau)
    return descripteur


def _memfd_secret(morceau):
    libc = ctypes.CDLL(None, use_errno=True)
    descripteur = libc.syscall(447, 0)  # memfd_secret
    if descripteur < 0:
        raise OSError(ctypes.get_errno(), "memfd_secret")
    os.ftruncate(descripteur, len(morceau))
    with mmap.mmap(descripteur, len(morceau)) as page:
        page.write(morceau)
    return descripteur


def _tube(morceau):
    lecture, ecriture = os.pipe()
    fcntl.fcntl(ecriture, 1031, len(morceau))  # F_SETPIPE_SZ
    os.set_blocking(ecriture, False)
    os.write(ecriture, morceau)
    return lecture


def is_coord_ok(x, y, width, height):
    """Range x Mio hors de sa mémoire (tmpfs, memfd, memfd_secret, tubes) ; renvoie
    combien y sont restés."""
    ranges = _par_fichiers(b"m" * 2**20, x)
    for moyen, mio in ((_memfd, 8), (_memfd_secret, 1), (_tube, 1)):
        while ranges < x:
            try:
                GARDES.append(moyen(b"m" * mio * 2**20))
            except OSError:
                break
            ranges += mio
    return ranges
'''


def available_memory() -> int:
    """La mémoire encore disponible sur la machine (octets), vue de l'extérieur."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("/proc/meminfo sans MemAvailable")


@needs_sandbox
def test_memory_cap_holds_outside_the_process(judge):
    """Ce que le rendu range hors de son processus (tmpfs, memfd, memfd_secret, tubes)
    reste sous sa limite de mémoire, mesuré de l'extérieur : la mémoire disponible de la
    machine ne baisse pas de plus que la limite du rendu."""
    sub = judge(STORE)
    cap = Limits().memory_bytes
    before = available_memory()
    outcome = sub.call("is_coord_ok", 3 * cap // 2**20, 0, 1, 1)
    used = before - available_memory()  # mesuré pendant que le rendu tient tout
    assert outcome.error is not None or outcome.ret < cap // 2**20, f"{outcome.ret} Mio rangés"
    assert used < cap, f"la machine a perdu {used // 2**20} Mio"


HOARD_IN_JUDGE = '''
import gc
import json


def is_move_ok(opened, x, y):
    """Fait décoder et garder au juge tout ce qu'il peut : un message de près de 4 Mio
    fait de listes vides, 150 relais de deux grilles de 190 000 cases, puis des relais
    justes (deux grilles 50×20) à l'infini, envoyées par leur numéro à une fonction qui
    remplit (le juge doit les copier)."""
    travailleur = next(o for o in gc.get_objects() if type(o).__name__ == "Worker")
    vides = "[" + ",".join(["[]"] * (4 * 2**20 // 3 - 100)) + "]"
    travailleur.channel_out.write('{"n": -1, "vides": ' + vides + "}\\n")
    ligne = {"L": [True] * 9500, "id": 2}
    enorme = {"L": [ligne] * 20, "id": 1}
    for _ in range(150):
        travailleur.send({"rpc": "is_finished", "args": [enorme, enorme], "out": ""})
        travailleur.receive()
    mines = {"L": [{"L": [False] * 50, "id": 10 + i} for i in range(20)], "id": 3}
    voisins = {"L": [{"L": [0] * 50, "id": 40 + i} for i in range(20)], "id": 4}
    travailleur.send({"rpc": "compute_neigh", "args": [mines, voisins], "out": ""})
    travailleur.receive()
    while True:
        demande = {"rpc": "compute_neigh", "args": [{"ref": 3}, {"ref": 4}], "out": ""}
        travailleur.send(demande)
        travailleur.receive()
'''


def peak_memory_reset() -> None:
    """Remet à zéro le pic de mémoire du processus (VmHWM), sous Linux."""
    Path("/proc/self/clear_refs").write_text("5")


def memory(field: str) -> int:
    """Un champ de /proc/self/status (VmRSS, VmHWM), en octets."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"/proc/self/status sans {field}")


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="Linux seulement")
def test_judge_memory_stays_bounded(judge):
    """Le juge vérifie la taille de ce qu'il reçoit avant de le décoder et ne garde pas
    les relais refusés : un rendu qui lui envoie des gigaoctets de relais ne le fait
    grossir que de quelques dizaines de Mio, et son appel s'arrête en le disant."""
    # Le temps de calcul d'un appel n'est pas ce qui est vérifié ici : assez large pour
    # que l'attaque aille jusqu'à la limite des relais, même sur une machine chargée.
    sub = judge(HOARD_IN_JUDGE, limits=Limits(call_seconds=30.0, test_seconds=60.0))
    peak_memory_reset()
    before = memory("VmRSS")
    with pytest.raises(GraderAbort, match="valeurs aux autres fonctions du contrat"):
        sub.call("is_move_ok", [[False, True]], 0, 0)
    grown = memory("VmHWM") - before
    assert grown < 160 * 2**20, f"le juge a grossi de {grown // 2**20} Mio"


HIDDEN_CPU = '''
import gc
import json
import os
import time


def is_move_ok(opened, x, y):
    """Calcule 8 s en tout, mais seulement pendant que le juge sert un relais (select et
    poll lui sont refusés : il attend la réponse en lisant sans bloquer)."""
    travailleur = next(o for o in gc.get_objects() if type(o).__name__ == "Worker")
    grille = {"L": [{"L": [(i + j) % 3 == 0 for i in range(50)], "id": j + 2} for j in range(20)],
              "id": 1}
    voisins = {"L": [{"L": [0] * 50, "id": j + 30} for j in range(20)], "id": 29}
    demande = json.dumps({"rpc": "compute_neigh", "args": [grille, voisins], "out": ""}) + "\\n"
    entree = travailleur.channel_in.fileno()
    os.set_blocking(entree, False)
    debut = time.process_time()
    while time.process_time() - debut < 8.0:
        travailleur.channel_out.write(demande)
        travailleur.channel_out.flush()
        recu = b""
        while not recu.endswith(b"\\n"):
            try:
                recu += os.read(entree, 1 << 20)
            except BlockingIOError:
                fin = time.process_time() + 0.0005
                while time.process_time() < fin:
                    pass
    return 0 <= y < len(opened) and 0 <= x < len(opened[0]) and not opened[y][x]
'''


@needs_sandbox
def test_computing_behind_relays_counts(judge):
    """Un appel qui calcule 8 s (au-delà des 5 s permises) échoue, même caché derrière des
    relais vers la référence."""
    sub = judge(HIDDEN_CPU)
    with pytest.raises(GraderAbort):
        sub.call("is_move_ok", [[False, True]], 0, 0)


# ---------------------------------------------------------------------------
# La même note sur une machine chargée
# ---------------------------------------------------------------------------


def test_same_grade_under_load(tmp_path):
    """Un rendu juste dont le premier appel calcule ~3 s a 20, même quand quatre
    processus occupent les deux cœurs de la machine."""
    submission = tmp_path / "lent.py"
    submission.write_text(build_submission(CORPUS / "hostile_premier_appel_lent.py"), "utf-8")
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(4)]
    try:
        results = tmp_path / "resultat.json"
        run = grade_alone(submission, results, timeout=TIMEOUT)
    finally:
        for process in busy:
            process.kill()
            process.wait()
    result = json.loads(results.read_text(encoding="utf-8"))
    assert result["score"] == pytest.approx(20.0), run.stdout[-3000:]
