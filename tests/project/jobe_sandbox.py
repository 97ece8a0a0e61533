"""Un serveur Jobe et une question Moodle CodeRunner, imités pour les tests : ce que font
CodeRunner et Jobe à chaque « Vérifier » d'une question à correcteur de modèle combinateur.

CodeRunner (``jobrunner.php``) :

1. remplit le modèle de la question avec Twig : ``STUDENT_ANSWER`` (la réponse), ``ATTACHMENTS``
   (les noms des documents joints, séparés par des virgules)… Seules les expressions que
   les modèles du projet emploient sont imitées (:func:`render_template`) : le filtre
   ``json_encode`` de PHP (:func:`php_json_encode`), puis ``e('py')`` (``escapers.php`` :
   barres obliques inverses et guillemets précédés d'une barre oblique inverse) ; toute autre
   expression Twig arrête l'essai ;
2. envoie le programme à Jobe avec les fichiers d'aide de la question et ses limites ;
3. lit la sortie : un programme qui a écrit sur sa sortie d'erreur, ou dépassé son temps,
   n'a pas de note (« Mauvaise sortie de la notation ») ; sinon la sortie doit être un seul
   objet JSON, dont chaque champ est permis et dont ``fraction`` est entre 0 et 1
   (:func:`combinator_outcome`) ; le tableau ``testresults`` est une liste de listes, et
   chaque cellule est échappée (``s()``) dans un ``<pre>`` (:func:`student_page`).

Jobe (``LanguageTask.php``, ``Python3Task.php``, ``runguard.c``), pour Python 3 :

1. crée un dossier de travail neuf (``/home/jobe/runs/jobe_XXXX``, au serveur web, ouvert
   en lecture-écriture à un utilisateur ``jobeNN`` par une ACL) et y écrit le programme
   (``__tester__.python3``) et les fichiers d'aide, lisibles par tous ;
2. le « compile » : ``python3 -m py_compile __tester__.python3`` (qui laisse un
   ``__pycache__``) ;
3. le lance sous ``runguard``, en ``jobeNN`` : ``python3 -BE __tester__.python3``, entrée
   vide ; l'environnement vidé (sauf ``PATH`` et les variables de langue), ``HOME`` dans un
   dossier neuf de ``/tmp`` ; une limite de temps de calcul par processus (``RLIMIT_CPU`` :
   la limite de la question + 1 s), d'espace d'adresses par processus (``RLIMIT_AS`` :
   la mémoire de la question, en Mo de 1 000 Kio), de processus de l'utilisateur
   (``RLIMIT_NPROC`` : 30 + 1), de taille de fichier (20 Mo) ; le tout tué après deux fois
   la limite de temps, en temps réel ; le temps de calcul de tous les processus est compté
   à la fin, et au-delà de la limite Jobe répond « temps dépassé ».

L'utilisateur ``jobeNN`` n'a ni espaces de noms (le lanceur ``no_namespaces.py`` les refuse
comme le profil de Docker, celui de l'image ``jobeinabox``), ni rien d'autre que la
bibliothèque standard (le Python de ``vpl_jail.bare_python``).
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from vpl_jail import WRAPPER, bare_python, kill_processes_of

JOBE_USER = "jobe-essai"
PROGRAM = "__tester__.python3"
STREAM_BYTES = 2 * 1000 * 1024  # streamsize : 2 Mo (de 1 000 Kio)
FILE_KB = 20 * 1000  # disklimit : 20 Mo
NUMPROCS = 30
# Les champs qu'accepte CodeRunner (combinator_grader_outcome.php, allowedfields).
ALLOWED_FIELDS = {
    "fraction",
    "prologuehtml",
    "testresults",
    "files",
    "epiloguehtml",
    "columnformats",
    "showdifferences",
    "showoutputonly",
    "graderstate",
    "instructorhtml",
}
# Les expressions Twig que les modèles du projet emploient, et leur valeur.
EXPRESSION = re.compile(
    r"\{\{\s*(STUDENT_ANSWER|ATTACHMENTS)\s*\|\s*json_encode\s*\|\s*e\('py'\)\s*\}\}"
)


def php_json_encode(text: str) -> str:
    r"""Le ``json_encode`` de PHP, sans option, d'une chaîne : tout caractère hors ASCII en
    ``\uXXXX`` (paires de substitution au-delà du plan de base), la barre oblique échappée ;
    une chaîne qui n'est pas de l'UTF-8 valide (un demi-caractère isolé) donne ``false``,
    que Twig écrit comme une chaîne vide.

    >>> php_json_encode('a/é"')
    '"a\\/\\u00e9\\""'
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return ""
    return json.dumps(text, ensure_ascii=True).replace("/", "\\/")


def python_escaper(text: str) -> str:
    """L'échappement ``e('py')`` de CodeRunner (``escapers.php``)."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def render_template(template: str, answer: str, attachments: str = "") -> str:
    """Le modèle rempli comme Twig le ferait, pour les seules expressions connues."""
    unknown = re.search(r"\{\{|\{%|\{#", EXPRESSION.sub("", template))
    if unknown:
        shown = EXPRESSION.sub("", template)[unknown.start() :][:60]
        raise ValueError(f"expression Twig inconnue de l'imitation : {shown}")
    values = {"STUDENT_ANSWER": answer, "ATTACHMENTS": attachments}
    rendered = EXPRESSION.sub(
        lambda match: python_escaper(php_json_encode(values[match.group(1)])), template
    )
    return rendered


@dataclass
class Run:
    """Ce qu'a donné un programme sur Jobe."""

    stdout: str
    stderr: str
    result: str  # « succès », « erreur d'exécution » ou « temps dépassé »
    cpu_seconds: float = 0.0  # le temps de calcul de tous les processus du programme
    seconds: float = 0.0  # le temps réel
    peak_memory: int = 0  # octets : la plus grande somme des pics (VmHWM) des processus
    peak_process: int = 0  # octets : le plus grand espace d'adresses d'un processus (VmPeak)
    left_files: list[str] = field(default_factory=list)


def jobe_user() -> pwd.struct_passwd:
    """L'utilisateur ``jobeNN`` de l'imitation, créé s'il manque (il faut être root)."""
    try:
        return pwd.getpwnam(JOBE_USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", JOBE_USER],
            check=True,
        )
        return pwd.getpwnam(JOBE_USER)


def process_peaks(uid: int) -> tuple[int, int]:
    """La somme des pics de mémoire (VmHWM) et le plus grand espace d'adresses (VmPeak) des
    processus de l'utilisateur ``uid``."""
    total, largest = 0, 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            status = Path(entry.path, "status").read_text()
        except OSError:
            continue
        owner = re.search(r"^Uid:\s+(\d+)", status, re.M)
        if not owner or int(owner.group(1)) != uid:
            continue
        hwm = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
        peak = re.search(r"^VmPeak:\s+(\d+) kB", status, re.M)
        total += int(hwm.group(1)) * 1024 if hwm else 0
        largest = max(largest, int(peak.group(1)) * 1024 if peak else 0)
    return total, largest


class Jobe:
    """Un serveur Jobe qui n'a que Python 3 (``python``, par défaut le Python du système sans
    ses paquets)."""

    def __init__(self, python: Path | None = None, without_landlock: bool = False):
        self.python = python or bare_python() / "python3"
        self.without_landlock = without_landlock
        self.user = jobe_user()

    def command(self, shell: str) -> list[str]:
        wrapper = [str(bare_python() / "python3"), str(WRAPPER)]
        if self.without_landlock:
            wrapper.append("--sans-landlock")
        return [*wrapper, "/bin/bash", "-c", shell]

    def sandboxed(self, home: Path, shell: str, cpu: int, memory_mb: int, numprocs: int):
        """Lance ``shell`` comme runguard : limites, utilisateur, environnement, session."""
        limits = "; ".join(
            [
                f"ulimit -t {cpu + 1}",  # runguard : --cputime, plus une seconde
                f"ulimit -v {memory_mb * 1000}",  # --memsize, en Kio
                f"ulimit -u {numprocs + 1}",  # --nproc, plus le shell
                f"ulimit -f {FILE_KB}",  # --filesize, en Kio
                "ulimit -c 0",
            ]
        )
        scratch = Path(tempfile.mkdtemp(prefix="mplwork_"))
        os.chown(scratch, self.user.pw_uid, self.user.pw_gid)
        environment = {
            "PATH": f"{self.python.parent}:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "HOME": str(scratch),
            "MPLCONFIGDIR": str(scratch),
            "OPENBLAS_NUM_THREADS": "4",
        }
        process = subprocess.Popen(
            self.command(f"{limits}; {shell}"),
            cwd=home,
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            user=self.user.pw_uid,
            group=self.user.pw_gid,
            extra_groups=[],
            start_new_session=True,
        )
        return process, scratch

    def run(
        self,
        program: str,
        files: dict[str, bytes],
        cpu: int,
        memory_mb: int,
        numprocs: int = NUMPROCS,
        extra: dict[str, bytes] | None = None,
    ) -> Run:
        """Compile puis lance ``program`` (le modèle rempli) avec les fichiers d'aide
        ``files`` (et ``extra`` : des documents joints), dans un dossier de travail neuf."""
        home = Path(tempfile.mkdtemp(prefix="jobe_"))
        scratches = []
        try:
            # Le dossier au serveur web, ouvert à jobeNN (l'ACL de Jobe) ; les fichiers au
            # serveur web, lisibles par tous.
            os.chown(home, 0, self.user.pw_gid)
            home.chmod(0o770)
            for name, data in {**(extra or {}), **files, PROGRAM: program.encode()}.items():
                (home / name).write_bytes(data)
                (home / name).chmod(0o644)
            # La compilation (Python3Task::compile), avec les limites de compilation.
            compiled, scratch = self.sandboxed(home, f"python3 -m py_compile {PROGRAM}", 2, 500, 5)
            scratches.append(scratch)
            compiled.communicate(timeout=60)
            process, scratch = self.sandboxed(
                home, f"python3 -BE {PROGRAM}", cpu, memory_mb, numprocs
            )
            scratches.append(scratch)
            return self.watch(process, home, cpu)
        finally:
            self.kill_user()
            shutil.rmtree(home, ignore_errors=True)
            for scratch in scratches:
                shutil.rmtree(scratch, ignore_errors=True)

    def watch(self, process: subprocess.Popen, home: Path, cpu: int) -> Run:
        """Attend le programme (tué après deux fois sa limite de temps, en temps réel),
        relève sa mémoire et son temps de calcul (celui de tous ses processus, comme
        runguard), et dit ce que Jobe en dirait."""
        started = time.monotonic()
        peaks = [0, 0]
        finished = threading.Event()
        killed = threading.Event()

        def sample():
            while not finished.wait(0.05):
                total, largest = process_peaks(self.user.pw_uid)
                peaks[0], peaks[1] = max(peaks[0], total), max(peaks[1], largest)

        def kill():
            killed.set()
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)

        received: dict[str, bytes] = {}

        def read(name, stream):
            received[name] = stream.read()

        threads = [threading.Thread(target=sample, daemon=True)]
        threads += [
            threading.Thread(target=read, args=(name, stream), daemon=True)
            for name, stream in (("out", process.stdout), ("err", process.stderr))
        ]
        for thread in threads:
            thread.start()
        timer = threading.Timer(2 * cpu, kill)
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        timer.cancel()
        seconds = time.monotonic() - started
        self.kill_user()  # ce qui tiendrait encore les sorties ouvertes
        finished.set()
        for thread in threads:
            thread.join()
        cpu_used = usage.ru_utime + usage.ru_stime
        out = received.get("out", b"")[:STREAM_BYTES].decode("utf-8", "replace")
        err = received.get("err", b"")[:STREAM_BYTES].decode("utf-8", "replace")
        if killed.is_set() or cpu_used > cpu:
            result = "temps dépassé"
        elif err:
            result = "erreur d'exécution"
        else:
            result = "succès"
        left = sorted(str(p.relative_to(home)) for p in home.rglob("*"))
        return Run(out, err, result, cpu_used, seconds, peaks[0], peaks[1], left)

    def kill_user(self):
        """Ce qui reste de jobeNN à la fin (Jobe le tue aussi : pkill -9 -u)."""
        kill_processes_of(self.user.pw_uid)


def combinator_outcome(run: Run) -> dict:
    """Ce que CodeRunner tire d'un correcteur combinateur (``do_combinator_grading``) ;
    ``ValueError`` avec la raison de CodeRunner s'il n'en tire rien."""
    if run.result != "succès":
        raise ValueError(f"Mauvaise sortie de la notation ({run.result}) : {run.stderr[-500:]}")
    try:
        outcome = json.loads(run.stdout)
    except ValueError:
        raise ValueError(f"Mauvaise sortie JSON : {run.stdout[:500]}") from None
    if not isinstance(outcome, dict):
        raise ValueError("la sortie n'est pas un objet JSON")
    unknown = set(outcome) - ALLOWED_FIELDS
    if unknown:
        raise ValueError(f"champs inconnus : {sorted(unknown)}")
    fraction = outcome.get("fraction")
    if (
        not isinstance(fraction, (int, float))
        or isinstance(fraction, bool)
        or not 0 <= fraction <= 1
    ):
        raise ValueError(f"fraction absente ou hors de [0, 1] : {fraction!r}")
    table = outcome.get("testresults")
    if table is not None and not (
        isinstance(table, list) and all(isinstance(r, list) for r in table)
    ):
        raise ValueError("testresults n'est pas une liste de listes")
    return outcome


def student_page(outcome: dict, teacher: bool = False) -> str:
    """Le retour tel que ``renderer.php`` l'écrit : le prologue, le tableau (en-têtes tels
    quels, cellules échappées dans un ``<pre>``, coches pour ``iscorrect``), l'épilogue et,
    pour un enseignant, ``instructorhtml``."""
    parts = [outcome.get("prologuehtml") or ""]
    table = outcome.get("testresults") or []
    formats = outcome.get("columnformats")
    if len(table) > 1:
        headers = table[0]
        rows = []
        for row in table[1:]:
            cells = []
            plain = 0
            for header, cell in zip(headers, row):
                if header == "iscorrect":
                    cells.append("<i>✔</i>" if float(cell) == 1 else "<i>✘</i>")
                elif header == "ishidden":
                    continue
                else:
                    raw = formats is not None and formats[plain] == "%h"
                    plain += 1
                    cells.append(str(cell) if raw else f"<pre>{html.escape(str(cell))}</pre>")
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        heads = "".join(
            f"<th>{'' if h == 'iscorrect' else h}</th>" for h in headers if h != "ishidden"
        )
        parts.append(f"<table><tr>{heads}</tr>{''.join(rows)}</table>")
    if teacher:
        parts.append(outcome.get("instructorhtml") or "")
    parts.append(outcome.get("epiloguehtml") or "")
    return "".join(parts)
