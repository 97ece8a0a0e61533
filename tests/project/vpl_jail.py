"""Une prison de Moodle VPL, imitée pour les tests : ce que fait ``vpl-jail-system`` à
chaque « Évaluer » ou « Exécuter », et comment ``mod_vpl`` lit la sortie.

À chaque demande, VPL :

1. crée un dossier de travail neuf pour un utilisateur sans droits (le « prisonnier »)
   et y écrit les fichiers rendus, puis les fichiers d'exécution de l'activité, et
   ``vpl_environment.sh`` (``VPL_GRADEMIN``, ``VPL_GRADEMAX``, ``VPL_MAXTIME``,
   ``VPL_SUBFILES``…) ;
2. lance le script de la demande (``vpl_evaluate.sh`` ou ``vpl_run.sh``) en
   prisonnier ; s'il n'a pas écrit ``vpl_execution``, la demande s'arrête là ;
3. efface les fichiers d'exécution qui ne sont pas cochés dans « Fichiers à conserver
   à l'exécution » ;
4. lance ``vpl_execution`` en prisonnier, avec une limite de temps processeur par
   processus (``RLIMIT_CPU``) et d'horloge, et une limite de mémoire : la somme des
   pics de mémoire (``VmHWM``) de tous les processus du prisonnier, relevée pendant
   l'exécution (au-delà, tout est tué) ;
5. lit la sortie : la dernière ligne ``Grade :=>>`` est la note proposée, les lignes
   ``Comment :=>>`` et les blocs ``<|--`` … ``--|>`` sont les commentaires
   (``vpl_submission.class.php`` : mêmes expressions régulières ici).

Le prisonnier n'a ni espaces de noms (le lanceur ``no_namespaces.py`` les refuse comme
le profil de Docker), ni pytest, ni rien d'autre que la bibliothèque standard : le Python
de la prison est celui du système, dans un environnement virtuel qui ne voit pas ses
paquets (:func:`bare_python`).
"""

from __future__ import annotations

import atexit
import functools
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

HERE = Path(__file__).resolve().parent
WRAPPER = HERE / "no_namespaces.py"
SYSTEM_PYTHON = Path("/usr/bin/python3")
PRISONER = "vpl-prisonnier"
# Les réglages de l'activité que donne docs/vpl.md : la durée par défaut de VPL (4 minutes),
# et 640 Mo de mémoire (les 128 Mo par défaut ne laissent pas noter un code qui épuise la
# sienne : classroom/vpl.py, NEEDED_MEMORY).
DEFAULT_MEMORY = 640 * 2**20
DEFAULT_SECONDS = 240

# Les expressions de mod_vpl (vpl_submission.class.php), sortie à fins de ligne « \n ».
GRADE = re.compile(r"^Grade :=>>(.*)$", re.M)
COMMENT_START = re.compile(r"^[ \t]*(Comment :=>>(.*)|<\|--)[ \t]*$", re.M)
COMMENT_END = re.compile(r"^[ \t]*--\|>[ \t]*$", re.M)


def proposed_grade(text: str) -> str:
    """La note proposée : la dernière ligne ``Grade :=>>`` (vide s'il n'y en a pas)."""
    found = GRADE.findall(text)
    return found[-1].strip() if found else ""


def proposed_comments(text: str) -> str:
    """Les commentaires, tels que VPL les extrait (``find_proposedcomment``)."""
    comments = ""
    offset = 0
    while True:
        start = COMMENT_START.search(text, offset)
        if start is None:
            return comments
        if start.group(1) == "<|--":
            begin = start.end() + 1
            end = COMMENT_END.search(text, begin)
            if end is None:
                return comments + text[begin:]
            comments += text[begin : end.start()]
            offset = end.end() + 1
        else:
            comments += start.group(2) + "\n"
            offset = start.end() + 1


@functools.cache
def bare_python() -> Path:
    """Le dossier ``bin`` d'un Python qui n'a que la bibliothèque standard : un
    environnement virtuel du Python du système, sans pip ni paquets du système (une
    Debian y a pygments, par exemple), lisible par le prisonnier. Créé une fois."""
    folder = Path(tempfile.mkdtemp(prefix="vpl-python-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    subprocess.run(
        [str(SYSTEM_PYTHON), "-m", "venv", "--without-pip", str(folder / "venv")], check=True
    )
    subprocess.run(["chmod", "-R", "a+rX", str(folder)], check=True)
    return folder / "venv" / "bin"


def prisoner() -> pwd.struct_passwd:
    """Le prisonnier, créé s'il manque (il faut être root)."""
    try:
        return pwd.getpwnam(PRISONER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PRISONER],
            check=True,
        )
        return pwd.getpwnam(PRISONER)


@dataclass
class Request:
    """Ce qu'a donné une demande à la prison."""

    script_output: str
    output: str = ""
    executed: bool = False  # vpl_execution a-t-il été écrit, puis lancé ?
    killed: str | None = None  # « mémoire » ou « temps » si la prison l'a arrêté
    peak_memory: int = 0  # octets : la plus grande somme des VmHWM relevée
    left_files: list[str] = field(default_factory=list)  # le dossier de travail, à la fin

    @property
    def grade(self) -> str:
        return proposed_grade(self.output)

    @property
    def comments(self) -> str:
        return proposed_comments(self.output)


def kill_processes_of(uid: int) -> None:
    """Tue tout processus de l'utilisateur ``uid`` (comme ``pkill -9 -u``), en trois passes :
    un processus peut en lancer un autre pendant la première."""
    for _ in range(3):
        alive = prisoner_processes(uid)
        if not alive:
            return
        for pid in alive:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.05)


def prisoner_processes(uid: int) -> dict[int, int]:
    """pid → pic de mémoire (VmHWM, octets) de chaque processus de l'utilisateur ``uid``."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            status = Path(entry.path, "status").read_text()
        except OSError:
            continue
        owner = re.search(r"^Uid:\s+(\d+)", status, re.M)
        peak = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
        if owner and int(owner.group(1)) == uid:
            found[int(entry.name)] = int(peak.group(1)) * 1024 if peak else 0
    return found


class MemoryWatch:
    """Relève, pendant l'exécution, la somme des pics de mémoire des processus du
    prisonnier ; au-delà de la limite, les tue tous (comme ``processMonitor``)."""

    def __init__(self, uid: int, limit: int):
        self.uid, self.limit = uid, limit
        self.peak = 0
        self.exceeded = False
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.watch, daemon=True)
        self.thread.start()

    def watch(self):
        while not self.done.wait(0.05):
            processes = prisoner_processes(self.uid)
            self.peak = max(self.peak, sum(processes.values()))
            if self.peak > self.limit:
                self.exceeded = True
                for pid in processes:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass

    def stop(self):
        self.done.set()
        self.thread.join()


class Jail:
    """Une activité VPL : ses fichiers d'exécution, ceux à garder, ses réglages."""

    def __init__(
        self,
        execution_files: Path,
        keep: list[str] | None = None,
        grade_range: tuple[str, str] = ("0", "10"),
        seconds: int = DEFAULT_SECONDS,
        memory: int = DEFAULT_MEMORY,
        without_landlock: bool = False,
    ):
        self.files = {p.name: p.read_bytes() for p in execution_files.iterdir() if p.is_file()}
        self.files.pop("fichiers_a_garder.txt", None)  # une note pour l'enseignant
        self.keep = set(keep or [])
        self.grade_range = grade_range
        self.seconds = seconds
        self.memory = memory
        self.without_landlock = without_landlock
        self.user = prisoner()

    def environment_script(self, submitted: dict[str, bytes]) -> str:
        low, high = self.grade_range
        names = " ".join(submitted)
        lines = [
            "#!/bin/bash",
            "export VPL_LANG=fr_FR.UTF-8",
            f"export VPL_GRADEMIN={low}",
            f"export VPL_GRADEMAX={high}",
            f"export VPL_MAXTIME={self.seconds}",
            f"export VPL_MAXMEMORY={self.memory}",
            f'export VPL_SUBFILES="{names}"',
        ]
        lines += [f'export VPL_SUBFILE{i}="{name}"' for i, name in enumerate(submitted)]
        return "\n".join(lines) + "\n"

    def command(self, program: str) -> list[str]:
        wrapper = [str(bare_python() / "python3"), str(WRAPPER)]
        if self.without_landlock:
            wrapper.append("--sans-landlock")
        return [*wrapper, "/bin/bash", "-c", f"ulimit -t {self.seconds}; exec ./{program}"]

    def as_prisoner(self, home: Path, program: str, stdin: str, watch: MemoryWatch | None):
        environment = {
            "PATH": f"{bare_python()}:/usr/bin:/bin",
            "HOME": str(home),
            "LANG": "C.UTF-8",
        }
        process = subprocess.Popen(
            self.command(program),
            cwd=home,
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            user=self.user.pw_uid,
            group=self.user.pw_gid,
            extra_groups=[],
            start_new_session=True,
        )
        try:
            output, _ = process.communicate(stdin.encode(), timeout=self.seconds)
            return output.decode("utf-8", "replace"), None
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            output, _ = process.communicate()
            return output.decode("utf-8", "replace"), "temps"

    def request(
        self,
        script: str,
        submitted: dict[str, bytes],
        stdin: str = "",
        slipped_in: dict[str, bytes] | None = None,
    ) -> Request:
        """Une demande : ``vpl_evaluate.sh`` (« Évaluer ») ou ``vpl_run.sh``.

        ``slipped_in`` : des fichiers glissés dans le dossier de travail après la
        préparation, juste avant ``vpl_execution`` (ce que la préparation n'a pas pu
        voir ni refuser)."""
        home = Path(tempfile.mkdtemp(prefix="vpl-prison-"))
        try:
            for name, data in {**submitted, **self.files}.items():
                (home / name).parent.mkdir(parents=True, exist_ok=True)
                (home / name).write_bytes(data)
            (home / "vpl_environment.sh").write_text(self.environment_script(submitted))
            for path in [home, *home.rglob("*")]:
                os.chown(path, self.user.pw_uid, self.user.pw_gid)
            for name in (script, "vpl_environment.sh"):
                (home / name).chmod(0o755)
            script_output, _ = self.as_prisoner(home, script, "", None)
            result = Request(script_output)
            if not (home / "vpl_execution").is_file():
                return result
            for name in self.files:
                if name not in self.keep:
                    (home / name).unlink(missing_ok=True)
            for name, data in (slipped_in or {}).items():
                (home / name).parent.mkdir(parents=True, exist_ok=True)
                (home / name).write_bytes(data)
                os.chown(home / name, self.user.pw_uid, self.user.pw_gid)
            watch = MemoryWatch(self.user.pw_uid, self.memory)
            try:
                result.output, result.killed = self.as_prisoner(home, "vpl_execution", stdin, watch)
            finally:
                watch.stop()
            result.executed = True
            result.peak_memory = watch.peak
            if watch.exceeded:
                result.killed = "mémoire"
            result.left_files = sorted(
                str(p.relative_to(home)) for p in home.rglob("*") if p.is_file()
            )
            return result
        finally:
            self.kill_prisoner()
            shutil.rmtree(home, ignore_errors=True)

    def evaluate(
        self, submitted: dict[str, bytes], slipped_in: dict[str, bytes] | None = None
    ) -> Request:
        return self.request("vpl_evaluate.sh", submitted, slipped_in=slipped_in)

    def run(self, submitted: dict[str, bytes], stdin: str) -> Request:
        return self.request("vpl_run.sh", submitted, stdin)

    def kill_prisoner(self):
        """Ce qui reste du prisonnier à la fin d'une demande (VPL le tue aussi)."""
        kill_processes_of(self.user.pw_uid)
