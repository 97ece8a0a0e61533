"""Un appel d'une fonction du rendu, vu du juge : la conversation et ce qu'on en retient.

Pendant un appel, le processus de travail peut demander une ligne d'entrée ou un
relais vers la solution de référence (``relay.py``) : le juge sert chaque demande,
garde le texte affiché et compte lui-même les lignes lues et le temps de calcul
consommé (``Conversation``). La réponse finale est vérifiée et devient un
``Outcome`` : seules les valeurs renvoyées et le texte affiché sont notés.
Quand un appel n'aboutit pas, ``GraderAbort`` arrête le test avec un message
français qui dit pourquoi (``abort_for``).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import threading
import time
from dataclasses import dataclass, field

from . import relay
from .channel import Clock, WorkerLost, WorkerProcess
from .wire import Malformed, check_done, decode, error_field, to_wire
from .worker import Encoder, bool_grid
from .worker import decode as worker_decode

# Les relais d'un seul appel : compute_neigh sur 50×20 en fait 1 000, une partie
# entière (play_the_game) 2 000 au plus.
MAX_RELAYS = 20_000
# Ce que le juge garde des relais d'un seul appel, en valeurs JSON (relay.RelayedCall.size) :
# compute_neigh sur 50×20, avec nb_adjacent_mines pour chaque case, en garde 1,1 million.
# C'est ce qui borne la mémoire du juge pendant un appel (quelques dizaines de Mio).
MAX_RELAYED_VALUES = 4_000_000
# Une fonction qui redemande une ligne (ou un coup, par un relais) après avoir appris que
# l'entrée est finie (EOFError) l'a rattrapée et boucle : au-delà de ce nombre, l'appel
# est arrêté tout de suite, au lieu de tourner jusqu'à sa limite de temps. La lecture
# suivante lève dans le processus de travail une exception qu'un « except Exception: »
# ou un « except EOFError: » ne rattrape pas (``worker.CallStopped``) : l'appel se
# termine et le processus sert encore, sans être relancé. S'il redemande une ligne
# malgré elle (un « except: » sans nom), ou ne se termine pas en STOP_SECONDS, il est tué.
EOF_RETRIES = 10
STOP_SECONDS = 1.0
# Les valeurs renvoyées qui se lisent telles quelles (decode les rend inchangées).
SIMPLE_VALUES = (type(None), bool, int, str)


class GraderAbort(BaseException):
    """Arrête le test en cours tout de suite, avec un message en français.

    ``cause`` dit pourquoi, pour le code qui décide et pour le ``results.json``
    (une des :data:`ABORT_CAUSES`) ; ``message`` est pour l'étudiant.
    Elle dérive de ``BaseException`` : hypothesis ne la rattrape pas, et ne
    relance donc pas une fonction qui boucle pour chercher un exemple plus petit.
    """

    def __init__(self, cause: str, message: str):
        assert cause in ABORT_CAUSES, cause
        super().__init__(message)
        self.cause = cause
        self.message = message
        # L'appel interrompu (``judge.Submission.call`` le remplit) : nom, arguments,
        # lignes tapées ; le kit le montre pour qu'on puisse le rejouer.
        self.call: tuple[str, list, list[str]] | None = None


# Pourquoi un appel n'a pas abouti.
ABORT_CAUSES = {
    "missing": "la fonction n'est pas dans le rendu",
    "reload": "le rendu n'a pas pu être rechargé après un arrêt",
    "cpu": "l'appel a dépassé son temps de calcul",
    "budget": "le test a dépassé son temps de calcul",
    "idle": "l'appel attendait sans calculer",
    "external": "le processus de travail a été tué de l'extérieur, deux fois",
    "channel": "le canal du correcteur a été touché ou a reçu un message mal formé",
    "memory": "la mémoire permise est épuisée",
    "output": "l'appel a trop affiché",
    "relays": "l'appel a fait trop de relais vers les autres fonctions",
    "eof": "l'appel redemandait sans fin des lignes après la fin de l'entrée",
    "died": "le processus de travail s'est arrêté",
}


@dataclass
class Transcript:
    """Ce que le juge a vu d'un appel : le texte affiché et les lignes lues."""

    lines: list[str]
    text: str = ""
    reads: list[int] = field(default_factory=list)  # la longueur du texte à chaque lecture
    # Les invites d'input() dans le texte, (début, fin) : ce que le processus de travail en
    # dit (worker.watch_prompts). Il ne peut qu'y perdre : une invite non dite compte comme
    # un message affiché, et une invite dite de trop ôte du texte à ses propres messages.
    prompts: list[tuple[int, int]] = field(default_factory=list)
    consumed: int = 0  # le nombre de lignes d'entrée lues
    read_at_eof: bool = False
    eof_signalled: int = 0  # les EOFError données à l'appel (input() ou un relais)


@dataclass
class Outcome:
    """Ce qu'a fait un appel d'une fonction de la soumission."""

    ret: object
    args: list  # les arguments, après l'appel
    error: dict | None  # {"type", "message", "line", "function"} si une exception est sortie
    stdout: str
    overflow: bool
    reads: list[int]  # la longueur de la sortie au moment de chaque lecture
    consumed: int  # le nombre de lignes d'entrée lues
    read_at_eof: bool
    rows_replaced: list[bool]
    wire_ret: object
    wire_args: list
    relayed: list[relay.RelayedCall] = field(default_factory=list)
    # L'appel a écrit sur sys.stderr, que le correcteur ne lit pas (le retour le dit).
    wrote_stderr: bool = False
    # La fonction a re-semé le générateur global de random (random.seed, random.setstate),
    # pendant cet appel ou un appel précédent du même processus de travail.
    reseeded: bool = False
    # Les invites d'input() dans ``stdout``, (début, fin) (``Transcript.prompts``).
    prompts: list[tuple[int, int]] = field(default_factory=list)


@dataclass
class CaseOutcome:
    """Ce qu'a fait un cas d'une série (``Submission.cases``), selon le processus de travail."""

    ret: object
    error: dict | None
    changed: bool  # les arguments ont-ils changé ?


def case_outcomes(reply: dict, count: int) -> list[CaseOutcome]:
    """La réponse à une série de cas, vérifiée : ``count`` triplets (valeur, exception,
    arguments changés) ; lève :class:`Malformed` sinon."""
    items = reply.get("cases")
    if type(items) is not list or len(items) != count:
        raise Malformed(f"une série qui n'a pas {count} résultat(s)")
    outcomes = []
    for item in items:
        if type(item) is not list or len(item) != 3 or type(item[2]) is not bool:
            raise Malformed("un résultat de série mal formé")
        value, error, changed = item
        if error is None and type(value) in SIMPLE_VALUES:  # le cas ordinaire, sans détour
            outcomes.append(CaseOutcome(value, None, changed))
            continue
        outcomes.append(CaseOutcome(decode(value), error_field({"error": error}), changed))
    return outcomes


# Une chaîne de « 0 » et de « 1 » (``worker.mine_string``), en octets 0 et 1.
FROM_DIGITS = bytes.maketrans(b"01", b"\x00\x01")


def draws_of(reply: dict, count: int, cells: int) -> list[tuple[int, ...] | list | None]:
    """La réponse à une série de tirages (``Submission.draws``), vérifiée : au plus
    ``count`` tirages. Chaque tirage qui a laissé une grille de booléens de la forme
    reçue (``cells`` cases) devient ses cases minées, numérotées ligne après ligne ; le
    dernier peut être une grille de booléens d'une autre forme, ou None. Lève
    :class:`Malformed` sinon."""
    mines = reply.get("mines")
    if type(mines) is not list or not 0 < len(mines) + ("last" in reply) <= count:
        raise Malformed(f"une série qui n'a pas entre 1 et {count} tirage(s)")
    draws: list[tuple[int, ...] | list | None] = []
    known: dict[str, tuple[int, ...]] = {}  # un petit plateau ressort souvent le même tirage
    for text in mines:
        if type(text) is not str:
            raise Malformed("un tirage mal formé")
        placement = known.get(text)
        if placement is None:
            if len(text) != cells or not set(text) <= {"0", "1"}:
                raise Malformed("un tirage mal formé")
            marks = text.encode("ascii").translate(FROM_DIGITS)
            placement = known[text] = tuple(itertools.compress(range(cells), marks))
        draws.append(placement)
    if "last" in reply:
        last = reply["last"]
        if last is not None and not bool_grid(last):
            raise Malformed("un tirage mal formé")
        draws.append(last)
    return draws


@dataclass
class TimeBudget:
    """Le temps de calcul qu'il reste à un test, tous ses appels compris."""

    seconds_left: float


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


class JudgeTime:
    """Le temps de calcul du juge (son fil) et son attente d'un processeur libre (lue dans
    /proc, là où elle existe), depuis ``start``. Une par fil (``of_this_thread``) : le
    fichier de /proc est ouvert une fois, et reste celui du fil qui l'a ouvert."""

    _threads = threading.local()

    def __init__(self):
        try:
            self.schedstat: int | None = os.open(
                "/proc/thread-self/schedstat", os.O_RDONLY | os.O_CLOEXEC
            )
        except OSError:
            self.schedstat = None
        self.started = 0.0

    @classmethod
    def of_this_thread(cls) -> JudgeTime:
        """Celle du fil en cours (d'un processus copié par ``fork``, le fil copié est un
        autre fil : il a la sienne)."""
        pid, clock = getattr(cls._threads, "clock", (None, None))
        if pid != os.getpid():
            clock = cls()
            cls._threads.clock = (os.getpid(), clock)
        return clock

    def now(self) -> float:
        queued = 0.0
        if self.schedstat is not None:
            with contextlib.suppress(OSError, IndexError, ValueError):
                queued = int(os.pread(self.schedstat, 256, 0).split()[1]) / 1e9
        return time.thread_time() + queued

    def start(self):
        self.started = self.now()

    def elapsed(self) -> float:
        return self.now() - self.started


class Conversation:
    """Un appel en cours : les demandes du processus de travail servies jusqu'à sa réponse."""

    def __init__(
        self,
        worker: WorkerProcess,
        reference,
        graded: str,
        lines: list[str],
        relay_seed: int,
        output_limit: int,
        budget: TimeBudget,
    ):
        self.worker = worker
        self.reference = reference
        self.graded = graded
        self.relay_seed = relay_seed
        self.output_limit = output_limit
        self.budget = budget
        self.relayed: list[relay.RelayedCall] = []
        self.relayed_values = 0
        self.known_grids: dict[int, tuple] = {}  # les grilles reçues pendant l'appel (relay.serve)
        self.transcript = Transcript(lines)
        self.stopping = False  # l'appel a reçu l'ordre de s'arrêter (voir EOF_RETRIES)
        self.eof_source = "input()"

    def run(self, request: dict, number: int, clock: Clock) -> dict:
        """Envoie la demande numéro ``number`` ; renvoie la réponse finale du processus.

        Les lignes d'entrée partent avec la demande : le processus les lit sur place et dit
        où tombe chaque lecture avec son message suivant (:meth:`take_reads`) ; il ne
        demande une ligne au juge qu'au-delà, pour apprendre que l'entrée est finie."""
        lines = self.transcript.lines
        self.worker.send({**request, "n": number, **({"lines": lines} if lines else {})})
        # Le temps de calcul du processus est compté d'un message à l'autre, sans trou :
        # il calcule parfois pendant que le juge sert un relais.
        last_cpu = self.worker.cpu()
        judge = JudgeTime.of_this_thread()
        since = None  # la première lecture lit elle-même d'où elle part
        stop_clock = None  # l'horloge courte d'un appel arrêté (voir EOF_RETRIES)
        try:
            while True:
                judge.start()
                message, used, idle = self.worker.receive(clock, since)
                since = self.worker.last_usage
                # Pendant l'attente, le temps où le juge calculait ou attendait lui-même un
                # processeur n'est pas une attente du processus : sur une machine chargée,
                # des milliers de relais en feraient plus que la limite d'attente.
                idle = max(0.0, idle - judge.elapsed())
                now = since[0]
                if now is not None and last_cpu is not None:
                    used, last_cpu = max(used, now - last_cpu), now
                self.spend(clock, used, idle)
                if message.get("n") != number:
                    continue  # une réponse à une autre demande, ou écrite par le rendu : ignorée
                if message.get("done") is True:
                    if self.stopping:
                        raise self.eof_abort()  # arrêté sans être tué : il sert encore
                    out = message.get("out", "")
                    if type(out) is str:  # sinon, refusé avec le reste de la réponse
                        self.take_reads(message, len(self.transcript.text), len(out))
                    return message
                # Le temps que le juge passe à servir un relais (décoder, faire jouer la
                # référence, encoder) est le sien : il ne compte pas dans le temps de calcul
                # de l'étudiant, seulement dans l'horloge de l'appel, et en temps de calcul
                # du juge (une machine chargée ne l'allonge pas). Le nombre de relais et
                # leur taille sont bornés (MAX_RELAYS, MAX_RELAYED_VALUES).
                judge_start = time.thread_time()
                self.serve(message)
                self.judge_seconds(clock, time.thread_time() - judge_start)
                if self.stopping and not stop_clock:
                    clock = stop_clock = Clock(STOP_SECONDS, STOP_SECONDS, 20 * STOP_SECONDS)
        except Malformed as error:
            self.worker.stop()
            raise WorkerLost("malformed", str(error)) from None
        except WorkerLost:
            if self.stopping:  # il ne s'est pas arrêté à temps : tué, pour la même raison
                raise self.eof_abort() from None
            raise

    def spend(self, clock: Clock, used: float, idle: float):
        """Décompte le temps d'une attente ; arrête l'appel qui dépasse ses limites.

        (Un processus qui envoie sans cesse des messages n'est jamais attendu en vain :
        ses limites sont aussi vérifiées ici, à chaque message.)
        """
        self.budget.seconds_left -= used
        exceeded = clock.charge(used, idle)
        if exceeded:
            self.worker.stop()
            raise WorkerLost(exceeded)

    def judge_seconds(self, clock: Clock, seconds: float):
        """Décompte le temps du juge de la seule horloge de l'appel ; au-delà, l'appel
        s'arrête comme sur une machine saturée."""
        clock.wall_seconds -= seconds
        if clock.wall_seconds < 0:
            self.worker.stop()
            raise WorkerLost("wall", "arrêté, l'appel ayant dépassé son temps d'horloge")

    def serve(self, message: dict):
        """Une lecture de ligne ou un relais, demandés par le processus pendant l'appel."""
        transcript = self.transcript
        out = message.get("out", "")
        if type(out) is not str or len(out) > self.output_limit:
            raise Malformed("un texte affiché mal formé")
        self.take_reads(message, len(transcript.text), len(out))
        transcript.text += out
        if message.get("read") is True:
            end = len(transcript.text)
            prompt = message.get("prompt")
            if type(prompt) is int and 0 < prompt <= len(out):
                transcript.prompts.append((end - prompt, end))
            transcript.reads.append(end)
            if transcript.consumed < len(transcript.lines):
                line = transcript.lines[transcript.consumed]
                transcript.consumed += 1
                self.worker.send({"line": line})
            else:
                transcript.read_at_eof = True
                self.worker.send({"line": None, "stop": self.signal_eof("input()")})
        elif "rpc" in message:
            self.serve_relay(message)
        else:
            raise Malformed("un message inconnu")
        if len(transcript.text) > self.output_limit:
            self.worker.stop()  # il attend encore une réponse : il ne servira plus
            raise GraderAbort(
                "output",
                f"{self.graded} a affiché plus de {self.output_limit} caractères "
                "(une boucle d'affichage sans fin ?)",
            )

    def take_reads(self, message: dict, base: int, length: int):
        """Les lignes que le processus a lues sur place depuis son message précédent
        (``worker.Worker.ask_line``) : pour chacune, où elle tombe dans le texte du message
        (de longueur ``length``, qui commence en ``base`` dans le texte de l'appel) et la
        longueur de son invite. Le juge les compte comme s'il les avait servies ; une
        invite qui ne tient pas dans le texte est ignorée (elle compte comme un message)."""
        reads = message.get("reads", [])
        transcript = self.transcript
        if type(reads) is not list or len(reads) > len(transcript.lines) - transcript.consumed:
            raise Malformed("des lectures mal formées")
        last = 0
        for read in reads:
            if type(read) is not list or len(read) != 2 or any(type(v) is not int for v in read):
                raise Malformed("une lecture mal formée")
            offset, prompt = read
            if not last <= offset <= length:
                raise Malformed("une lecture hors du texte affiché")
            last, end = offset, base + offset
            if 0 < prompt <= offset:
                transcript.prompts.append((end - prompt, end))
            transcript.reads.append(end)
            transcript.consumed += 1

    def serve_relay(self, message: dict):
        """Un appel d'une autre fonction du contrat, exécuté par la référence."""
        if len(self.relayed) >= MAX_RELAYS:
            self.worker.stop()
            raise GraderAbort(
                "relays",
                f"{self.graded} a appelé les autres fonctions du contrat plus de {MAX_RELAYS} "
                "fois en un seul appel (une boucle sans fin ?)",
            )
        transcript = self.transcript
        reply, call, position = relay.serve(
            self.reference,
            message,
            self.graded,
            transcript.lines,
            transcript.consumed,
            self.relay_seed,
            self.known_grids,
        )
        transcript.consumed = position
        reply = {**reply, "cursor": position}  # les lignes lues par la référence
        transcript.text += call.output
        self.relayed_values += call.size
        if self.relayed_values > MAX_RELAYED_VALUES:
            self.worker.stop()
            raise GraderAbort(
                "relays",
                f"{self.graded} a passé plus de {MAX_RELAYED_VALUES // 10**6} millions de "
                "valeurs aux autres fonctions du contrat en un seul appel (une boucle sans "
                "fin ?)",
            )
        self.relayed.append(call)
        if call.raised == "EOFError" and self.signal_eof(call.name):
            reply = {**reply, "stop": True}
        self.worker.send(reply)

    def signal_eof(self, source: str) -> bool:
        """Une EOFError de plus donnée à l'appel ; renvoie True au-delà de
        :data:`EOF_RETRIES` : il l'a rattrapée et boucle, la réponse lui dit de s'arrêter.
        S'il redemande encore après cet ordre, il est tué. Dans les deux cas, l'appel
        échoue avec la construction de Python en cause (:meth:`eof_abort`)."""
        if self.stopping:
            self.worker.stop()  # il attend encore une réponse : il ne servira plus
            raise self.eof_abort()
        self.transcript.eof_signalled += 1
        self.eof_source = source
        self.stopping = self.transcript.eof_signalled > EOF_RETRIES
        return self.stopping

    def eof_abort(self) -> GraderAbort:
        """L'échec d'un appel qui redemandait sans fin après la fin de l'entrée."""
        # Lue par sys.stdin.readline(), la fin de l'entrée est une ligne vide, sans
        # exception : le processus de travail ne distingue pas les deux lectures.
        direct = (
            " ; ou la ligne n'est pas lue par input() : sys.stdin.readline() renvoie '' à la "
            "fin de l'entrée, sans exception"
            if self.eof_source == "input()"
            else ""
        )
        return GraderAbort(
            "eof",
            f"l'entrée est finie, et {self.graded} a redemandé une ligne {EOF_RETRIES} fois "
            f"de plus : l'EOFError levée par {self.eof_source} est rattrapée (par un « except: » "
            "sans nom d'exception, un « except Exception: » ou un « except EOFError: » "
            f"autour de la lecture){direct} ; la boucle recommence sans fin. Ne rattrapez que "
            "ValueError (int() d'un mot) : EOFError doit remonter à l'appelant",
        )


def abort_for(
    lost: WorkerLost,
    graded: str,
    seconds: float,
    limits,
    idle_seconds: float | None = None,
    shortened: bool = False,
) -> GraderAbort:
    """Le message d'un appel qui n'a pas abouti, selon la cause (``shortened`` : ses
    limites étaient raccourcies, voir ``Limits.shortened``)."""
    why = (
        f" (limite raccourcie : {graded} avait déjà été arrêtée "
        f"{limits.stops_before_shortening} fois à sa limite dans cette notation)"
        if shortened
        else ""
    )
    if lost.kind == "cpu":
        return GraderAbort(
            "cpu",
            f"{graded} ne s'est pas terminée en {seconds:g} s de calcul (boucle infinie ?){why}",
        )
    if lost.kind == "budget":
        return GraderAbort(
            "budget",
            f"ce test a déjà pris plus de {limits.test_seconds:g} s de calcul : "
            "votre code est beaucoup trop lent",
        )
    if lost.kind == "idle":
        return GraderAbort(
            "idle",
            f"{graded} attend sans rien calculer depuis plus de "
            f"{limits.idle_seconds if idle_seconds is None else idle_seconds:g} s "
            f"(time.sleep ?){why}",
        )
    if lost.kind in ("external", "wall"):
        return GraderAbort(
            "external",
            f"pendant l'appel de {graded}, le processus de travail a été {lost.detail}, "
            "deux fois de suite : ce n'est pas la faute de votre code, signalez-le à "
            "votre enseignant",
        )
    if lost.kind == "stuck":
        return GraderAbort(
            "channel",
            f"pendant l'appel de {graded}, le processus de travail ne lisait plus ce que le "
            "correcteur lui envoyait (votre code a-t-il touché au canal du correcteur ?)",
        )
    if lost.kind == "too_big":
        return GraderAbort(
            "channel",
            f"pendant l'appel de {graded}, le processus de travail a envoyé un message de "
            f"plus de {limits.reply_bytes // 2**20} Mio (une valeur renvoyée démesurée, ou "
            "votre code a-t-il écrit sur le canal du correcteur ?)",
        )
    if lost.kind == "malformed":
        return GraderAbort(
            "channel",
            f"pendant l'appel de {graded}, le processus de travail a envoyé {lost.detail} "
            "(votre code a-t-il écrit sur le canal du correcteur ?)",
        )
    hint = " (os._exit ? mémoire épuisée ?)"
    if lost.signal_number == getattr(signal, "SIGSYS", None):
        hint = ""  # la cause est déjà dite
    return GraderAbort("died", f"pendant l'appel de {graded}, {lost.detail}{hint}")


def malformed(worker: WorkerProcess, graded: str, error: Malformed, limits) -> GraderAbort:
    """Une réponse finale mal formée : le processus de travail est arrêté, le test aussi."""
    worker.stop()
    return abort_for(WorkerLost("malformed", str(error)), graded, 0.0, limits)


def outcome_of(
    reply: dict,
    name: str,
    args: tuple,
    transcript: Transcript,
    relayed: list[relay.RelayedCall],
    worker: WorkerProcess,
    limits,
) -> Outcome:
    """La réponse finale d'un appel, vérifiée ; ``GraderAbort`` si elle ne peut pas compter."""
    try:
        done = check_done(reply, len(args), limits.output_chars)
    except Malformed as error:
        raise malformed(worker, name, error, limits) from None
    error = done["error"] or {}
    if error.get("type") == "MemoryError":
        worker.stop()  # un processus à court de mémoire n'est plus fiable
        raise GraderAbort(
            "memory", f"{name} a épuisé la mémoire permise ({limits.memory_bytes // 2**20} Mio)"
        )
    if error.get("type") == "OutputLimitExceeded" or done["overflow"]:
        raise GraderAbort(
            "output",
            f"{name} a affiché plus de {limits.output_chars} caractères "
            "(une boucle d'affichage sans fin ?)",
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
        wrote_stderr=done["stderr"],
        reseeded=done["reseeded"],
        prompts=transcript.prompts,
    )
