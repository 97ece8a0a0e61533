"""Le juge : il fait exécuter les fonctions d'une soumission par un processus à part.

La soumission ne s'exécute jamais dans le processus de pytest. Un processus de
travail (``worker.py``) la charge dans un dossier jetable, avec une mémoire,
une sortie et un temps limités ; seules des données simples (JSON) en
reviennent. Un processus qui se bloque, meurt ou quitte est remplacé, et seul
le test en cours échoue.

Quand une fonction de la soumission appelle une autre fonction du contrat, le
processus de travail relaie l'appel ici, où la solution de référence
l'exécute (si le juge en a une) : chaque fonction est ainsi notée seule.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import select
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .locate import SubmissionError, resolve_submission
from .worker import CONTRACT

WORKER = Path(__file__).with_name("worker.py")


# Les paramètres que chaque fonction remplit : seuls ceux-là reviennent d'un relais.
FILLS = {
    "initialise_mines": {0},
    "initialise_open": {0},
    "compute_neigh": {1},
    "propagate_open_cells": {2},
    "play_turn": {2},
    "play_the_game": {2},
}


@dataclass(frozen=True)
class Limits:
    """Les limites imposées à une soumission."""

    call_seconds: float = 5.0  # un appel de fonction
    load_seconds: float = 10.0  # le chargement du code
    test_seconds: float = 60.0  # tous les appels d'un même test
    memory_bytes: int = 512 * 2**20
    file_bytes: int = 2**20  # ce que le processus peut écrire dans un fichier
    output_chars: int = 200_000  # ce qu'un appel peut afficher
    reply_bytes: int = 16 * 2**20  # la taille d'une réponse du processus
    recursion: int = 5_000
    submission_bytes: int = 5 * 2**20  # la taille d'une soumission


class GraderAbort(BaseException):
    """Arrête le test en cours tout de suite, avec un message en français.

    Elle dérive de ``BaseException`` : hypothesis ne la rattrape pas, et ne
    relance donc pas une fonction qui boucle pour chercher un exemple plus petit.
    """

    def __init__(self, message: str, timeout: bool = False):
        super().__init__(message)
        self.message = message
        self.timeout = timeout  # le temps est écoulé (sinon : le processus est mort)


@dataclass(frozen=True)
class Opaque:
    """Une valeur d'un type inattendu, renvoyée par la soumission (jamais égale à rien)."""

    type_name: str
    text: str

    def __eq__(self, other):
        return False

    def __hash__(self):
        return hash((self.type_name, self.text))

    def __repr__(self):
        return f"{self.text} (de type {self.type_name})"


def decode(data):
    """Les données JSON du processus de travail, traduites en valeurs Python."""
    if type(data) is dict:
        if "L" in data:
            items = data["L"]
            if dict not in map(type, items):
                return list(items)  # une ligne de valeurs simples : le chemin rapide
            return [decode(v) for v in items]
        if "T" in data:
            return tuple(decode(v) for v in data["T"])
        return Opaque(str(data.get("O")), str(data.get("r")))
    return data


def clone(value):
    """Une copie des listes imbriquées (bien plus rapide que copy.deepcopy)."""
    if type(value) is list:
        return [clone(v) for v in value]
    return value


def to_wire(value):
    """Une valeur Python simple, traduite pour le processus de travail."""
    if isinstance(value, tuple):
        return {"T": [to_wire(v) for v in value]}
    if isinstance(value, list):
        return [to_wire(v) for v in value]
    if value is None or type(value) in (bool, int, str):
        return value
    return None


def identity(data) -> int | None:
    """Le numéro d'identité d'une liste encodée (None si ce n'est pas une liste)."""
    return data.get("id") if isinstance(data, dict) and "L" in data else None


def row_identities(data) -> list[int | None]:
    return [identity(row) for row in data["L"]] if identity(data) is not None else []


def same(a, b) -> bool:
    """Égalité stricte : mêmes valeurs et mêmes types exacts (``True`` n'est pas ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


@dataclass
class RelayedCall:
    """Un appel d'une autre fonction du contrat, exécuté par la référence."""

    name: str
    args: list  # les arguments reçus
    wire: list  # les mêmes, encodés (avec les numéros d'identité des listes)
    after: list  # les arguments après l'appel
    ret: object
    raised: str | None
    output: str


@dataclass
class Outcome:
    """Ce qu'a fait un appel d'une fonction de la soumission."""

    ret: object
    args: list  # les arguments, après l'appel
    error: dict | None  # {"type", "message", "line"} si une exception est sortie
    stdout: str
    overflow: bool
    reads: list[int]  # la longueur de la sortie au moment de chaque lecture
    consumed: int  # le nombre de lignes d'entrée lues
    read_at_eof: bool
    rows_replaced: list[bool]
    wire_ret: object
    wire_args: list
    relayed: list[RelayedCall] = field(default_factory=list)


class LineFeeder(io.TextIOBase):
    """Une entrée standard faite de lignes données, qui compte les lignes lues."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.position = 0

    def readline(self, size=-1):
        if self.position >= len(self.lines):
            return ""
        self.position += 1
        return self.lines[self.position - 1] + "\n"

    def readable(self):
        return True


class Submission:
    """Une soumission chargée dans un processus de travail, prête à être appelée."""

    def __init__(self, path: Path, reference=None, limits: Limits | None = None):
        self.limits = limits or Limits()
        self.reference = reference
        self.kind, self.source = resolve_submission(Path(path))
        self.workdir = Path(tempfile.mkdtemp(prefix="demineur-notation-"))
        self.process: subprocess.Popen | None = None
        self.buffer = b""
        self.load_info: dict | None = None  # le premier chargement, pour les retours
        self.available: list[str] = []
        self.budget_left = self.limits.test_seconds
        self.relay_seed = 0
        self.copy_code()

    # -- préparation ---------------------------------------------------------
    def copy_code(self):
        """Copie le code de l'étudiant (et lui seul) dans le dossier jetable."""
        code = self.workdir / "soumission"
        code.mkdir()
        (self.workdir / "cwd").mkdir()
        if self.kind == "file":
            if self.source.stat().st_size > self.limits.submission_bytes:
                raise SubmissionError("le fichier est trop gros")
            target = code / self.source.name
            shutil.copyfile(self.source, target)
        else:
            total = sum(f.stat().st_size for f in self.source.rglob("*") if f.is_file())
            if total > self.limits.submission_bytes:
                raise SubmissionError("le dossier est trop gros")
            target = code / "tp_demineur"
            shutil.copytree(
                self.source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )
        self.code_path = target
        self.code_root = str(code.resolve()) + os.sep

    def close(self):
        self.stop()
        shutil.rmtree(self.workdir, ignore_errors=True)

    # -- le processus de travail ---------------------------------------------
    def stop(self):
        if self.process is not None:
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, 9)
            with contextlib.suppress(Exception):
                self.process.wait(timeout=5)
            for stream in (self.process.stdin, self.process.stdout):
                with contextlib.suppress(Exception):
                    stream.close()
            self.process = None
            self.buffer = b""

    def start(self):
        self.stop()
        env = {"PYTHONHASHSEED": "0", "PYTHONUTF8": "1", "PYTHONDONTWRITEBYTECODE": "1"}
        with open(self.workdir / "stderr.txt", "wb") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, "-S", "-s", str(WORKER)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                cwd=self.workdir / "cwd",
                env=env,
                start_new_session=True,
            )
        self.write(
            {
                "kind": self.kind,
                "path": str(self.code_path),
                "root": self.code_root,
                "output_limit": self.limits.output_chars,
                "memory_limit": self.limits.memory_bytes,
                "file_limit": self.limits.file_bytes,
                "recursion_limit": self.limits.recursion,
            }
        )
        try:
            info = self.read(self.limits.load_seconds)
        except GraderAbort as abort:
            info = {"ready": False, "functions": [], "error": None}
            info["hung" if abort.timeout else "died"] = abort.message
        if self.load_info is None:
            self.load_info = info
        self.available = info.get("functions", [])
        return info

    def write(self, message: dict):
        data = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # le processus est mort : la lecture qui suit le dira

    def read(self, seconds: float) -> dict:
        """Lit une ligne JSON du processus, en au plus ``seconds`` secondes."""
        deadline = time.monotonic() + seconds
        stream = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.stop()
                raise GraderAbort(f"pas de réponse en {seconds:g} s", timeout=True)
            ready, _, _ = select.select([stream], [], [], left)
            if not ready:
                continue
            chunk = os.read(stream, 1 << 16)
            if not chunk:
                code = self.process.wait()
                self.stop()
                raise GraderAbort(f"le processus s'est arrêté (code de sortie {code})")
            self.buffer += chunk
            if len(self.buffer) > self.limits.reply_bytes:
                self.stop()
                raise GraderAbort("la réponse est trop grosse")
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            return json.loads(line.decode("utf-8"))
        except ValueError:
            self.stop()
            raise GraderAbort("réponse illisible du processus de travail") from None

    def ensure_started(self):
        if self.process is None or self.process.poll() is not None:
            self.start()

    @property
    def functions(self) -> list[str]:
        if self.load_info is None:
            self.start()
        return self.load_info.get("functions", [])

    def begin_test(self):
        """Le budget de temps d'un test repart de zéro."""
        self.budget_left = self.limits.test_seconds

    # -- les appels ------------------------------------------------------------
    def exchange(self, request: dict, graded: str, seconds: float) -> tuple[dict, list]:
        """Envoie une requête, sert les relais vers la référence, renvoie la réponse."""
        if graded not in self.functions:
            raise GraderAbort(f"la fonction {graded} n'est pas définie dans votre code")
        self.ensure_started()
        if graded not in self.available:
            raise GraderAbort(f"la fonction {graded} n'a pas pu être rechargée")
        seconds = min(seconds, self.budget_left)
        if seconds <= 0:
            raise GraderAbort(
                f"ce test a déjà pris plus de {self.limits.test_seconds:g} s : "
                "votre code est beaucoup trop lent"
            )
        start = time.monotonic()
        relayed: list[RelayedCall] = []
        self.write(request)
        try:
            while True:
                left = seconds - (time.monotonic() - start)
                try:
                    message = self.read(left)
                except GraderAbort as abort:
                    if "pas de réponse" in abort.message:
                        raise GraderAbort(
                            f"{graded} ne s'est pas terminée en {seconds:g} s "
                            "(boucle infinie ? attente d'une entrée ?)"
                        ) from None
                    raise GraderAbort(
                        f"pendant l'appel de {graded}, {abort.message} "
                        "(os._exit ? mémoire épuisée ?)"
                    ) from None
                if "rpc" in message:
                    self.write(self.serve_relay(message, graded, relayed))
                    continue
                return message, relayed
        finally:
            self.budget_left -= time.monotonic() - start

    def call(
        self,
        name: str,
        *args,
        stdin: list[str] | None = None,
        seed: int | None = None,
        stubs: bool = True,
        seconds: float | None = None,
    ) -> Outcome:
        """Appelle ``name(*args)`` dans la soumission et décrit ce qui s'est passé."""
        self.relay_seed = seed if seed is not None else 0
        request = {
            "op": "call",
            "func": name,
            "args": [to_wire(a) for a in args],
            "stdin": stdin,
            "seed": seed,
            "stubs": stubs and self.reference is not None,
        }
        reply, relayed = self.exchange(request, name, seconds or self.limits.call_seconds)
        return self.outcome(reply, relayed, name)

    def batch(self, name: str, *args, seeds: list[int], seconds: float) -> list[Outcome]:
        """Appelle ``name(*args)`` une fois par graine, en une seule requête."""
        request = {
            "op": "batch",
            "func": name,
            "args": [to_wire(a) for a in args],
            "seeds": seeds,
            "stubs": self.reference is not None,
        }
        reply, relayed = self.exchange(request, name, seconds)
        return [self.outcome(r, relayed, name) for r in reply["batch"]]

    def outcome(self, reply: dict, relayed: list, name: str) -> Outcome:
        error = reply.get("error") or {}
        if error.get("type") == "MemoryError":
            self.stop()  # un processus à court de mémoire n'est plus fiable
            raise GraderAbort(
                f"{name} a épuisé la mémoire permise ({self.limits.memory_bytes // 2**20} Mio)"
            )
        if error.get("type") == "OutputLimitExceeded":
            raise GraderAbort(
                f"{name} a affiché plus de {self.limits.output_chars} caractères "
                "(une boucle d'affichage sans fin ?)"
            )
        error = reply.get("error")
        return Outcome(
            ret=decode(reply.get("ret")),
            args=[decode(a) for a in reply.get("args", [])],
            error=error,
            stdout=reply.get("stdout", ""),
            overflow=bool(reply.get("overflow")),
            reads=list(reply.get("reads", [])),
            consumed=int(reply.get("consumed", 0)),
            read_at_eof=bool(reply.get("read_at_eof")),
            rows_replaced=list(reply.get("rows_replaced", [])),
            wire_ret=reply.get("ret"),
            wire_args=list(reply.get("args", [])),
            relayed=relayed,
        )

    # -- les relais vers la référence -------------------------------------------
    def serve_relay(self, message: dict, graded: str, relayed: list) -> dict:
        name = message.get("rpc")
        if self.reference is None or name not in CONTRACT or name == graded:
            return {"raise": f"{name} n'est pas disponible ici"}
        wire = message.get("args") or []
        args = [decode(a) for a in wire]
        # Seules les fonctions qui remplissent une grille modifient leurs arguments :
        # pour les autres (nb_adjacent_mines, appelée mille fois sur 50×20), pas de copie.
        before = clone(args) if name in FILLS else args
        lines = [line for line in message.get("stdin") or [] if isinstance(line, str)]
        feeder = LineFeeder(lines)
        output = io.StringIO()
        state = random.getstate()
        random.seed(self.relay_seed)
        saved_stdin = sys.stdin
        sys.stdin = feeder
        raised = None
        ret = None
        try:
            with contextlib.redirect_stdout(output):
                ret = getattr(self.reference, name)(*args)
        except EOFError:
            raised = "EOFError"
        except Exception as error:
            raised = (
                f"la fonction de référence {name} a échoué sur les valeurs reçues "
                f"({type(error).__name__} : {error})"
            )
        finally:
            sys.stdin = saved_stdin
            random.setstate(state)
        relayed.append(RelayedCall(name, before, wire, args, ret, raised, output.getvalue()))
        return {
            "ret": to_wire(ret),
            "args": [to_wire(a) if i in FILLS.get(name, ()) else None for i, a in enumerate(args)],
            "stdout": output.getvalue(),
            "consumed": feeder.position,
            "raise": raised,
        }
