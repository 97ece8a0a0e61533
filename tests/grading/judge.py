"""Le juge : il fait exécuter les fonctions d'une soumission par un processus à part.

La soumission ne s'exécute jamais dans le processus de pytest. ``Submission``
réunit quatre pièces, chacune dans son module :

- la copie privée du rendu dans un dossier jetable (``private_copy.py``) ;
- le processus de travail (``worker.py``), lancé dans un bac à sable
  (``sandbox.py``) ou, à défaut, dans ce dossier, avec qui le juge dialogue par
  messages JSON vérifiés (``channel.py``, ``wire.py``), et le chargement du rendu
  (``loading.py``) ;
- les appels (``calls.py``) : le juge garde les lignes d'entrée d'un appel,
  compte lui-même celles qui sont lues et le temps de calcul consommé ;
- les relais vers la solution de référence (``relay.py``), servis pendant un appel.

Un processus qui se bloque, meurt ou quitte est remplacé, et seul le test en cours
échoue ; un processus tué de l'extérieur (un signal qu'il n'a pas pu s'envoyer) ne
coûte rien : l'appel est refait une fois, et le retour le dit.
"""

from __future__ import annotations

from pathlib import Path

from . import relay, sandbox
from .calls import (
    CaseOutcome,
    Conversation,
    GraderAbort,
    Outcome,
    TimeBudget,
    abort_for,
    case_outcomes,
    draws_of,
    malformed,
    outcome_of,
)
from .channel import IsolationRefused, WorkerLost, WorkerProcess
from .contract import PARAMETERS
from .limits import Limits
from .loading import WORKER_CODE, begin_load, finish_load, load
from .locate import SubmissionError, locate
from .private_copy import GraderChanged, PrivateCopy
from .safe_text import one_line
from .wire import Malformed, to_wire

__all__ = [
    "GraderAbort",
    "GradingRefused",
    "Limits",
    "Outcome",
    "Submission",
    "SubmissionError",
]


# Un chargement qui ne se termine pas, arrête Python ou écrit autre chose que des messages
# sur le canal du correcteur est refait avec les seules définitions : ce que fait le
# niveau du module ne coûte pas les fonctions. (``WorkerLost.kind`` → ce que le retour dit.)
LOAD_REDONE = {
    "cpu": "hung",
    "idle": "hung",
    "died": "died",
    "malformed": "channel",
    "too_big": "channel",
}


class GradingRefused(Exception):
    """La notation ne peut pas continuer de façon sûre (l'isolation n'a pas pu être posée,
    la copie du correcteur a changé) : elle s'arrête, et le dit, sans donner de note."""


def choose_isolation(mode: str) -> sandbox.Isolation:
    """``auto`` : le bac à sable s'il marche ; ``require`` : lui ou rien ; ``off`` : sans."""
    if mode == "off":
        return sandbox.Isolation("aucune", "bac à sable désactivé (--no-sandbox)")
    isolation = sandbox.probe()
    if mode == "require" and not isolation.isolated:
        raise SubmissionError(f"notation refusée sans isolation : {isolation.reason}")
    return isolation


def package_note(package: str, taken: dict[str, list[str]], exposed: list[str]) -> str:
    """Ce que dit le retour d'un paquet dont le ``__init__.py`` n'expose pas toutes les
    fonctions du TP : quels modules sont notés, pour lesquelles (``exposed`` : celles que
    le ``__init__.py`` expose, dans l'ordre du contrat ; la liste la plus courte est dite).

    >>> package_note("tp_demineur", {"tp.py": ["main", "is_finished"]}, ["a", "b", "c"])
    "Le __init__.py de tp_demineur/ n'expose pas main, is_finished : celles de tp.py sont notées."
    >>> package_note("tp_demineur", {"tp.py": ["main", "is_finished"]}, ["is_coord_ok"])
    "Le __init__.py de tp_demineur/ n'expose que is_coord_ok : les autres fonctions du TP sont celles de tp.py."
    >>> package_note("tp_demineur", {"tp.py": ["main", "is_finished"]}, [])
    "Le __init__.py de tp_demineur/ n'expose aucune fonction du TP : celles de tp.py sont notées."
    """  # noqa: E501
    start = f"Le __init__.py de {package}/ n'expose"
    if len(taken) == 1:
        module, functions = next(iter(taken.items()))
        if not exposed:
            return f"{start} aucune fonction du TP : celles de {module} sont notées."
        if len(exposed) < len(functions):
            return (
                f"{start} que {', '.join(exposed)} : les autres fonctions du TP sont celles "
                f"de {module}."
            )
        return f"{start} pas {', '.join(functions)} : celles de {module} sont notées."
    parts = [f"celles de {module} ({', '.join(functions)})" for module, functions in taken.items()]
    return f"{start} pas toutes les fonctions du TP : sont notées {', '.join(parts)}."


class Submission:
    """Une soumission chargée dans un processus de travail, prête à être appelée."""

    def __init__(
        self, path: Path, reference=None, limits: Limits | None = None, sandbox_mode="auto"
    ):
        self.limits = limits or Limits()
        self.reference = reference
        self.located = located = locate(Path(path))
        self.kind, self.source = located.kind, located.path
        self.isolation = choose_isolation(sandbox_mode)
        self.worker = WorkerProcess(self.isolation, self.limits.reply_bytes)
        self.load_info: dict | None = None  # le premier chargement, pour les retours
        self.lockdown: dict | None = None
        self.available: list[str] = []
        self.budget = TimeBudget(self.limits.test_seconds)
        self.relay_seed = 0
        self.incidents: list[str] = []  # ce qui est arrivé sans être la faute de l'étudiant
        self.retried = False  # un appel de ce test a déjà été refait
        # Par fonction, ses appels arrêtés à une limite de calcul ou d'attente
        # (``Limits.shortened`` : au-delà, ses appels seuls ont des limites plus courtes).
        self.stops: dict[str, int] = {}
        self.request_number = 0  # chaque demande a son numéro, que chaque réponse rappelle
        self.definitions_only = False  # le chargement complet ne s'est pas terminé
        self.first_load: str | None = None  # "hung" ou "died" : pourquoi
        self.copy = PrivateCopy(
            self.kind,
            self.source,
            self.limits.submission_bytes,
            self.limits.submission_files,
            WORKER_CODE,
            for_other_user=bool(self.isolation.user),
            auxiliaries=located.auxiliaries,
        )
        self.loading = False  # un chargement demandé en avance (start_early), pas encore lu

    @property
    def copy_report(self):
        """Ce qui a été copié du rendu, et ce qui a été refusé (les liens…)."""
        return self.copy.report

    def found_notes(self) -> list[str]:
        """Ce qui a été trouvé dans le rendu et comment il est noté : la version notée
        parmi plusieurs, les modules auxiliaires du fichier noté, les modules d'un paquet
        notés à la place de son ``__init__.py``, les dossiers mis de côté, les fichiers
        refusés à la copie."""
        notes = self.located.notes()
        taken = (self.load_info or {}).get("taken") or {}
        if taken:
            from_modules = {name for functions in taken.values() for name in functions}
            loaded = (self.load_info or {}).get("functions", [])
            exposed = [name for name in PARAMETERS if name in loaded and name not in from_modules]
            notes.append(package_note(self.source.name, taken, exposed))
        aside = self.copy.report.set_aside.describe()
        if aside:
            notes.append(aside + ".")
        if self.copy.report.refused:
            refused = ", ".join(f"{path} ({why})" for path, why in self.copy.report.refused)
            notes.append(f"Fichiers de votre rendu non copiés : {refused}.")
        return [one_line(note) for note in notes]  # des noms venus du rendu

    def close(self):
        self.worker.stop()
        self.copy.remove()

    # -- le chargement ---------------------------------------------------------
    def start(self) -> dict:
        """Lance le processus de travail et charge le rendu.

        Un processus tué de l'extérieur est relancé une fois ; un chargement qui ne se
        termine pas ou qui arrête Python est refait avec les seules définitions.
        """
        if not self.loading:
            self.worker.stop()
        try:
            return self.start_safely()
        except (IsolationRefused, GraderChanged) as error:
            self.worker.stop()
            raise GradingRefused(str(error)) from None

    def start_safely(self) -> dict:
        try:
            try:
                info = self.launch()
            except WorkerLost as lost:
                if lost.kind in ("external", "wall"):
                    self.incidents.append(
                        f"pendant le chargement de votre code, le processus de travail a été "
                        f"{lost.detail} : il a été relancé, sans pénalité."
                    )
                elif lost.kind in LOAD_REDONE and not self.definitions_only:
                    self.definitions_only = True
                    self.first_load = LOAD_REDONE[lost.kind]
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

    def start_early(self):
        """Lance le processus de travail et lui demande de charger le rendu, sans attendre :
        le chargement avance pendant que pytest lit les tests, et le premier appel en lit
        le résultat (``start``). Un lancement qui échoue ici est refait à ce moment-là,
        qui en dira l'erreur."""
        try:
            begin_load(
                self.worker,
                self.copy,
                self.kind,
                self.limits,
                self.definitions_only,
                self.located.modules,
            )
            self.loading = True
        except Exception:
            self.worker.stop()

    def launch(self) -> dict:
        if self.loading:
            self.loading = False
            info, lockdown = finish_load(self.worker, self.limits)
        else:
            info, lockdown = load(
                self.worker,
                self.copy,
                self.kind,
                self.limits,
                self.definitions_only,
                self.located.modules,
            )
        if self.lockdown is None:
            self.lockdown = lockdown  # écrit avant que le rendu ne tourne
        return info

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
        self.budget.seconds_left = self.limits.test_seconds
        self.retried = False

    def restart(self):
        """Un processus de travail neuf, qui n'a encore vu aucun cas (lancé au prochain
        appel), et un budget de temps neuf : pour rejouer seul le contre-exemple qu'un
        retour va montrer (``conftest.replayed_alone``)."""
        self.worker.stop()
        self.loading = False
        self.begin_test()

    def missing(self, graded: str) -> str:
        """Pourquoi la fonction notée manque : retirée parce que son texte ne se compile
        pas (ce que le retour dit une fois, avec sa ligne : ``checks.describe_dropped``), ou
        absente du code."""
        dropped = (self.load_info or {}).get("dropped") or []
        if any(graded in part["functions"] for part in dropped):
            return (
                f"la fonction {graded} a une erreur de syntaxe : elle a été retirée avant la "
                "notation"
            )
        return f"la fonction {graded} n'est pas définie dans votre code"

    # -- les appels ------------------------------------------------------------
    def lent(self, graded: str) -> list[str]:
        """Les fonctions du contrat dont le juge accepterait le relais pendant un appel de
        ``graded`` : le processus de travail peut calculer lui-même celles qu'il sait
        (``worker.LENDERS``), comme la référence."""
        return [name for name in PARAMETERS if not relay.refuses(self.reference, name, graded)]

    def exchange(self, request: dict, graded: str, seconds: float, lines: list[str]):
        """Envoie une requête, sert lectures et relais ; renvoie (réponse, conversation).

        Un processus tué de l'extérieur : l'appel est refait une fois.
        """
        if graded not in self.functions:
            raise GraderAbort("missing", self.missing(graded))
        shortened = None
        if request.get("op") == "call":
            shortened = self.limits.shortened(seconds, self.stops.get(graded, 0))
        seconds, idle = shortened or (seconds, None)
        while True:
            self.ensure_started()
            if graded not in self.available:
                raise GraderAbort("reload", f"la fonction {graded} n'a pas pu être rechargée")
            try:
                return self.exchange_once(request, graded, seconds, lines, idle)
            except WorkerLost as lost:
                if lost.kind in ("external", "wall") and not self.retried:
                    self.retried = True
                    self.incidents.append(
                        f"pendant un appel de {graded}, le processus de travail a été "
                        f"{lost.detail} : l'appel a été refait, sans pénalité."
                    )
                    continue
                if lost.kind in ("cpu", "idle"):
                    self.stops[graded] = self.stops.get(graded, 0) + 1
                raise abort_for(
                    lost, graded, seconds, self.limits, idle, shortened is not None
                ) from None

    def exchange_once(
        self,
        request: dict,
        graded: str,
        seconds: float,
        lines: list[str],
        idle: float | None = None,
    ):
        seconds = min(seconds, self.budget.seconds_left)
        if seconds <= 0:
            raise WorkerLost("budget")
        conversation = Conversation(
            self.worker,
            self.reference,
            graded,
            lines,
            self.relay_seed,
            self.limits.output_chars,
            self.budget,
        )
        self.request_number += 1
        reply = conversation.run(request, self.request_number, self.limits.clock(seconds, idle))
        return reply, conversation

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
            "lent": self.lent(name),
        }
        lines = list(stdin or [])
        try:
            reply, conversation = self.exchange(
                request, name, seconds or self.limits.call_seconds, lines
            )
        except GraderAbort as error:
            error.call = (name, list(args), lines)
            raise
        return outcome_of(
            reply,
            name,
            args,
            conversation.transcript,
            conversation.relayed,
            self.worker,
            self.limits,
        )

    def cases(
        self, name: str, args: list, positions: list[int], cases: list[list], seconds: float
    ) -> list[CaseOutcome]:
        """Appelle ``name`` sur chaque cas, en une seule requête : les arguments ``args``,
        où les valeurs du cas prennent les places ``positions``.

        Pour les fonctions qui ne lisent rien au clavier et dont on ne regarde que la
        valeur renvoyée (et que leurs arguments ne changent pas). Ce qu'en dit le
        processus de travail n'est qu'un tri : un cas qui paraît raté est revérifié par
        un appel seul (``call``), qui décide.
        """
        self.relay_seed = 0
        request = {
            "op": "cases",
            "func": name,
            "args": [to_wire(a) for a in args],
            "positions": positions,
            "cases": to_wire([list(values) for values in cases]),
            "stubs": self.reference is not None,
            "lent": self.lent(name),
        }
        reply, _ = self.exchange(request, name, seconds, [])
        try:
            return case_outcomes(reply, len(cases))
        except Malformed as error:
            raise malformed(self.worker, name, error, self.limits) from None

    def draws(
        self, name: str, grid: list[list], *args, seeds: list[int], seconds: float
    ) -> list[tuple[int, ...] | list | None]:
        """Appelle ``name(grid, *args)`` une fois par graine, en une seule requête. Pour
        chaque tirage qui laisse ``grid`` une grille de booléens de même forme : ses cases
        à True, numérotées ligne après ligne. Le dernier tirage peut être, à la place, la
        grille laissée (de booléens, mais d'une autre forme) ou None, s'il faut le refaire
        seul (``call``) : il a levé une exception ou laissé autre chose."""
        request = {
            "op": "draws",
            "func": name,
            "args": [to_wire(a) for a in (grid, *args)],
            "seeds": seeds,
            "stubs": self.reference is not None,
            "lent": self.lent(name),
        }
        reply, _ = self.exchange(request, name, seconds, [])
        try:
            return draws_of(reply, len(seeds), sum(map(len, grid)))
        except Malformed as error:
            raise malformed(self.worker, name, error, self.limits) from None
