"""Un conteneur de notation d'INGInious, imité pour les tests : ce que fait l'agent Docker
d'INGInious à chaque rendu d'une tâche, avec l'image construite par le ``Dockerfile`` de
``build_inginious.py``.

INGInious (``docker_agent``, puis le programme ``INGInious`` de l'image de base) :

1. copie le dossier de la tâche dans un dossier neuf, monté sur ``/task``, et le donne à
   l'utilisateur ``worker`` (droits 0777 partout) ;
2. y lance le script ``run`` en ``worker``, sans réseau, dans un conteneur Docker (dont le
   profil seccomp refuse les espaces de noms : le lanceur ``no_namespaces.py``), avec la
   limite de temps de calcul de la tâche, et trois fois autant en temps réel ;
3. le script lit le rendu par ``getinput`` et rend le résultat par ``feedback-result``,
   ``feedback-grade`` et ``feedback-msg`` : ici, des commandes imitées (:data:`SHIMS`) qui
   rendent le rendu et enregistrent ce qu'elles reçoivent (arguments, entrée).

Le Python de l'image (``python-demineur``) est celui du système, dans un environnement
virtuel où sont posés pytest, hypothesis et leurs dépendances aux versions de la
construction (ce que le ``pip install -r requirements.txt`` du ``Dockerfile`` installe),
et rien d'autre.

Une notation à la fois : à la fin de chacune, tout processus de l'utilisateur ``worker``
est tué (comme INGInious détruit le conteneur).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from vpl_jail import SYSTEM_PYTHON, WRAPPER, bare_python, kill_processes_of

from classroom.packaging import vendored_files

WORKER = "inginious-essai"  # l'utilisateur worker (4242 dans l'image)
IMAGE_PYTHON = "python-demineur"
# Une commande d'INGInious imitée : elle enregistre ses arguments et son entrée, et rend
# le rendu à getinput.
SHIM = """\
#!{python}
import json, os, sys
record = {{"command": os.path.basename(sys.argv[0]), "arguments": sys.argv[1:]}}
if record["command"] == "getinput":
    with open(os.environ["IMITATION_RENDU"], "rb") as file:
        sys.stdout.buffer.write(file.read())
else:
    record["stdin"] = sys.stdin.read() if record["command"] == "feedback-msg" else ""
with open(os.environ["IMITATION_JOURNAL"], "a", encoding="utf-8") as journal:
    journal.write(json.dumps(record) + "\\n")
"""
SHIMS = ["getinput", "feedback-result", "feedback-grade", "feedback-msg"]


@dataclass
class Grading:
    """Ce qu'ont reçu les commandes d'INGInious pendant un rendu."""

    records: list[dict]
    returncode: int
    stderr: str

    def last(self, command: str) -> dict | None:
        found = [r for r in self.records if r["command"] == command]
        return found[-1] if found else None

    @property
    def result(self) -> str | None:
        record = self.last("feedback-result")
        return record["arguments"][-1] if record else None

    @property
    def grade(self) -> float | None:
        record = self.last("feedback-grade")
        return float(record["arguments"][-1]) if record else None

    @property
    def message(self) -> str:
        record = self.last("feedback-msg")
        return record["stdin"] if record else ""


def worker() -> pwd.struct_passwd:
    """L'utilisateur ``worker`` de l'imitation, créé s'il manque (il faut être root)."""
    try:
        return pwd.getpwnam(WORKER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", WORKER],
            check=True,
        )
        return pwd.getpwnam(WORKER)


@functools.cache
def image_python() -> Path:
    """Le dossier ``bin`` du Python de l'image : le Python du système, pytest et hypothesis
    posés dans son environnement virtuel, ``python-demineur`` et les commandes imitées."""
    folder = Path(tempfile.mkdtemp(prefix="inginious-image-"))
    subprocess.run(
        [str(SYSTEM_PYTHON), "-m", "venv", "--without-pip", str(folder / "venv")], check=True
    )
    found = subprocess.run(
        [
            str(folder / "venv" / "bin" / "python3"),
            "-c",
            "import site; print(site.getsitepackages()[0])",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    packages = Path(found.stdout.strip())
    for name, data in vendored_files("site").files.items():
        target = packages / name.removeprefix("site/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    bin_folder = folder / "venv" / "bin"
    (bin_folder / IMAGE_PYTHON).symlink_to(bin_folder / "python3")
    shim = SHIM.format(python=bare_python() / "python3")
    for command in SHIMS:
        (bin_folder / command).write_text(shim, encoding="utf-8")
        (bin_folder / command).chmod(0o755)
    subprocess.run(["chmod", "-R", "a+rX", str(folder)], check=True)
    return bin_folder


def grade(
    task: Path,
    submission: bytes,
    seconds: int,
    memory_mb: int,
    without_landlock: bool = False,
) -> Grading:
    """Un rendu de la tâche ``task`` (le dossier écrit par ``build_inginious.py``), noté dans
    le conteneur imité ; ce qu'ont reçu les commandes d'INGInious."""
    user = worker()
    container = Path(tempfile.mkdtemp(prefix="inginious-"))
    try:
        root = container / "task"
        shutil.copytree(task, root)
        output = container / "sortie"
        output.mkdir()
        (output / "rendu").write_bytes(submission)
        for path in [container, *container.rglob("*")]:
            os.chown(path, user.pw_uid, user.pw_gid, follow_symlinks=False)
            path.chmod(0o777)
        bin_folder = image_python()
        wrapper = [str(bare_python() / "python3"), str(WRAPPER)]
        if without_landlock:
            wrapper.append("--sans-landlock")
        limits = f"ulimit -t {seconds}; ulimit -v {memory_mb * 1024}"
        environment = {
            "PATH": f"{bin_folder}:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "HOME": str(root),
            "IMITATION_RENDU": str(output / "rendu"),
            "IMITATION_JOURNAL": str(output / "journal.jsonl"),
        }
        process = subprocess.Popen(
            [*wrapper, "/bin/bash", "-c", f'{limits}; exec "$0"', str(root / "run")],
            cwd=root,
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            user=user.pw_uid,
            group=user.pw_gid,
            extra_groups=[],
            start_new_session=True,
        )
        try:
            _, stderr = process.communicate(timeout=3 * seconds)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
            _, stderr = process.communicate()
        journal = output / "journal.jsonl"
        lines = journal.read_text(encoding="utf-8").splitlines() if journal.exists() else []
        return Grading([json.loads(line) for line in lines], process.returncode, stderr.decode())
    finally:
        kill_processes_of(user.pw_uid)
        shutil.rmtree(container, ignore_errors=True)


if __name__ == "__main__":  # pragma: no cover - essai à la main
    print(grade(Path(sys.argv[1]), Path(sys.argv[2]).read_bytes(), 240, 1024))
