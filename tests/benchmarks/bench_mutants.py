"""Mesure de la sensibilité du correcteur par mutation (un script, pas un test).

    python tests/benchmarks/bench_mutants.py [--processus 2] [--delai 600] [--fonctions NOM ...]

cosmic-ray fabrique les mutants d'une copie de la solution de référence
(``tp_demineur/tp.py``) placée dans un dossier temporaire : chaque mutant diffère
de la référence par une seule petite modification (un ``<`` devenu ``<=``, un
nombre changé, une boucle vidée…). Le correcteur note chaque mutant, comme un
rendu :

    python -m pytest tests --submission COPIE/tp.py -q -x -p no:randomly

Le mutant est tué si sa note est sous 20/20 (pytest finit en échec), il survit
sinon. Les mutants sont partagés entre plusieurs processus (un par cœur), chacun
avec sa propre copie.

À la fin : le nombre de mutants, de tués et de survivants, puis chaque survivant
(fonction, opérateur, ligne, modification), comparé à la liste des survivants déjà
examinés, ``tests/benchmarks/surviving_mutants.md`` (équivalents à la référence, ou permis
par le contrat). Un survivant absent de la liste est nouveau : un mainteneur doit
l'examiner, puis le tuer par un cas fixe ou l'ajouter à la liste en disant pourquoi.

Puis les mutants écrits à la main : les rendus fautifs du corpus (``tests/data/corpus/``,
ni ``correct_`` ni ``hostile_``), dont les fautes ne vivent souvent que pour
certaines tailles (la dernière colonne des plateaux de 7 colonnes ou plus), certains
bords ou certaines densités (les plateaux plus qu'à moitié minés). Chacun doit être
tué ; ``tests/project/test_corpus.py`` vérifie en plus qu'il perd exactement les points que
dit son en-tête.

Codes de sortie : 0, aucun survivant nouveau ; 1, au moins un survivant nouveau (ou un
mutant écrit à la main qui survit) ; 2, la mesure n'a pas pu se faire.
"""

from __future__ import annotations

import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
sys.path.insert(1, str(ROOT))  # l'analyseur d'options en français du jeu
sys.path.insert(1, str(TESTS / "project"))  # corpus_grading : les mutants écrits à la main

from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402

REFERENCE = ROOT / "tp_demineur" / "tp.py"
SURVIVORS_LIST = TESTS / "benchmarks" / "surviving_mutants.md"
INSTALL = 'python -m pip install -e ".[mutation]"'
# Les deux classements permis d'un survivant examiné.
VERDICTS = ("équivalent", "permis par le contrat")
MODULE_LEVEL = "module"  # la « fonction » d'un mutant hors de toute fonction


class Failure(Exception):
    """La mesure ne peut pas se faire : le message dit pourquoi, en français."""


@dataclass
class Mutant:
    key: str  # fonction:opérateur:rang, stable d'un lancement à l'autre
    function: str
    operator: str
    line: int
    outcome: str  # « tué », « survivant » ou « non évalué »
    change: str  # la modification en une ligne : `avant` → `après`
    diff: list[str]  # les lignes retirées (-) et ajoutées (+)


@dataclass
class Listed:
    key: str
    change: str
    verdict: str


def fr(value: float, digits: int = 0) -> str:
    """Un nombre écrit à la française : 6,8."""
    return f"{value:.{digits}f}".replace(".", ",")


def duration_fr(seconds: float) -> str:
    """Une durée lisible : 41 min 7 s."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s" if minutes else f"{rest} s"


# ---------------------------------------------------------------------------
# La liste des survivants examinés
# ---------------------------------------------------------------------------


def table_cells(line: str) -> list[str]:
    """Les cellules d'une ligne de tableau Markdown (``\\|`` est un | dans une cellule)."""
    inner = line.strip().removeprefix("|").removesuffix("|")
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


def read_list(path: Path) -> dict[str, Listed]:
    """Les survivants examinés : la première colonne du tableau est la clé du mutant.

    Colonnes : mutant (clé entre accents graves), ligne, modification, classement,
    raison. Les lignes hors du tableau sont du texte libre, ignoré.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as error:
        raise Failure(f"liste des survivants illisible ({path}) : {error}") from None
    listed: dict[str, Listed] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.lstrip().startswith("|"):
            continue
        cells = table_cells(line)
        first = cells[0]
        if not first.startswith("`"):  # l'en-tête et la ligne de séparation
            continue
        where = f"{path.name}, ligne {number}"
        if len(cells) != 5:
            raise Failure(f"{where} : 5 colonnes attendues, {len(cells)} trouvées")
        key = first.strip("`")
        if key.count(":") != 2:
            raise Failure(f"{where} : « {key} » n'est pas une clé fonction:opérateur:rang")
        verdict = cells[3]
        if verdict not in VERDICTS:
            raise Failure(
                f"{where} : classement « {verdict} » inconnu (attendu : "
                + " ou ".join(f"« {v} »" for v in VERDICTS)
                + ")"
            )
        if not cells[4]:
            raise Failure(f"{where} : la raison manque")
        if key in listed:
            raise Failure(f"{where} : le mutant {key} est déjà dans la liste")
        listed[key] = Listed(key, cells[2], verdict)
    return listed


def change_text(diff: list[str]) -> str:
    """La modification en une ligne, comme dans la liste : `avant` → `après`."""
    before = " ".join(line[1:].strip() for line in diff if line.startswith("-"))
    after = " ".join(line[1:].strip() for line in diff if line.startswith("+"))
    return f"`{before}` → `{after}`"


def list_row(mutant: Mutant) -> str:
    """La ligne de la liste pour un survivant (classement et raison à écrire)."""
    change = mutant.change.replace("|", "\\|")
    return f"| `{mutant.key}` | {mutant.line} | {change} | ? | ? |"


# ---------------------------------------------------------------------------
# La mesure
# ---------------------------------------------------------------------------


def grader_command(submission: str) -> list[str]:
    """La notation d'un mutant : la commande des enseignants, arrêtée au premier test raté."""
    return [
        sys.executable, "-m", "pytest", str(TESTS), "--submission", submission,
        "-q", "-x", "-p", "no:randomly",
    ]  # fmt: skip


def write_config(folder: Path, timeout: int) -> Path:
    """La configuration de cosmic-ray : le mutant est ``tp.py``, dans le dossier courant."""
    grader = shlex.join(grader_command("tp.py"))
    config = folder / "cosmic-ray.toml"
    config.write_text(
        "[cosmic-ray]\n"
        'module-path = "tp.py"\n'
        f"timeout = {timeout}.0\n"
        "excluded-modules = []\n"
        f"test-command = {grader!r}\n"
        "\n[cosmic-ray.distributor]\n"
        'name = "local"\n',
        encoding="utf-8",
    )
    return config


def environment() -> dict[str, str]:
    """L'environnement des processus : ``tests.options`` se charge depuis la racine."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def cosmic_ray(arguments: list[str], folder: Path, log: Path | None = None):
    command = [sys.executable, "-m", "cosmic_ray.cli", *arguments]
    if log is None:
        done = subprocess.run(command, cwd=folder, env=environment(), capture_output=True)
        if done.returncode != 0:
            output = (done.stdout + done.stderr).decode("utf-8", "replace").strip()
            raise Failure(f"cosmic-ray {arguments[0]} a échoué :\n{output}")
        return done
    with log.open("wb") as sink:
        return subprocess.Popen(
            command, cwd=folder, env=environment(), stdout=sink, stderr=subprocess.STDOUT
        )


def baseline(folder: Path, config: Path) -> None:
    """La copie non modifiée doit avoir 20/20, sinon aucun mutant ne veut rien dire."""
    import toml  # une dépendance de cosmic-ray

    command = toml.loads(config.read_text(encoding="utf-8"))["cosmic-ray"]["test-command"]
    done = subprocess.run(
        shlex.split(command), cwd=folder, env=environment(), capture_output=True, text=True
    )
    if done.returncode != 0:
        raise Failure(
            "la copie non modifiée de la référence n'a pas 20/20 : rien à mesurer.\n"
            + (done.stdout + done.stderr)[-3000:]
        )


def function_ranks(items) -> dict[str, tuple[str, str]]:
    """Pour chaque tâche, sa fonction et sa clé fonction:opérateur:rang.

    Le rang compte les mutants du même opérateur dans la même fonction, dans l'ordre
    du texte : la clé ne change pas quand on modifie une autre fonction.
    """
    groups: dict[tuple[str, str], list] = {}
    for item in items:
        mutation = item.mutations[0]
        function = mutation.definition_name or MODULE_LEVEL
        operator = mutation.operator_name.removeprefix("core/")
        groups.setdefault((function, operator), []).append(item)
    keys = {}
    for (function, operator), members in groups.items():
        # À la même place, deux mutants d'un opérateur (un nombre + 1, puis - 1) se
        # suivent dans l'ordre de cosmic-ray (occurrence).
        members.sort(
            key=lambda item: (tuple(item.mutations[0].start_pos), item.mutations[0].occurrence)
        )
        for rank, item in enumerate(members, start=1):
            keys[item.job_id] = (function, f"{function}:{operator}:{rank}")
    return keys


class Progress:
    """Une barre de progression sur la sortie d'erreur."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.start = time.perf_counter()
        self.last = ""

    def show(self, done: int, survivors: int) -> None:
        elapsed = time.perf_counter() - self.start
        left = elapsed / done * (self.total - done) if done else 0
        filled = 30 * done // self.total if self.total else 30
        text = (
            f"\rmutants [{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total}, "
            f"{survivors} survivant(s), reste environ {duration_fr(left)}   "
        )
        if text != self.last:
            sys.stderr.write(text)
            sys.stderr.flush()
            self.last = text

    def end(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()


def measure(work: Path, processes: int, timeout: int, functions: list[str] | None):
    """Lance la mesure ; renvoie les mutants évalués, dans l'ordre du texte."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

    base = work / "base"
    base.mkdir()
    shutil.copyfile(REFERENCE, base / "tp.py")
    config = write_config(base, timeout)
    print("Note de la copie non modifiée (elle doit avoir 20/20)…", flush=True)
    baseline(base, config)
    cosmic_ray(["init", config.name, "session.sqlite"], base)

    with use_db(base / "session.sqlite", WorkDB.Mode.open) as database:
        items = sorted(
            database.work_items,
            key=lambda item: (
                tuple(item.mutations[0].start_pos),
                item.mutations[0].operator_name,
                item.mutations[0].occurrence,
            ),
        )
    keys = function_ranks(items)
    if functions:
        unknown = sorted(set(functions) - {function for function, _ in keys.values()})
        if unknown:
            raise Failure(f"aucun mutant dans : {', '.join(unknown)}")
        items = [item for item in items if keys[item.job_id][0] in functions]
    if not items:
        raise Failure("cosmic-ray n'a fabriqué aucun mutant")

    # Chaque processus a son dossier, sa copie et sa session : les mutants des autres
    # y sont marqués « sautés ». Un mutant sur N, dans l'ordre du texte, pour que les
    # fonctions lentes à noter (main) se partagent aussi.
    processes = min(processes, len(items))
    shares = [items[index::processes] for index in range(processes)]
    skipped = WorkResult(worker_outcome=WorkerOutcome.SKIPPED)
    workers = []
    for index in range(processes):
        folder = work / f"processus_{index + 1}"
        folder.mkdir()
        shutil.copyfile(REFERENCE, folder / "tp.py")
        shutil.copyfile(config, folder / config.name)
        shutil.copyfile(base / "session.sqlite", folder / "session.sqlite")
        mine = {item.job_id for item in shares[index]}
        with use_db(folder / "session.sqlite", WorkDB.Mode.open) as database:
            others = [job for job in keys if job not in mine]
            database.set_multiple_results(others, skipped)
        workers.append(folder)

    print(
        f"{len(items)} mutants, notés par {processes} processus (au plus {timeout} s par mutant)…",
        flush=True,
    )
    running = [
        cosmic_ray(["exec", config.name, "session.sqlite"], folder, folder / "cosmic-ray.log")
        for folder in workers
    ]
    progress = Progress(len(items))
    try:
        while True:
            finished = all(process.poll() is not None for process in running)
            results = {}
            for folder in workers:
                with use_db(folder / "session.sqlite", WorkDB.Mode.open) as database:
                    for job, result in database.results:
                        if result.worker_outcome != WorkerOutcome.SKIPPED:
                            results[job] = result
            survived = sum(r.test_outcome == TestOutcome.SURVIVED for r in results.values())
            progress.show(len(results), survived)
            if finished:
                break
            time.sleep(2)
    finally:
        progress.end()
        for process in running:
            if process.poll() is None:
                process.terminate()
                process.wait()
    for folder, process in zip(workers, running):
        if process.returncode != 0:
            log = (folder / "cosmic-ray.log").read_text(encoding="utf-8", errors="replace")
            raise Failure(f"cosmic-ray exec a échoué (code {process.returncode}) :\n{log[-3000:]}")

    mutants = []
    for item in items:
        mutation = item.mutations[0]
        function, key = keys[item.job_id]
        result = results.get(item.job_id)
        diff = []
        if result is not None and result.diff:
            diff = [
                line
                for line in result.diff.splitlines()
                if line[:1] in "-+" and not line.startswith(("---", "+++"))
            ]
        if result is None or result.worker_outcome != WorkerOutcome.NORMAL:
            outcome = "non évalué"
        elif result.test_outcome == TestOutcome.SURVIVED:
            outcome = "survivant"
        elif result.test_outcome == TestOutcome.KILLED:
            outcome = "tué"
        else:
            outcome = "non évalué"
        mutants.append(
            Mutant(
                key=key,
                function=function,
                operator=mutation.operator_name.removeprefix("core/"),
                line=mutation.start_pos[0],
                outcome=outcome,
                change=change_text(diff),
                diff=diff,
            )
        )
    return mutants


def hand_written(work: Path, processes: int, timeout: int, functions) -> dict[str, str]:
    """Les mutants écrits à la main : les rendus fautifs du corpus (``tests/data/corpus/``, ni
    ``correct_`` ni ``hostile_``), des fautes qui ne vivent que pour certaines tailles,
    certains bords ou certaines densités ; chacun noté comme un mutant. Renvoie
    l'issue de chacun (« tué », « survivant » ou « non évalué »), par nom."""
    import corpus_grading

    entries = [
        entry
        for entry in sorted((TESTS / "data" / "corpus").glob("*.py"))
        if not entry.name.startswith(("correct_", "hostile_"))
        and (
            not functions
            or corpus_grading.expected_losses(entry.read_text(encoding="utf-8")) & set(functions)
        )
    ]
    folder = work / "a_la_main"
    folder.mkdir()
    print(f"{len(entries)} mutants écrits à la main (tests/data/corpus/), notés…", flush=True)

    def grade(entry: Path) -> str:
        submission = folder / entry.name
        submission.write_text(corpus_grading.build_submission(entry), encoding="utf-8")
        try:
            done = subprocess.run(
                grader_command(str(submission)),
                cwd=ROOT,
                env=environment(),
                capture_output=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            return "tué"  # comme cosmic-ray : un mutant qui ne finit pas est tué
        return {0: "survivant", 1: "tué"}.get(done.returncode, "non évalué")

    with ThreadPoolExecutor(max_workers=processes) as pool:
        return dict(zip((entry.stem for entry in entries), pool.map(grade, entries)))


# ---------------------------------------------------------------------------
# Le compte rendu
# ---------------------------------------------------------------------------


def report_hand_written(outcomes: dict[str, str]) -> int:
    """Le compte des mutants écrits à la main ; 1 si l'un d'eux survit, 2 s'il n'a pas pu
    être noté."""
    killed = [name for name, outcome in outcomes.items() if outcome == "tué"]
    print()
    print(f"Mutants écrits à la main : {len(outcomes)}, {len(killed)} tués.")
    for name, outcome in outcomes.items():
        if outcome != "tué":
            print(f"  {outcome.capitalize()} : tests/data/corpus/{name}.py")
    if any(outcome == "survivant" for outcome in outcomes.values()):
        print("Un mutant écrit à la main survit : le correcteur a un trou ; ajoutez un cas.")
        return 1
    return 2 if len(killed) < len(outcomes) else 0


def report(mutants: list[Mutant], listed: dict[str, Listed], functions, seconds: float) -> int:
    killed = [m for m in mutants if m.outcome == "tué"]
    survivors = [m for m in mutants if m.outcome == "survivant"]
    broken = [m for m in mutants if m.outcome == "non évalué"]
    print()
    print(
        f"{len(mutants)} mutants, {len(killed)} tués, {len(survivors)} survivants"
        + (f", {len(broken)} non évalués" if broken else "")
        + f" ; durée {duration_fr(seconds)}."
    )
    if len(mutants):
        print(f"Score de mutation : {fr(100 * len(killed) / len(mutants), 1)} % de tués.")

    new, changed = [], []
    for mutant in survivors:
        known = listed.get(mutant.key)
        if known is None:
            label = "NOUVEAU"
            new.append(mutant)
        elif known.change != mutant.change:
            label = "CHANGÉ (la liste décrit une autre modification)"
            changed.append(mutant)
        else:
            label = f"dans la liste : {known.verdict}"
        print()
        print(f"Survivant {mutant.key}, ligne {mutant.line} ({mutant.operator}) : {label}")
        for line in mutant.diff:
            print(f"    {line}")
    for mutant in broken:
        print()
        print(f"Non évalué : {mutant.key}, ligne {mutant.line} ({mutant.operator})")

    alive = {m.key for m in survivors}
    measured = {m.key for m in mutants}
    stale = [
        key
        for key in listed
        if key not in alive and (not functions or key.split(":", 1)[0] in functions)
    ]
    print()
    if stale:
        print("Dans la liste, mais plus survivants (à retirer de la liste) :")
        for key in stale:
            status = "tué" if key in measured else "n'existe plus"
            print(f"  {key} : {status}")
    unexpected = new + changed
    if unexpected:
        print(
            f"{len(unexpected)} survivant(s) hors de la liste {SURVIVORS_LIST.name} : à examiner. "
            "Tuez chacun par un cas fixe (@example dans tests/graded/test_q*.py) ou, s'il est "
            "équivalent ou permis par le contrat, ajoutez sa ligne à la liste en disant pourquoi :"
        )
        for mutant in unexpected:
            print(list_row(mutant))
        return 1
    if broken:
        print("Des mutants n'ont pas pu être évalués : la mesure est incomplète.")
        return 2
    print(f"Aucun survivant nouveau : tous sont dans {SURVIVORS_LIST.name}.")
    return 0


def main() -> int:
    parser = FrenchParser(
        prog="python tests/benchmarks/bench_mutants.py",
        description="Mesure la sensibilité du correcteur : cosmic-ray fabrique des mutants de la "
        "solution de référence, le correcteur note chacun ; un mutant à 20/20 survit. Les "
        f"survivants sont comparés à la liste tests/{SURVIVORS_LIST.name}.",
    )
    options = parser.options_group()
    options.add_argument(
        "--processus",
        type=bounded_int(1, None),
        default=os.cpu_count() or 1,
        help=f"mutants notés à la fois (tous les cœurs : {os.cpu_count()})",
    )
    options.add_argument(
        "--delai",
        type=bounded_int(10, None),
        default=600,
        metavar="S",
        help="temps maximal de la notation d'un mutant, en secondes (600) ; au-delà, il est tué",
    )
    options.add_argument(
        "--fonctions",
        nargs="+",
        metavar="NOM",
        help="seulement les mutants de ces fonctions de tp.py (toutes)",
    )
    arguments = parser.parse_args()

    try:
        import cosmic_ray  # noqa: F401
    except ImportError:
        print(
            "cosmic-ray n'est pas installé. Depuis la racine du dépôt, installez-le avec :\n"
            f"    {INSTALL}",
            file=sys.stderr,
        )
        return 2
    if shutil.which("bwrap") is None:
        print(
            "Attention : bubblewrap (bwrap) manque ; les mutants seront notés sans bac à sable.",
            file=sys.stderr,
        )

    print(
        f"Machine : {platform.platform()}, {os.cpu_count()} cœur(s), "
        f"Python {platform.python_version()}, cosmic-ray {version('cosmic-ray')}"
    )
    try:
        listed = read_list(SURVIVORS_LIST)
        begin = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="mutants-") as folder:
            mutants = measure(
                Path(folder), arguments.processus, arguments.delai, arguments.fonctions
            )
            seconds = time.perf_counter() - begin
            written = hand_written(
                Path(folder), arguments.processus, arguments.delai, arguments.fonctions
            )
    except Failure as error:
        print(f"Mesure impossible : {error}", file=sys.stderr)
        return 2
    return max(report(mutants, listed, arguments.fonctions, seconds), report_hand_written(written))


def version(package: str) -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(package)
    except PackageNotFoundError:
        return "?"


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\nMesure interrompue.", file=sys.stderr)
        sys.exit(130)
