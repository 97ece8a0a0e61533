"""Le juge : il fait exécuter les fonctions d'une soumission par un processus à part.

La soumission ne s'exécute jamais dans le processus de pytest. Le juge en fait une
copie privée (``private_copy.py``), lance un processus de travail (``worker.py``)
dans un bac à sable (``sandbox.py``) ou, à défaut, dans un dossier jetable, et
dialogue avec lui par messages JSON (``channel.py``) dont il vérifie chacun
(``wire.py``). Le juge garde les lignes d'entrée d'un appel et compte lui-même
celles qui sont lues ; il mesure le temps de calcul du processus ; il sert les
relais vers la solution de référence (``relay.py``). Un processus qui se bloque,
meurt ou quitte est remplacé, et seul le test en cours échoue ; un processus tué
de l'extérieur (un signal qu'il n'a pas pu s'envoyer) ne coûte rien : l'appel est
refait une fois, et le retour le dit.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import contract, relay, sandbox
from .channel import Clock, WorkerLost, WorkerProcess, worker_environment
from .locate import SubmissionError, resolve_submission
from .private_copy import CopyReport, private_copy
from .wire import Malformed, check_done, error_field, to_wire
from .worker import Encoder
from .worker import decode as worker_decode

GRADING = Path(__file__).resolve().parent
# Le processus de travail et ce qu'il importe : tout ce qui entre dans le bac à sable.
WORKER_FILES = [GRADING / "worker.py", GRADING / "lockdown.py", GRADING / "rescue.py"]
# Les relais d'un seul appel : compute_neigh sur 50×20 en fait 1 000, une partie
# entière (play_the_game) 2 000 au plus.
MAX_RELAYS = 20_000


@dataclass(frozen=True)
class Limits:
    """Les limites imposées à une soumission (les temps sont des temps de calcul)."""

    call_seconds: float = 5.0  # un appel de fonction
    load_seconds: float = 10.0  # le chargement du code
    test_seconds: float = 60.0  # tous les appels d'un même test
    idle_seconds: float = 10.0  # attendre sans calculer (time.sleep…), par appel
    wall_factor: float = 20.0  # au-delà de tant de fois la limite en horloge : machine saturée
    memory_bytes: int = 512 * 2**20  # tout le bac à sable (un seul processus y est permis)
    file_bytes: int = 2**20  # ce que le processus peut écrire dans un fichier
    output_chars: int = 200_000  # ce qu'un appel peut afficher
    reply_bytes: int = 16 * 2**20  # la taille d'un message du processus
    recursion: int = 5_000
    submission_bytes: int = 5 * 2**20  # la taille d'une soumission
    submission_files: int = 200  # le nombre de fichiers d'une soumission


class GraderAbort(BaseException):
    """Arrête le test en cours tout de suite, avec un message en français.

    Elle dérive de ``BaseException`` : hypothesis ne la rattrape pas, et ne
    relance donc pas une fonction qui boucle pour chercher un exemple plus petit.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class Transcript:
    """Ce que le juge a vu d'un appel : le texte affiché et les lignes lues."""

    lines: list[str]
    text: str = ""
    reads: list[int] = field(default_factory=list)  # la longueur du texte à chaque lecture
    consumed: int = 0  # le nombre de lignes d'entrée lues
    read_at_eof: bool = False


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
    relayed: list[relay.RelayedCall] = field(default_factory=list)


def input_identities(args: list) -> list[list[int]]:
    """Les numéros que le processus de travail donne aux lignes des grilles reçues.

    Il numérote les listes reçues avant l'appel, toujours dans le même ordre : le
    juge refait ce calcul sur ses propres données pour savoir si, après l'appel,
    une grille a gardé ses lignes.
    """
    encoder = Encoder()
    rows = []
    for arg in args:
        wire = encoder.encode(worker_decode(to_wire(arg)))
        is_grid = type(arg) is list and all(type(row) is list for row in arg)
        rows.append([row["id"] for row in wire["L"]] if is_grid else [])
    return rows


def rows_replaced(before: list[list[int]], wire_args: list) -> list[bool]:
    replaced = []
    for ids, wire in zip(before, wire_args):
        if not ids:
            replaced.append(False)
            continue
        rows = wire.get("L") if type(wire) is dict else None
        after = [row.get("id") if type(row) is dict else None for row in rows or []]
        replaced.append(after != ids)
    return replaced


def rescued_parts(info: dict) -> dict:
    """Les passages retirés ou sautés au chargement (``rescue.py``), vérifiés un à un.

    Ils viennent du processus de travail après que le code de l'étudiant a tourné :
    ils ne servent qu'aux explications du retour, jamais à la note.
    """
    fields = {
        "dropped": {
            "file": str,
            "line": int,
            "end": int,
            "error_line": int,
            "text": str,
            "message": str,
            "functions": list,
        },
        "skipped": {
            "file": str,
            "line": int,
            "text": str,
            "type": (str, type(None)),
            "message": str,
        },
    }
    parts = {}
    for key, shape in fields.items():
        items = info.get(key)
        if type(items) is not list:
            continue
        parts[key] = [
            {name: item[name] for name in shape}
            for item in items[:50]
            if type(item) is dict
            and all(isinstance(item.get(name), kind) for name, kind in shape.items())
            and all(type(f) is str for f in item.get("functions", []))
        ]
    if type(info.get("encoding")) is str:
        parts["encoding"] = info["encoding"][:20]
    return parts


def choose_isolation(mode: str) -> sandbox.Isolation:
    """``auto`` : le bac à sable s'il marche ; ``require`` : lui ou rien ; ``off`` : sans."""
    if mode == "off":
        return sandbox.Isolation("aucune", "bac à sable désactivé (--no-sandbox)")
    isolation = sandbox.probe()
    if mode == "require" and not isolation.isolated:
        raise SubmissionError(f"notation refusée sans bac à sable : {isolation.reason}")
    return isolation


class Submission:
    """Une soumission chargée dans un processus de travail, prête à être appelée."""

    def __init__(
        self, path: Path, reference=None, limits: Limits | None = None, sandbox_mode="auto"
    ):
        self.limits = limits or Limits()
        self.reference = reference
        self.kind, self.source = resolve_submission(Path(path))
        self.isolation = choose_isolation(sandbox_mode)
        self.workdir = Path(tempfile.mkdtemp(prefix="demineur-notation-"))
        self.worker = WorkerProcess(self.isolation, self.limits.reply_bytes)
        self.load_info: dict | None = None  # le premier chargement, pour les retours
        self.lockdown: dict | None = None
        self.available: list[str] = []
        self.budget_left = self.limits.test_seconds
        self.relay_seed = 0
        self.incidents: list[str] = []  # ce qui est arrivé sans être la faute de l'étudiant
        self.retried = False  # un appel de ce test a déjà été refait
        self.request_number = 0  # chaque demande a son numéro, que chaque réponse rappelle
        self.definitions_only = False  # le chargement complet ne s'est pas terminé
        self.first_load: str | None = None  # "hung" ou "died" : pourquoi
        try:
            self.copy_report = self.copy_code()
        except BaseException:
            self.close()
            raise

    # -- préparation ---------------------------------------------------------
    def copy_code(self) -> CopyReport:
        """Copie le code de l'étudiant (et lui seul) dans le dossier jetable."""
        code = self.workdir / "soumission"
        code.mkdir()
        (self.workdir / "cwd").mkdir()
        self.code_name = self.source.name if self.kind == "file" else "tp_demineur"
        self.code_copy = code / self.code_name
        return private_copy(
            self.kind,
            self.source,
            self.code_copy,
            self.limits.submission_bytes,
            self.limits.submission_files,
        )

    def close(self):
        self.worker.stop()
        shutil.rmtree(self.workdir, ignore_errors=True)

    # -- le processus de travail ---------------------------------------------
    def clock(self, seconds: float) -> Clock:
        return Clock(seconds, self.limits.idle_seconds, seconds * self.limits.wall_factor)

    def start(self) -> dict:
        """Lance le processus de travail et charge le rendu.

        Un processus tué de l'extérieur est relancé une fois ; un chargement qui ne se
        termine pas ou qui arrête Python est refait avec les seules définitions.
        """
        self.worker.stop()
        try:
            try:
                info = self.launch()
            except WorkerLost as lost:
                if lost.kind in ("external", "wall"):
                    self.incidents.append(
                        f"pendant le chargement de votre code, le processus de travail a été "
                        f"{lost.detail} : il a été relancé, sans pénalité."
                    )
                elif lost.kind in ("cpu", "idle", "died") and not self.definitions_only:
                    self.definitions_only = True
                    self.first_load = "died" if lost.kind == "died" else "hung"
                else:
                    raise
                self.worker.stop()
                info = self.launch()
                if self.first_load:
                    info["first_load"] = self.first_load
        except WorkerLost as lost:
            info = {"ready": False, "functions": [], "error": None}
            if lost.kind in ("cpu", "idle", "wall"):
                info["hung"] = lost.detail
            elif lost.kind in ("malformed", "too_big"):
                info["died"] = (
                    f"le processus de travail a envoyé {lost.detail} (votre code écrit-il sur "
                    "le canal du correcteur ?)"
                )
            else:
                info["died"] = lost.detail
        if self.load_info is None:
            self.load_info = info
        self.available = info.get("functions", [])
        return info

    def launch(self) -> dict:
        inside = self.worker.start(
            WORKER_FILES, self.code_copy, self.code_name, self.workdir, worker_environment()
        )
        root = inside.parent if self.kind == "file" else inside
        self.worker.send(
            {
                "kind": self.kind,
                "path": str(inside),
                "root": str(root) + "/",
                "output_limit": self.limits.output_chars,
                "memory_limit": self.limits.memory_bytes,
                "file_limit": self.limits.file_bytes,
                "recursion_limit": self.limits.recursion,
                "contract": contract.PARAMETERS,
                "definitions_only": self.definitions_only,
            }
        )
        clock = self.clock(self.limits.load_seconds)
        locked, _, _ = self.worker.receive(clock)
        if self.lockdown is None and type(locked.get("locked")) is dict:
            self.lockdown = locked["locked"]  # écrit avant que le rendu ne tourne
        info, _, _ = self.worker.receive(clock)
        functions = info.get("functions")
        if type(functions) is not list or not all(type(f) is str for f in functions):
            raise WorkerLost("malformed", "la liste des fonctions est mal formée")
        return {
            "ready": True,
            "functions": [f for f in functions if f in contract.FUNCTIONS],
            "error": self.safe_error(info),
            "read_input": info.get("read_input") is True,
            "output": info.get("out", "")[:2000] if type(info.get("out")) is str else "",
            **rescued_parts(info),
        }

    @staticmethod
    def safe_error(info: dict) -> dict | None:
        try:
            return error_field(info)
        except Malformed:
            return {"type": "?", "message": "erreur mal décrite", "line": None}

    def ensure_started(self):
        if not self.worker.alive():
            self.start()

    @property
    def functions(self) -> list[str]:
        if self.load_info is None:
            self.start()
        return self.load_info.get("functions", [])

    def begin_test(self):
        """Le budget de temps d'un test repart de zéro."""
        self.budget_left = self.limits.test_seconds
        self.retried = False

    # -- les appels ------------------------------------------------------------
    def exchange(self, request: dict, graded: str, seconds: float, lines: list[str]):
        """Envoie une requête, sert lectures et relais, renvoie (réponse, relais, transcription).

        Un processus tué de l'extérieur : l'appel est refait une fois.
        """
        if graded not in self.functions:
            raise GraderAbort(f"la fonction {graded} n'est pas définie dans votre code")
        while True:
            self.ensure_started()
            if graded not in self.available:
                raise GraderAbort(f"la fonction {graded} n'a pas pu être rechargée")
            try:
                return self.exchange_once(request, graded, seconds, lines)
            except WorkerLost as lost:
                if lost.kind in ("external", "wall") and not self.retried:
                    self.retried = True
                    self.incidents.append(
                        f"pendant un appel de {graded}, le processus de travail a été "
                        f"{lost.detail} : l'appel a été refait, sans pénalité."
                    )
                    continue
                raise self.abort(lost, graded, seconds) from None

    def abort(self, lost: WorkerLost, graded: str, seconds: float) -> GraderAbort:
        """Le message d'un appel qui n'a pas abouti, selon la cause."""
        if lost.kind == "cpu":
            return GraderAbort(
                f"{graded} ne s'est pas terminée en {seconds:g} s de calcul (boucle infinie ?)"
            )
        if lost.kind == "budget":
            return GraderAbort(
                f"ce test a déjà pris plus de {self.limits.test_seconds:g} s de calcul : "
                "votre code est beaucoup trop lent"
            )
        if lost.kind == "idle":
            return GraderAbort(
                f"{graded} attend sans rien calculer depuis plus de "
                f"{self.limits.idle_seconds:g} s (time.sleep ?)"
            )
        if lost.kind in ("external", "wall"):
            return GraderAbort(
                f"pendant l'appel de {graded}, le processus de travail a été {lost.detail}, "
                "deux fois de suite : ce n'est pas la faute de votre code, signalez-le à "
                "votre enseignant"
            )
        if lost.kind == "stuck":
            return GraderAbort(
                f"pendant l'appel de {graded}, le processus de travail ne lisait plus ce que le "
                "correcteur lui envoyait (votre code a-t-il touché au canal du correcteur ?)"
            )
        if lost.kind in ("malformed", "too_big"):
            return GraderAbort(
                f"pendant l'appel de {graded}, le processus de travail a envoyé {lost.detail} "
                "(votre code a-t-il écrit sur le canal du correcteur ?)"
            )
        return GraderAbort(
            f"pendant l'appel de {graded}, {lost.detail} (os._exit ? mémoire épuisée ?)"
        )

    def exchange_once(self, request: dict, graded: str, seconds: float, lines: list[str]):
        seconds = min(seconds, self.budget_left)
        if seconds <= 0:
            raise WorkerLost("budget")
        clock = self.clock(seconds)
        relayed: list[relay.RelayedCall] = []
        transcript = Transcript(lines)
        self.request_number += 1
        self.worker.send({**request, "n": self.request_number})
        # Le temps de calcul du processus est compté d'un message à l'autre, sans trou :
        # il calcule parfois pendant que le juge sert un relais.
        last_cpu = self.worker.cpu()
        try:
            while True:
                message, used, idle = self.worker.receive(clock)
                now = self.worker.cpu()
                if now is not None and last_cpu is not None:
                    used, last_cpu = max(used, now - last_cpu), now
                self.spend(clock, used, idle)
                if message.get("n") != self.request_number:
                    continue  # une réponse à une autre demande, ou écrite par le rendu : ignorée
                if message.get("done") is True:
                    return message, relayed, transcript
                # Le temps que la référence passe sur les relais compte pour l'appel.
                judge_start = time.process_time()
                self.serve(message, graded, relayed, transcript)
                self.spend(clock, time.process_time() - judge_start, 0.0)
        except Malformed as error:
            self.worker.stop()
            raise WorkerLost("malformed", str(error)) from None

    def spend(self, clock: Clock, used: float, idle: float):
        """Décompte le temps d'une attente ; arrête l'appel qui dépasse ses limites.

        (Un processus qui envoie sans cesse des messages n'est jamais attendu en vain :
        ses limites sont aussi vérifiées ici, à chaque message.)
        """
        self.budget_left -= used
        clock.cpu_seconds -= used
        clock.idle_seconds -= idle
        clock.wall_seconds -= used + idle
        for kind, left in (("cpu", clock.cpu_seconds), ("idle", clock.idle_seconds)):
            if left < 0:
                self.worker.stop()
                raise WorkerLost(kind)

    def serve(self, message: dict, graded: str, relayed: list, transcript: Transcript):
        """Une lecture de ligne ou un relais, demandés par le processus pendant un appel."""
        out = message.get("out", "")
        if type(out) is not str or len(out) > self.limits.output_chars:
            raise Malformed("un texte affiché mal formé")
        transcript.text += out
        if message.get("read") is True:
            transcript.reads.append(len(transcript.text))
            if transcript.consumed < len(transcript.lines):
                line = transcript.lines[transcript.consumed]
                transcript.consumed += 1
                self.worker.send({"line": line})
            else:
                transcript.read_at_eof = True
                self.worker.send({"line": None})
        elif "rpc" in message:
            if len(relayed) >= MAX_RELAYS:
                self.worker.stop()
                raise GraderAbort(
                    f"{graded} a appelé les autres fonctions du contrat plus de {MAX_RELAYS} "
                    "fois en un seul appel (une boucle sans fin ?)"
                )
            reply, call, position = relay.serve(
                self.reference,
                message,
                graded,
                transcript.lines,
                transcript.consumed,
                self.relay_seed,
            )
            transcript.consumed = position
            transcript.text += call.output
            relayed.append(call)
            self.worker.send(reply)
        else:
            raise Malformed("un message inconnu")
        if len(transcript.text) > self.limits.output_chars:
            self.worker.stop()  # il attend encore une réponse : il ne servira plus
            raise GraderAbort(
                f"{graded} a affiché plus de {self.limits.output_chars} caractères "
                "(une boucle d'affichage sans fin ?)"
            )

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
            "seed": seed,
            "stubs": stubs and self.reference is not None,
        }
        lines = list(stdin or [])
        reply, relayed, transcript = self.exchange(
            request, name, seconds or self.limits.call_seconds, lines
        )
        return self.outcome(reply, relayed, name, args, transcript)

    def batch(self, name: str, *args, seeds: list[int], seconds: float) -> list[Outcome]:
        """Appelle ``name(*args)`` une fois par graine, en une seule requête."""
        request = {
            "op": "batch",
            "func": name,
            "args": [to_wire(a) for a in args],
            "seeds": seeds,
            "stubs": self.reference is not None,
        }
        reply, relayed, _ = self.exchange(request, name, seconds, [])
        items = reply.get("batch")
        if type(items) is not list or not 0 < len(items) <= len(seeds):
            self.worker.stop()
            raise GraderAbort(f"pendant l'appel de {name}, une réponse mal formée")
        return [self.outcome(item, relayed, name, args, Transcript([])) for item in items]

    def outcome(self, reply, relayed: list, name: str, args: tuple, transcript) -> Outcome:
        try:
            done = check_done(reply, len(args), self.limits.output_chars)
        except Malformed as error:
            self.worker.stop()
            raise GraderAbort(
                f"pendant l'appel de {name}, le processus de travail a envoyé {error} "
                "(votre code a-t-il écrit sur le canal du correcteur ?)"
            ) from None
        error = done["error"] or {}
        if error.get("type") == "MemoryError":
            self.worker.stop()  # un processus à court de mémoire n'est plus fiable
            raise GraderAbort(
                f"{name} a épuisé la mémoire permise ({self.limits.memory_bytes // 2**20} Mio)"
            )
        if error.get("type") == "OutputLimitExceeded" or done["overflow"]:
            raise GraderAbort(
                f"{name} a affiché plus de {self.limits.output_chars} caractères "
                "(une boucle d'affichage sans fin ?)"
            )
        return Outcome(
            ret=done["ret"],
            args=done["args"],
            error=done["error"],
            stdout=transcript.text + done["out"],
            overflow=done["overflow"],
            reads=transcript.reads,
            consumed=transcript.consumed,
            read_at_eof=transcript.read_at_eof,
            rows_replaced=rows_replaced(input_identities(list(args)), done["wire_args"]),
            wire_ret=done["wire_ret"],
            wire_args=done["wire_args"],
            relayed=relayed,
        )
