"""Le corpus de rendus (``tests/data/corpus/``), noté comme une classe, une fois par session.

Chaque fichier du corpus est un rendu d'étudiant : la solution de référence suivie
du fichier (qui redéfinit les fonctions fautives), sauf s'il porte « # base : aucune ».
Son en-tête dit ce qu'il doit perdre (« # perd : », les fonctions ; « # lignes : », si
elles sont dites, les lignes du barème, c'est-à-dire les tests notés, et aucune autre), et,
pour une attaque qui trompe encore le correcteur, ce qui réussit (« # faille : »).
``tests/project/test_corpus.py`` vérifie ces verdicts ; ``tests/project/test_kit.py``
compare le kit à ces mêmes notes.

Un verdict doit être juste quels que soient les cas tirés : chaque rendu d'étudiant (ni
attaque, ni paquet) est noté dans trois tirages (``DRAWS``) : le secret de la classe, les
cas publics et un second secret. La classe notée par ``grade_class`` (bac à sable, secret
de la classe) tient les rendus notés sur toutes leurs fonctions (``graded_in_full``) ;
les autres rendus d'étudiants sont notés, dans chaque tirage, sur les seules fonctions
qu'ils écrivent ou doivent perdre (les autres sont celles de la référence).
"""

from __future__ import annotations

import ast
import contextlib
import functools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
CORPUS = TESTS / "data" / "corpus"
REFERENCE = ROOT / "tp_demineur" / "tp.py"
ENTRIES = sorted(CORPUS.glob("*.py"))

# Un rendu en paquet, découpé en modules, qui s'importe lui-même, avec des pièges
# autour : un random.py dans le paquet et un conftest.py à côté. Il ne perd rien.
PACKAGE = "paquet_avec_pieges"


def header(text: str, key: str) -> str | None:
    match = re.search(rf"^# {key} : (.*)$", text, re.MULTILINE)
    return match.group(1).strip() if match else None


def expected_losses(text: str) -> set[str]:
    value = header(text, "perd")
    if value is None:
        raise ValueError("en-tête « # perd : » manquant")
    return set() if value == "aucune" else {name.strip() for name in value.split(",")}


def expected_lines(text: str) -> set[str] | None:
    """Les lignes du barème qu'un rendu doit perdre (« # lignes : », les noms des tests
    notés, séparés par des virgules), si son en-tête les dit : une faute d'une classe
    d'entrées ne fait rater que la ligne de cette classe. None sinon."""
    value = header(text, "lignes")
    return None if value is None else {name.strip() for name in value.split(",")}


def lost_lines(result: dict) -> set[str]:
    """Les lignes du barème (tests notés) ratées dans un results.json."""
    return {t["extra_data"]["line"] for t in result["tests"] if t["status"] != "passed"}


def is_hostile(entry: Path) -> bool:
    """Une attaque du bac à sable plutôt qu'une faute d'étudiant (« hostile_… »)."""
    return entry.name.startswith("hostile_")


# Un échantillon du corpus où les cas publics suffisent à trouver la faute : une ou deux
# fautes par fonction, dont celles qui se propagent (is_coord_ok, l'inondation), et des
# rendus justes écrits autrement. Le kit les note sur toutes leurs fonctions
# (``tests/project/test_kit.py`` : chaque faute s'y voit à sa place, et seulement là).
KIT_SAMPLE = [
    "main_oublie_compute_neigh.py",
    "initialise_mines_tirage_avec_remise.py",
    "initialise_open_remplace_les_lignes.py",
    "is_coord_ok_inferieur_ou_egal.py",
    "nb_adjacent_compte_la_case.py",
    "compute_neigh_oublie_les_cases_minees.py",
    "display_board_transpose.py",
    "is_move_ok_indices_negatifs.py",
    "ask_move_renvoie_y_x.py",
    "propagate_un_seul_parcours.py",
    "is_finished_victoire_avant_defaite.py",
    "play_turn_sans_propagation.py",
    "play_the_game_sans_verdict.py",
    "correct_play_turn_verifie_le_coup.py",
    "correct_propagate_recursif.py",
]


def graded_in_full(entry: Path) -> bool:
    """Un rendu noté sur toutes ses fonctions, dans la classe du corpus : une attaque, un
    fichier complet (« # base : aucune »), un rendu de l'échantillon du kit, une erreur de
    débutant reconnue (« # retour : ») ; on vérifie qu'ils ne perdent rien ailleurs. Les
    autres rendus ne changent que quelques fonctions de la référence : ils sont notés sur
    celles-là (``graded_functions``), dans chaque tirage."""
    text = entry.read_text(encoding="utf-8")
    return (
        is_hostile(entry)
        or header(text, "base") == "aucune"
        or header(text, "retour") is not None
        or entry.name in KIT_SAMPLE
    )


CLASS_ENTRIES = [entry for entry in ENTRIES if graded_in_full(entry)]
STUDENT_ENTRIES = [entry for entry in ENTRIES if not is_hostile(entry)]
# Les rendus en dossier (``tests/data/corpus/NOM/``) : leur ``tp.py`` porte les en-têtes,
# et se construit comme un fichier du corpus ; les autres fichiers sont rendus à côté de
# lui, tels quels. Ils sont notés en entier, dans la classe du corpus.
FOLDER_ENTRIES = sorted(path for path in CORPUS.iterdir() if path.is_dir())
FOLDER_FILE = "tp.py"


def build_submission(entry: Path) -> str:
    text = entry.read_text(encoding="utf-8")
    if header(text, "base") == "aucune":
        return text
    return REFERENCE.read_text(encoding="utf-8") + "\n\n# --- rendu du corpus ---\n" + text


def build_folder(entry: Path, folder: Path) -> None:
    """Un rendu en dossier du corpus, écrit dans ``folder`` (son ``tp.py`` construit)."""
    shutil.copytree(entry, folder / entry.name)
    built = folder / entry.name / FOLDER_FILE
    built.write_text(build_submission(entry / FOLDER_FILE), encoding="utf-8")


def build_package(folder: Path):
    package = folder / PACKAGE / "tp_demineur"
    package.mkdir(parents=True)
    (package / "tp.py").write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    (package / "__init__.py").write_text(
        "from .tp import *  # noqa\nimport tp_demineur  # le paquet de l'étudiant lui-même\n",
        encoding="utf-8",
    )
    (package / "random.py").write_text("raise ImportError('faux module random')\n")
    (folder / PACKAGE / "conftest.py").write_text("import sys\nsys.exit(3)\n")


# Les notations d'arrière-plan cèdent le processeur aux autres tests (``nice``) : ceux-ci
# avancent à leur rythme au lieu de finir seuls, sur un cœur, après elles ; les limites
# du correcteur comptent du temps de calcul, et l'attente dans la file du processeur
# n'y compte pas. La classe notée a sa propre session (pour l'arrêter d'un coup) : son
# groupe d'ordonnancement reçoit la même priorité (``grading.channel.give_niceness``).
NICENESS = 10
YIELDING = ["nice", "-n", str(NICENESS)] if shutil.which("nice") else []

# Le secret de la classe du corpus : fixe, pour qu'un verdict raté se rejoue à l'identique
# (grade_class en tire un nouveau à chaque classe, par défaut).
SECRET = "corpus-du-correcteur"

_graded: Path | None = None


def grade_class(folder: Path, out: Path) -> Path:
    """Écrit chaque rendu de la classe du corpus (``CLASS_ENTRIES``, ``FOLDER_ENTRIES`` et
    le paquet) dans
    ``folder`` et les fait noter tous ensemble par ``tests/tools/grade_class.py`` (notes
    dans ``out``) ; renvoie ``out``."""
    from grading.channel import give_niceness  # tests/ n'est sur le chemin que sous pytest

    folder.mkdir(parents=True, exist_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    for entry in CLASS_ENTRIES:
        (folder / entry.name).write_text(build_submission(entry), encoding="utf-8")
    for entry in FOLDER_ENTRIES:
        build_folder(entry, folder)
    build_package(folder)
    command = [*YIELDING, sys.executable, str(TESTS / "tools" / "grade_class.py"), str(folder)]
    command += ["--sortie", str(out), "--secret", SECRET]
    # Un de plus que de cœurs : des attaques du corpus attendent sans calculer jusqu'à leur
    # limite d'attente (10 s), et laisseraient un cœur vide.
    command += ["--jobs", str((os.cpu_count() or 1) + 1)]
    # Son propre groupe de processus : l'arrêt de l'arrière-plan lui envoie un Ctrl-C.
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    give_niceness(process.pid, NICENESS)
    RUNNING.add(process)
    try:
        stdout, stderr = process.communicate(timeout=3600)
    finally:
        RUNNING.discard(process)
    assert process.returncode == 0, stdout + stderr
    return out


def graded_class(tmp_path_factory) -> Path:
    """Toute la classe du corpus, notée d'un coup (une seule fois par session de pytest,
    en arrière-plan dès la fin de la collecte quand c'est possible) ; renvoie le dossier
    des notes."""
    global _graded
    if _graded is None:
        if BACKGROUND is not None and "classe" in BACKGROUND.works:
            _graded = BACKGROUND.result("classe")
        else:
            folder = tmp_path_factory.mktemp("classe")
            _graded = grade_class(folder / "rendus", folder / "notes")
    return _graded


# Les trois tirages de chaque rendu d'étudiant : le secret de la classe, les cas publics
# (sans secret) et un second secret. Chacun ne note que les fonctions que le rendu écrit
# (les autres sont celles de la référence, notées à part, et chaque fonction est notée
# seule), sans bac à sable (ce sont nos propres rendus : seuls les cas tirés changent le
# verdict). Un rendu noté en entier dans la classe du corpus n'y est pas noté de nouveau.
CLASS_DRAW = "secret de la classe"
DRAWS = {CLASS_DRAW: SECRET, "cas publics": None, "second secret": "corpus-second-tirage"}
# Le même rendu rendu de nouveau, un commentaire ajouté (ce que fait un étudiant qui
# retente sa chance sur Gradescope ou VPL) : noté avec le secret de la classe, il doit
# avoir les mêmes points. Pour chaque faute d'une classe d'entrées (« # lignes : »).
COMMENTED = {
    "copie commentée 1": "\n# relu avant de rendre\n",
    "copie commentée 2": "\n# deuxième essai : rien changé au code\n",
}
DRAWS |= dict.fromkeys(COMMENTED, SECRET)


def draws_of(entry: Path) -> list[str]:
    """Les tirages où un rendu d'étudiant est noté sur ses seules fonctions (les copies
    commentées : pour une faute d'une classe d'entrées seulement)."""
    text = entry.read_text(encoding="utf-8")
    return [
        draw
        for draw in DRAWS
        if (draw != CLASS_DRAW or not graded_in_full(entry))
        and (draw not in COMMENTED or expected_lines(text) is not None)
    ]


def submission_for(folder: Path, entry: Path, draw: str) -> Path:
    """Le fichier noté dans un tirage : le rendu, ou sa copie commentée (même nom de fichier,
    dans un dossier à elle : seul le contenu change)."""
    if draw not in COMMENTED:
        return folder / entry.name
    copy = folder / f"commentaire-{list(COMMENTED).index(draw) + 1}" / entry.name
    copy.parent.mkdir(exist_ok=True)
    if not copy.exists():
        copy.write_text(build_submission(entry) + COMMENTED[draw], encoding="utf-8")
    return copy


@functools.cache
def graded_functions(entry: Path) -> frozenset[str] | None:
    """Les fonctions du contrat qu'un rendu du corpus écrit, et celles qu'il doit perdre ;
    None pour un fichier complet (« # base : aucune ») : toutes.

    Gardées une fois calculées, et calculées pour tout le corpus dans le fil principal
    avant que les notations d'arrière-plan partent (``start_background``) : sous
    CPython 3.11, deux fils qui construisent un arbre ``ast`` en même temps faussent le
    compte de profondeur que partage le module (« AST constructor recursion depth
    mismatch », CPython gh-106905), et un test du fil principal qui lit un rendu par
    ``ast.parse`` (test_typos) échouait au hasard."""
    from grading import mark_scheme  # tests/ n'est sur le chemin que sous pytest

    text = entry.read_text(encoding="utf-8")
    if header(text, "base") == "aucune":
        return None
    tree = ast.parse(text)
    defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    return frozenset((defined & set(mark_scheme.FUNCTIONS)) | expected_losses(text))


def question_module(function: str) -> Path:
    """Le module des tests notés d'une fonction : celui de sa question
    (``tests/graded/test_q9_end.py`` pour is_finished)."""
    from grading import mark_scheme

    question = mark_scheme.BAREME[function][0].lower()
    (module,) = (TESTS / "graded").glob(f"test_{question}_*.py")
    return module


def draw_arguments(submission: Path, functions: set[str] | None, secret: str | None) -> list:
    """Les arguments de ``python -m pytest`` pour noter ``functions`` d'un rendu dans un
    tirage. Chaque test noté porte dans son nom celui de sa fonction, et il est dans le
    module de sa question (vérifié par ``test_corpus.py``) : ces modules seuls sont lus,
    et ``-k`` y choisit les tests (lire les huit coûtait 70 ms par tirage)."""
    if functions is None:
        arguments = [str(TESTS)]
    else:
        arguments = sorted({str(question_module(name)) for name in functions})
    arguments += ["-q", "-p", "no:cacheprovider", "--no-sandbox"]
    arguments.append(f"--submission={submission}")
    if functions is not None:
        arguments += ["-k", " or ".join(sorted(functions))]
    if secret is not None:
        arguments.append(f"--secret={secret}")
    return arguments


def grade_draws(folder: Path) -> dict[tuple[str, str], dict]:
    """Chaque rendu d'étudiant du corpus noté dans chacun de ses tirages (``draws_of``) ;
    renvoie les results.json par (nom du rendu, tirage). Les notations partent du lanceur
    pré-chargé de ``grade_class`` (ou d'un nouveau processus s'il ne répond pas), deux à
    la fois (une notation n'occupe qu'un cœur : le juge et le processus de travail
    calculent tour à tour), avec la priorité des notations d'arrière-plan."""
    from classroom.runner import Launcher, run_process

    for entry in STUDENT_ENTRIES:
        (folder / entry.name).write_text(build_submission(entry), encoding="utf-8")
        for draw in set(draws_of(entry)) & set(COMMENTED):
            submission_for(folder, entry, draw)  # écrites avant les fils qui notent
    launcher = Launcher()
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, launcher.process.pid, NICENESS)

    def grade(job: tuple[Path, str]) -> dict:
        entry, draw = job
        if cancelled():
            raise RuntimeError("tirages annulés : la session s'arrête")
        submission = submission_for(folder, entry, draw)
        arguments = draw_arguments(submission, graded_functions(entry), DRAWS[draw])
        scratch = tempfile.mkdtemp(dir=folder)
        try:
            try:
                _, received, problem = launcher.run(arguments, scratch)
            except OSError:
                _, received, problem = run_process(arguments, scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if not received:
            raise RuntimeError(f"{entry.stem}, {draw} : pas de résultat ({problem})")
        return json.loads(received.decode("utf-8"))

    jobs = [(entry, draw) for entry in STUDENT_ENTRIES for draw in draws_of(entry)]
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(grade, jobs))
    finally:
        launcher.close()
    return {(entry.stem, draw): result for (entry, draw), result in zip(jobs, results)}


_draws: dict | None = None


def graded_draws(tmp_path_factory) -> dict[tuple[str, str], dict]:
    """Les rendus d'étudiants du corpus notés dans leurs tirages (une seule fois par
    session, en arrière-plan dès la fin de la collecte quand c'est possible)."""
    global _draws
    if _draws is None:
        if BACKGROUND is not None and "tirages" in BACKGROUND.works:
            _draws = BACKGROUND.result("tirages")
        else:
            _draws = grade_draws(tmp_path_factory.mktemp("tirages"))
    return _draws


def verdict_with_class_secret(graded_class: Path, draws: dict, entry: Path) -> dict:
    """Le results.json d'un rendu d'étudiant avec le secret de la classe : celui de la
    classe du corpus s'il y est noté en entier, sinon celui de ses seules fonctions."""
    if graded_in_full(entry):
        return result_of(graded_class, entry.stem)
    return draws[(entry.stem, CLASS_DRAW)]


class Background:
    """Les notations longues des tests du projet, lancées dès la fin de la collecte, chacune
    dans son fil : la classe du corpus et le corpus noté dans le kit, en même temps (une
    notation attend souvent sans calculer : les limites de temps d'attente des rendus
    hostiles, le lancement des processus ; à deux, elles remplissent les cœurs). Elles
    tournent pendant les autres tests ; la fixture qui en a besoin attend son résultat
    (``result``), et une erreur y est relevée.

    ``works`` : nom → fonction qui reçoit un dossier neuf et renvoie le résultat.
    """

    def __init__(self, works: dict[str, Callable[[Path], object]], folder: Path):
        self.works = works
        self.folder = folder
        self.results: dict[str, tuple[bool, object]] = {}
        self.finished = {name: threading.Event() for name in works}
        self.cancelled = False
        self.threads = [
            threading.Thread(target=self.run, args=(name,), name=f"notation {name}", daemon=True)
            for name in works
        ]
        for thread in self.threads:
            thread.start()

    def run(self, name: str):
        try:
            self.results[name] = (True, self.works[name](Path(tempfile.mkdtemp(dir=self.folder))))
        except BaseException as error:  # relevée par la fixture qui attend
            self.results[name] = (False, error)
        self.finished[name].set()

    def result(self, name: str):
        self.finished[name].wait()
        ok, value = self.results[name]
        if not ok:
            raise value
        return value

    def close(self):
        """Interrompt le travail en cours (un Ctrl-C à la notation de la classe ; le kit
        ne commence plus de rendu), attend, puis efface les dossiers."""
        self.cancelled = True
        for process in list(RUNNING):
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGINT)
        for thread in self.threads:
            thread.join()
        shutil.rmtree(self.folder, ignore_errors=True)


BACKGROUND: Background | None = None
RUNNING: set[subprocess.Popen] = set()  # les notations de classe en cours


def cancelled() -> bool:
    """L'arrière-plan a-t-il été arrêté (fin de session avant la fin de son travail) ?"""
    return BACKGROUND is not None and BACKGROUND.cancelled


def start_background(items: list) -> None:
    """Lance en arrière-plan les notations dont les tests collectés auront besoin."""
    global BACKGROUND
    users = {}
    for item in items:
        for name in getattr(item, "fixturenames", ()):
            users.setdefault(name, item)
    works: dict[str, Callable[[Path], object]] = {}
    for entry in STUDENT_ENTRIES:
        graded_functions(entry)  # ici, dans le fil principal (voir graded_functions)
    if "graded_class" in users:
        works["classe"] = lambda folder: grade_class(folder / "rendus", folder / "notes")
    if "field_classes" in users:
        # test_isolation_field.py : les attaques du corpus sans espaces de noms.
        works["terrain"] = users["field_classes"].module.grade_field_classes
    if "kit_grades" in users:
        # Le module de test_kit.py, déjà importé par la collecte, sait noter dans le kit.
        works["kit"] = users["kit_grades"].module.build_kit_and_grade_corpus
    if "graded_draws" in users:
        works["tirages"] = grade_draws
    if works:
        BACKGROUND = Background(works, Path(tempfile.mkdtemp(prefix="tp-demineur-notations-")))


def waiting_last(items: list) -> None:
    """Range à la fin les tests qui attendent une notation d'arrière-plan : les autres
    tests tournent pendant qu'elle avance, au lieu d'attendre avec elle (ou de finir
    seuls, sur un cœur, après elle). pytest prépare de nouveau une fixture de module
    si son module revient plus loin : aucun test qui attend n'en partage de coûteuse
    avec un test de son module qui n'attend pas."""
    items.sort(
        key=lambda item: bool(
            {"graded_class", "kit_grades", "field_classes", "graded_draws"}
            & set(getattr(item, "fixturenames", ()))
        )
    )  # tri stable


def stop_background() -> None:
    if BACKGROUND is not None:
        BACKGROUND.close()


def result_of(out: Path, name: str) -> dict:
    """Le results.json d'un rendu de la classe notée."""
    return json.loads((out / "json" / f"{name}.json").read_text(encoding="utf-8"))
