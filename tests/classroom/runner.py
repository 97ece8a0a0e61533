"""Noter un rendu : la commande ``python -m pytest tests --submission RENDU``, lancée
dans un nouveau processus ou partie du lanceur pré-chargé (``classroom/launcher.py``),
arrêtée après sa limite de temps ; son résultat lu sur un tube que seule la notation
a reçu, et refusé s'il ne tient pas dans le barème.

C'est le moteur commun des trois façons de noter : une classe (``grade_class.py``),
un rendu sur Gradescope (``grade_gradescope.py``) et un rendu dans Moodle VPL
(``grade_vpl.py``).
"""

from __future__ import annotations

import json
import os
import selectors
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from grading import mark_scheme
from grading.safe_text import printable

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
TIME_LIMIT = 15 * 60  # secondes, pour noter un seul rendu
SANDBOX_OPTIONS: list[str] = []  # --require-sandbox ou --no-sandbox, passé à chaque notation


def not_graded(reason: str, journal: list[str] | None = None) -> dict:
    """Le résultat d'un rendu qui n'a pas pu être noté : aucune note, une raison (au
    format results.json de Gradescope, la raison dans ``extra_data``, avec la fin du
    journal de la notation s'il y en a une, pour l'enseignant seul)."""
    extra: dict = {"max_score": mark_scheme.TOTAL, "non_note": reason}
    if journal:
        extra["journal"] = journal
    return {
        "score": 0.0,
        "output": "Le rendu n'a pas pu être noté : " + reason,
        "tests": [],
        "extra_data": extra,
    }


def pytest_arguments(path: Path, functions: list[str] | None = None) -> list[str]:
    """Les arguments de ``python -m pytest`` pour noter un rendu (le résultat part sur le
    descripteur ``--results-fd``, ajouté par qui lance la notation) ; avec ``functions``,
    seulement ces fonctions du TP (une question du sujet, sur CodeRunner)."""
    chosen = [f"--functions={','.join(functions)}"] if functions else []
    return [
        str(TESTS),
        # La configuration du dépôt, quoi qu'il y ait autour des rendus (un pytest.ini
        # planté dans un dossier d'étudiant n'est jamais lu).
        "-c",
        str(ROOT / "pyproject.toml"),
        "--rootdir",
        str(ROOT),
        "-q",
        "-p",
        "no:randomly",
        f"--submission={path.resolve()}",
        *chosen,
        *SANDBOX_OPTIONS,
    ]


def drain(descriptors: list[int]) -> list[bytes]:
    """Lit chaque descripteur jusqu'à sa fermeture, tous à la fois ; les ferme."""
    received = {descriptor: [] for descriptor in descriptors}
    with selectors.DefaultSelector() as selector:
        for descriptor in descriptors:
            selector.register(descriptor, selectors.EVENT_READ)
        while selector.get_map():
            for key, _ in selector.select():
                chunk = os.read(key.fd, 1 << 16)
                if chunk:
                    received[key.fd].append(chunk)
                else:
                    selector.unregister(key.fd)
                    os.close(key.fd)
    return [b"".join(received[descriptor]) for descriptor in descriptors]


class Launcher:
    """Le lanceur pré-chargé (``classroom/launcher.py``), partagé par les notations en cours :
    chaque notation y part d'une copie d'un processus qui a déjà importé pytest et le
    correcteur, au lieu de tout recommencer.

    Un lanceur qui n'a pas pu s'apprêter, ou qui ne répond plus, n'est plus utilisé :
    ``run`` lève ``OSError``, et la notation (celle-ci et les suivantes) part d'un
    nouveau processus ; la console le dit une fois. Aucune notation n'est perdue.
    """

    READY = b"pret"  # ce que le lanceur envoie quand ses imports sont faits

    def __init__(self, script: Path = TESTS / "classroom" / "launcher.py"):
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.channel = ours
        self.lock = threading.Lock()
        self.usable: bool | None = None  # inconnu tant qu'il ne s'est pas dit prêt
        self.started = 0  # les notations parties du lanceur
        with theirs:
            self.process = subprocess.Popen(
                [sys.executable, str(script), str(theirs.fileno())],
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
                # Un environnement copié ici, jamais celui de la bibliothèque C : un autre
                # fil (la comparaison, qui importe numpy) peut le changer pendant le
                # lancement, et execve échouerait alors (« Bad address »).
                env=dict(os.environ),
            )

    def ready(self) -> bool:
        """Attend (une fois) que le lanceur se dise prêt ; False s'il s'est arrêté avant."""
        if self.usable is None:
            self.channel.settimeout(120)
            try:
                ready = self.channel.recv(16) == self.READY
            except OSError:
                ready = False
            self.channel.settimeout(None)
            if ready:
                self.usable = True
            else:
                self.give_up()
        return bool(self.usable)

    def give_up(self):
        """Le lanceur n'est plus utilisé ; la console le dit une fois."""
        if self.usable is not False:
            print(
                "Le lanceur pré-chargé ne répond pas : les rendus sont notés chacun par un "
                "nouveau processus (même note, plus lentement).",
                file=sys.stderr,
            )
        self.usable = False

    def run(
        self, arguments: list[str], scratch: str, seconds: int = TIME_LIMIT
    ) -> tuple[bytes, bytes, str | None]:
        """Une notation, arrêtée après ``seconds`` : (journal, résultat, problème) ;
        ``OSError`` si le lanceur n'est pas utilisable (la notation est alors à refaire
        par un nouveau processus)."""
        pipes = [os.pipe() for _ in range(3)]  # journal, résultat, issue
        request = {
            "arguments": arguments,
            "environment": {"TMPDIR": scratch},
            "seconds": seconds,
        }
        try:
            with self.lock:
                if not self.ready():
                    raise OSError("lanceur indisponible")
                socket.send_fds(self.channel, [json.dumps(request).encode()], [w for _, w in pipes])
                self.started += 1
        except OSError:
            for descriptor in [d for pipe in pipes for d in pipe]:
                os.close(descriptor)
            with self.lock:
                self.give_up()
            raise
        for _, write in pipes:
            os.close(write)
        log, result, status = drain([read for read, _ in pipes])
        try:
            issue = json.loads(status)
        except ValueError:
            # Le garde écrit toujours l'issue de sa notation : sans elle, c'est le lanceur
            # qui a failli, pas le rendu.
            with self.lock:
                self.give_up()
            raise OSError("lanceur arrêté pendant une notation") from None
        if issue.get("expired"):
            return b"", result, too_long(seconds)
        code = issue.get("code")
        return log, result, None if code in (0, 1) else f"code de sortie {code}"

    def close(self):
        self.channel.close()  # le lanceur s'arrête de lui-même
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def too_long(seconds: int) -> str:
    return f"la notation a dépassé {seconds} s et a été arrêtée"


def run_process(
    arguments: list[str], scratch: str, seconds: int = TIME_LIMIT
) -> tuple[bytes, bytes, str | None]:
    """Une notation dans un nouveau processus ``python -m pytest``, arrêtée après
    ``seconds`` : (journal, résultat, problème)."""
    read, write = os.pipe()
    received: list[bytes] = []
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "pytest", *arguments, f"--results-fd={write}"],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            pass_fds=(write,),
            env={**os.environ, "TMPDIR": scratch},
        )
    finally:
        os.close(write)
    reader = threading.Thread(target=lambda: received.extend(drain([read])))
    reader.start()
    try:
        log, _ = process.communicate(timeout=seconds)
        problem = None if process.returncode in (0, 1) else f"code de sortie {process.returncode}"
    except subprocess.TimeoutExpired:
        problem = too_long(seconds)
        log = b""
    finally:
        # Le bac à sable meurt avec son pytest (--die-with-parent), le processus de
        # travail sans bac à sable aussi (PR_SET_PDEATHSIG). Un Ctrl-C de l'enseignant
        # atteint tout le groupe, notations en cours comprises.
        process.kill()
        process.wait()
    reader.join()
    return log, received[0], problem


def plausible(result) -> bool | None:
    """Un résultat de notation tient-il dans le barème (une note entre 0 et le total, des
    tests dont les points font au plus le total) ? None : ce n'est pas un résultat."""
    if type(result) is not dict or type(result.get("tests")) is not list:
        return None
    score = result.get("score")
    tests = result["tests"]
    try:
        possible = sum(float(test["max_score"]) for test in tests)
        earned = sum(float(test["score"]) for test in tests)
    except (TypeError, KeyError, ValueError):
        return False
    return (
        type(score) in (int, float)
        and 0 <= score <= mark_scheme.TOTAL + 1e-6
        and possible <= mark_scheme.TOTAL + 1e-6
        and abs(earned - score) < 1e-3
    )


def grade_one(
    name: str,
    path: Path,
    out: Path,
    launcher: Launcher | None = None,
    seconds: int = TIME_LIMIT,
    functions: list[str] | None = None,
) -> dict:
    """Note un rendu, en ``seconds`` au plus ; renvoie son results.json.

    La notation est celle de ``python -m pytest tests --submission RENDU`` : dans un
    nouveau processus, ou partie du lanceur pré-chargé s'il y en a un. Le résultat
    revient par un tube que seule la notation a reçu (``--results-fd``) : le code de
    l'étudiant, dans son bac à sable, ne voit ni ce tube, ni ce programme, ni aucun
    fichier de résultats. La notation est tuée si elle dépasse sa limite de temps, et
    son processus de travail avec elle. Avec ``functions``, seulement les tests de ces
    fonctions (``--functions``) : le résultat ne porte que sur elles.
    """
    arguments = pytest_arguments(path, functions)
    # Un dossier temporaire à cette notation, effacé ici même si pytest a été tué.
    scratch = tempfile.mkdtemp(prefix="demineur-classe-")
    # Traversable : la copie privée du rendu y est ouverte à l'utilisateur sans droits du
    # processus de travail (quand la notation tourne en root sans bubblewrap).
    os.chmod(scratch, 0o711)
    try:
        try:
            if launcher is None:
                raise OSError
            log, received, problem = launcher.run(arguments, scratch, seconds)
        except OSError:  # pas de lanceur, ou il ne répond plus : un processus neuf
            log, received, problem = run_process(arguments, scratch, seconds)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    text = log.decode("utf-8", "replace") if log else ""
    try:
        result = json.loads(received.decode("utf-8")) if received else None
    except ValueError:
        result = None
    if type(result) is dict and type(result.get("refused")) is str:
        reason = f"notation arrêtée, aucune note donnée : {result['refused']}"
        return not_graded(printable(reason), [])
    if plausible(result) is False:
        reason = "la notation a rendu une note hors du barème : elle n'est pas retenue"
        return not_graded(reason, [])
    if result is None or type(result) is not dict or "tests" not in result:
        # Un refus du correcteur (pytest.UsageError) est une phrase en français écrite
        # pour l'utilisateur : c'est la raison. La fin du journal de pytest est pour
        # l'enseignant seul (la console) : elle peut citer les chemins de sa machine,
        # jamais dans le retour de l'étudiant.
        refusals = [
            line[len("ERROR: ") :] for line in text.splitlines() if line.startswith("ERROR: ")
        ]
        reason = (refusals or [problem or "la notation s'est arrêtée sans résultat"])[0]
        journal = [printable(line) for line in text.splitlines() if line.strip()][-5:]
        return not_graded(printable(reason), journal)
    return result
