"""Le processus de travail vu du juge : lancement, messages, temps de calcul, arrêt.

Le juge ne se bloque jamais sur ce processus : chaque écriture et chaque lecture
a une échéance. Le temps d'un appel est du temps de calcul (lu dans
``/proc/PID/stat``), pas du temps d'horloge : la charge de la machine ne change
pas une note. Un processus qui attend sans calculer (``time.sleep``…) est arrêté
au bout de ``idle_seconds`` d'attente ; l'attente dans la file du processeur
(``/proc/PID/schedstat``), due à la charge, ne compte ni comme de l'attente, ni dans
l'horloge de l'appel (sa dernière limite, ``wall_seconds``, pour ce que ni le calcul
ni l'attente ne comptent).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from . import sandbox
from .private_copy import PrivateCopy
from .wire import Malformed, parse

POLL = 0.05  # secondes entre deux mesures du temps de calcul pendant une attente
# Le début de chaque message du processus de travail (``json.dumps`` d'un dictionnaire à
# clés textuelles) : le juge refuse tout autre début, dès qu'il le voit.
MESSAGE_START = b'{"'
# Ce que le processus de travail peut écrire dans son dossier de travail : la taille du
# tmpfs de bubblewrap (avec Landlock, il n'écrit nulle part).
SCRATCH_BYTES = 16 * 2**20
WORKER_SCRIPT = "worker.pyc"  # le processus de travail compilé (loading.WORKER_CODE)
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
# Les signaux que le processus de travail ne peut pas s'envoyer lui-même (le filtre
# seccomp lui interdit tout envoi de signal) : une mort par l'un d'eux vient d'ailleurs,
# si le filtre est posé (sans lui, le processus a pu se les envoyer). Sous bubblewrap, le
# code de sortie 128 + N dit « tué par le signal N » : le filtre interdit aussi de quitter
# avec un code de 128 ou plus (``lockdown.exit_status_check``).
EXTERNAL_SIGNALS = {
    signal.SIGHUP,
    signal.SIGINT,
    signal.SIGKILL,
    signal.SIGTERM,
    getattr(signal, "SIGQUIT", signal.SIGTERM),
    getattr(signal, "SIGUSR1", signal.SIGTERM),
    getattr(signal, "SIGUSR2", signal.SIGTERM),
}


class WorkerLost(Exception):
    """Le processus de travail n'a pas répondu comme il faut ; il est arrêté.

    ``kind`` dit pourquoi, pour le code qui décide ; ``detail`` est pour l'humain.
    """

    def __init__(self, kind: str, detail: str = "", signal_number: int | None = None):
        super().__init__(kind, detail)
        self.kind = kind  # cpu, idle, wall, died, external, stuck, too_big, malformed
        self.detail = detail
        self.signal_number = signal_number


class IsolationRefused(Exception):
    """Le processus de travail n'a pas pu poser l'isolation que le juge lui demandait : il
    n'a chargé aucun code, et la notation s'arrête."""


@dataclass
class Clock:
    """Les limites d'une attente : temps de calcul, temps d'attente, temps d'horloge."""

    cpu_seconds: float
    idle_seconds: float
    wall_seconds: float

    def charge(self, used: float, idle: float) -> str | None:
        """Retire d'une attente finie son temps de calcul et son temps d'attente ; renvoie
        la limite dépassée (``cpu``, ``idle``), ou None. Les attentes suivantes n'ont que
        ce qui reste : une limite vaut pour tous les messages d'un appel ou d'un
        chargement, pas pour chacun."""
        self.cpu_seconds -= used
        self.idle_seconds -= idle
        self.wall_seconds -= used + idle
        for kind, left in (("cpu", self.cpu_seconds), ("idle", self.idle_seconds)):
            if left < 0:
                return kind
        return None


class Meter:
    """Le temps de calcul et l'attente en file d'un processus, lus dans /proc.

    Les deux fichiers sont ouverts une fois et relus sur place (``pread``) : le juge
    les lit à chaque message. Un descripteur ouvert reste lié à ce processus-là, même
    si son numéro est repris après sa mort (la lecture échoue alors).
    """

    def __init__(self, pid: int):
        self.stat = self.open(f"/proc/{pid}/stat")
        self.schedstat = self.open(f"/proc/{pid}/schedstat")
        self.available = self.stat is not None

    @staticmethod
    def open(path: str) -> int | None:
        try:
            return os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return None

    @staticmethod
    def read(descriptor: int | None) -> str:
        if descriptor is None:
            raise OSError("fichier absent")
        return os.pread(descriptor, 1024, 0).decode("ascii", "replace")

    def cpu(self) -> float | None:
        if not self.available:
            return None
        try:
            fields = self.read(self.stat).rpartition(")")[2].split()
            return (int(fields[11]) + int(fields[12])) / TICKS
        except (OSError, IndexError, ValueError):
            return None

    def queued(self) -> float:
        """Le temps passé à attendre un processeur libre (la charge de la machine)."""
        try:
            return int(self.read(self.schedstat).split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return 0.0

    def close(self):
        for descriptor in (self.stat, self.schedstat):
            if descriptor is not None:
                with contextlib.suppress(OSError):
                    os.close(descriptor)
        self.stat = self.schedstat = None
        self.available = False


class WorkerProcess:
    """Un processus de travail lancé, dans le bac à sable ou non."""

    def __init__(self, isolation: sandbox.Isolation, reply_bytes: int):
        self.isolation = isolation
        self.reply_bytes = reply_bytes
        self.process: subprocess.Popen | None = None
        self.pid: int | None = None  # le processus de travail lui-même
        self.meter: Meter | None = None
        self.buffer = b""
        self.killed_by_judge = False
        # Le filtre seccomp est posé (le processus l'a dit avant que le rendu ne tourne) :
        # un signal reçu ne peut venir que de l'extérieur.
        self.sealed = False
        # Avec Landlock : ce que le processus de travail pourra encore lire (lockdown.py).
        self.confine: dict | None = None
        # (temps de calcul, attente en file) lus à la fin de la dernière lecture (usage).
        self.last_usage: tuple[float | None, float] = (None, 0.0)

    # -- lancement -----------------------------------------------------------
    def start(self, copy: PrivateCopy, env: dict[str, str]) -> Path:
        """Lance le processus sur la copie privée ``copy`` (le correcteur et le rendu) ;
        renvoie le chemin du code tel que le processus le voit.

        Lève :class:`GraderChanged` si la copie du correcteur n'est plus celle que le juge
        a écrite : rien n'est lancé.
        """
        copy.check_grader()
        self.sealed = False
        python = [str(sandbox.interpreter()), "-S", "-s", "-B"]
        if self.isolation.mode == "bwrap":
            inside = self.start_in_bwrap(copy, python, env)
        else:
            copy.new_scratch()  # rien de ce qu'ont écrit les processus précédents
            user = sandbox.lookup_user(self.isolation.user)
            if user is not None:
                copy.open_to(user.uid, user.gid)
            self.process = subprocess.Popen(
                [*python, str(copy.grader / WORKER_SCRIPT)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=copy.scratch,
                env=env,
                start_new_session=True,
                **sandbox.user_options(user),
            )
            self.pid = self.process.pid
            inside = copy.path
            if self.isolation.mode == "landlock":
                self.confine = {
                    "read": [str(copy.grader), str(copy.path.parent), str(copy.scratch)],
                    "abi": sandbox.landlock_ceiling(),
                }
        os.set_blocking(self.process.stdin.fileno(), False)
        os.set_blocking(self.process.stdout.fileno(), False)
        self.meter = Meter(self.pid)
        return inside

    def start_in_bwrap(self, copy: PrivateCopy, python: list[str], env: dict[str, str]) -> Path:
        sources, folders = sandbox.inside_paths(copy.path, copy.name)
        sources.update(
            (sandbox.INSIDE_GRADER / name, copy.grader / name) for name in copy.grader_sources
        )
        folders += [sandbox.INSIDE_GRADER / folder for folder in copy.grader_folders]
        opened: list[int] = []
        try:
            files = {}
            for inside, source in sources.items():
                files[inside] = os.open(source, os.O_RDONLY | os.O_NOFOLLOW)
                opened.append(files[inside])
            info_read, info_write = os.pipe()
            opened += [info_read, info_write]
            args = sandbox.command(files, folders, SCRATCH_BYTES, info_write)
            for key, value in env.items():
                args += ["--setenv", key, value]
            args += ["--", *python, str(sandbox.INSIDE_GRADER / WORKER_SCRIPT)]
            self.process = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                pass_fds=(info_write, *files.values()),
                start_new_session=True,
                env={},
            )
            os.close(info_write)
            opened.remove(info_write)
            self.pid = self.read_child_pid(info_read)
        finally:
            for descriptor in opened:
                os.close(descriptor)
        return sandbox.INSIDE_CODE / copy.name

    def read_child_pid(self, descriptor: int) -> int:
        """Le numéro du processus de travail, que bwrap écrit sur --info-fd."""
        data = b""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            ready, _, _ = select.select([descriptor], [], [], 0.5)
            if ready:
                chunk = os.read(descriptor, 4096)
                if not chunk:
                    break
                data += chunk
        try:
            pid = int(json.loads(data)["child-pid"])
        except (ValueError, KeyError, TypeError):
            self.stop()
            raise WorkerLost("died", "le bac à sable n'a pas démarré") from None
        if "--as-pid-1" in sandbox.bwrap_features()[1]:
            return pid
        return self.only_child(pid)

    def only_child(self, pid: int) -> int:
        """Sans --as-pid-1, le processus 1 du bac à sable est bwrap : son enfant travaille."""
        children = Path(f"/proc/{pid}/task/{pid}/children")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError):
                found = children.read_text().split()
                if found:
                    return int(found[0])
            time.sleep(0.01)
        self.stop()
        raise WorkerLost("died", "le bac à sable n'a pas démarré")

    # -- arrêt ---------------------------------------------------------------
    def stop(self):
        """Tue le processus (et tout le bac à sable) et attend sa fin."""
        if self.process is None:
            return
        for kill in (lambda: os.killpg(self.process.pid, signal.SIGKILL), self.process.kill):
            with contextlib.suppress(OSError):
                kill()
        if self.pid and self.pid != self.process.pid:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
        with contextlib.suppress(Exception):
            self.process.wait(timeout=10)
        if self.meter is not None:
            self.meter.close()
            self.meter = None
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(Exception):
                stream.close()
        self.process = None
        self.buffer = b""

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def cpu(self) -> float | None:
        return self.meter.cpu() if self.meter else None

    def death(self) -> WorkerLost:
        """Pourquoi le processus est mort : un code de sortie, ou un signal reçu."""
        code = self.process.wait() if self.process else None
        self.stop()
        number = None
        if code is not None and code < 0:
            number = -code
        elif code is not None and code > 128 and self.isolation.mode == "bwrap":
            number = code - 128  # bwrap rend 128 + le signal qui a tué le processus
        if number is not None:
            try:
                name = signal.Signals(number).name
            except ValueError:
                name = f"signal {number}"
            if number in EXTERNAL_SIGNALS and self.sealed:
                return WorkerLost("external", f"arrêté de l'extérieur ({name})", number)
            if number == getattr(signal, "SIGSYS", None) and self.sealed:
                return WorkerLost(
                    "died",
                    "le processus a été arrêté par le filtre des appels système : votre "
                    "code a quitté avec un code de sortie de 128 ou plus (os._exit ?), ou "
                    "fait un appel système interdit",
                    number,
                )
            return WorkerLost("died", f"le processus a reçu le signal {name}", number)
        return WorkerLost("died", f"le processus s'est arrêté (code de sortie {code})")

    # -- messages ------------------------------------------------------------
    def send(self, message: dict, seconds: float = 10.0):
        """Écrit un message, sans jamais attendre plus de ``seconds`` secondes."""
        data = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")
        descriptor = self.process.stdin.fileno()
        deadline = time.monotonic() + seconds
        view = memoryview(data)
        while view:
            try:
                written = os.write(descriptor, view)
                view = view[written:]
                continue
            except BlockingIOError:
                pass
            except (BrokenPipeError, OSError):
                return  # le processus est mort : la lecture qui suit le dira
            left = deadline - time.monotonic()
            if left <= 0:
                self.stop()
                raise WorkerLost("stuck", "le processus ne lit plus ce qu'on lui envoie")
            select.select([], [descriptor], [], min(left, POLL))

    def receive(self, clock: Clock, since: tuple | None = None) -> tuple[dict, float, float]:
        """Lit un message ; renvoie (message, temps de calcul, temps d'attente).

        Le temps de calcul et le temps d'attente sont ceux du processus pendant
        cette lecture ; les limites de ``clock`` sont ce qu'il en reste à l'appel.
        Elles sont vérifiées toutes les ``POLL`` secondes, que des octets arrivent ou
        non : un filet d'octets sur le canal ne suspend aucune limite.

        ``since`` : le temps de calcul et l'attente en file du processus lus à la fin de
        la lecture précédente du même appel (``last_usage``), d'où partir sans les relire :
        entre les deux, le processus attendait la réponse du juge.

        Lève :class:`WorkerLost` si une limite de ``clock`` est dépassée, si le
        processus meurt ou si ce qu'il écrit n'est pas un message du processus de
        travail (:data:`MESSAGE_START`).
        """
        descriptor = self.process.stdout.fileno()
        start = time.monotonic()
        if since is None:
            since = (self.cpu(), self.meter.queued() if self.meter else 0.0)
        cpu_start, queued_start = since
        next_check = start + POLL
        self.check_framing()  # ce qui reste du message d'avant commence le suivant
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([descriptor], [], [], POLL)
            if ready:
                try:
                    chunk = os.read(descriptor, 1 << 16)
                except BlockingIOError:
                    chunk = None
                if chunk == b"":
                    raise self.death()
                if chunk:
                    self.buffer += chunk
                    self.check_framing()
            if time.monotonic() >= next_check:
                self.check(clock, start, cpu_start, queued_start)
                next_check = time.monotonic() + POLL
        line, _, self.buffer = self.buffer.partition(b"\n")
        used, idle = self.usage(start, cpu_start, queued_start)
        try:
            return parse(line), used, idle
        except Malformed as error:
            self.stop()
            raise WorkerLost("malformed", str(error)) from None

    def check_framing(self):
        """Refuse, dès ses premiers octets, ce que le processus de travail n'écrit jamais :
        un message qui ne commence pas par ``{"`` (une espace, une ligne vide), ou plus
        gros que permis. (Un message entier est ensuite lu et vérifié par ``parse``.)"""
        if not MESSAGE_START.startswith(self.buffer[: len(MESSAGE_START)]):
            self.stop()
            raise WorkerLost("malformed", "autre chose qu'un message sur le canal")
        if len(self.buffer) > self.reply_bytes:
            self.stop()
            raise WorkerLost("too_big", "un message trop gros")

    def usage(self, start: float, cpu_start: float | None, queued_start: float):
        """(temps de calcul, temps d'attente hors charge) depuis ``start`` ; les lectures
        faites restent dans ``last_usage``."""
        wall = time.monotonic() - start
        cpu = self.cpu()
        queued_now = self.meter.queued() if self.meter else 0.0
        self.last_usage = (cpu, queued_now)
        if cpu is None or cpu_start is None:
            return wall, 0.0  # sans /proc : le temps d'horloge, compté comme du calcul
        used = max(0.0, cpu - cpu_start)
        return used, max(0.0, wall - used - (queued_now - queued_start))

    def check(self, clock: Clock, start: float, cpu_start: float | None, queued_start: float):
        # L'horloge de l'appel, sans l'attente d'un processeur libre : la charge de la
        # machine ne l'use pas (le temps de calcul et l'attente non plus, voir usage).
        queued = (self.meter.queued() if self.meter else 0.0) - queued_start
        wall = time.monotonic() - start - queued
        used, idle = self.usage(start, cpu_start, queued_start)
        if used > clock.cpu_seconds:
            self.stop()
            raise WorkerLost("cpu", f"{clock.cpu_seconds:g} s de calcul")
        if idle > clock.idle_seconds:
            self.stop()
            raise WorkerLost("idle", f"{clock.idle_seconds:g} s sans calculer")
        if wall > clock.wall_seconds:
            self.stop()
            raise WorkerLost("wall", f"{clock.wall_seconds:g} s d'horloge")


def give_niceness(pid: int, niceness: int) -> None:
    """Donne la priorité ``niceness`` (celle de ``nice``) au groupe d'ordonnancement du
    processus ``pid``.

    Le processus de travail a sa propre session (``bwrap --new-session``, ou
    ``start_new_session``), donc, sous Linux, son propre groupe d'ordonnancement
    (« autogroup ») ; les groupes se partagent le processeur à parts égales, quelle que
    soit la priorité de leurs processus. Sans cela, une notation lancée avec ``nice``
    céderait le processeur, mais pas le code de l'étudiant, qui fait l'essentiel du
    calcul.
    """
    if niceness > 0:
        with contextlib.suppress(OSError):
            Path(f"/proc/{pid}/autogroup").write_text(str(niceness), encoding="ascii")


def worker_environment() -> dict[str, str]:
    """L'environnement du processus de travail : rien de celui de l'enseignant."""
    return {
        "PYTHONHASHSEED": "0",
        "PYTHONUTF8": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
        "LANG": "C.UTF-8",
        "PATH": "/usr/bin:/bin",
    }
