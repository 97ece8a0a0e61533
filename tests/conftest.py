"""Le correcteur du TP démineur : options, soumission notée, barème et rapport.

- ``python -m pytest`` note la solution de référence (20/20 attendu) et lance aussi
  les tests du projet (jeu, sujet, kit, corpus) ;
- ``python -m pytest tests --submission CHEMIN`` ne lance que les tests notés, sur
  le fichier ``.py`` ou le dossier ``CHEMIN`` ;
- ``--results-json FICHIER`` écrit le résultat au format results.json de Gradescope ;
- ``--secret SECRET`` (ou la variable ``TP_DEMINEUR_SECRET``) tire les cas du secret de
  la classe plutôt que les cas publics (``grading/secret.py``) ;
- ``--require-sandbox`` refuse de noter sans bac à sable, ``--no-sandbox`` s'en passe.
"""

from __future__ import annotations

import functools
import gc
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pytest

from grading import config as grading_config
from grading import mark_scheme, scoring, secret, standins
from grading.boards import fit_lines
from grading.checks.common import Echec, NotWritten, describe_call
from grading.checks.load import describe_load
from grading.judge import GraderAbort, GradingRefused, Submission, SubmissionError
from grading.locate import is_python_file, locate
from grading.safe_text import printable
from grading.sandbox import protect_judge

settings = None
Flaky: type | None = None
if not grading_config.KIT:  # le kit étudiant s'en passe : ses cas publics sont fixes
    from hypothesis import HealthCheck, Phase, reject, seed, settings
    from hypothesis.errors import Flaky

    from grading import digests, strategies

if settings is not None:
    # Une notation reproductible : mêmes exemples à chaque lancement, aucune mémoire
    # des lancements précédents, aucune limite de temps de hypothesis (le juge a les siennes).
    settings.register_profile(
        "notation",
        derandomize=True,
        database=None,
        deadline=None,
        max_examples=grading_config.MAX_EXAMPLES,
        print_blob=False,
        # Un seul échec par test, le premier trouvé : le retour n'en montre qu'un, et
        # chaque échec montré est rejoué seul dans un processus de travail neuf (avec
        # plusieurs, chaque exemple explicite raté l'était, pour rien).
        report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck),
        # Pas de phase « explain » : elle retrace chaque ligne exécutée, pour un
        # rapport en anglais que le correcteur n'affiche pas.
        phases=[Phase.explicit, Phase.generate, Phase.target, Phase.shrink],
    )
    settings.load_profile("notation")
    # L'empreinte de chaque test, que hypothesis calcule deux fois par test : gardée.
    digests.remember()

ROOT = Path(__file__).resolve().parent.parent

# data/ : les rendus du corpus et les modèles des fichiers du kit étudiant (tools/build_kit.py).
collect_ignore = ["data"]
# Les tests du projet et leurs modules d'aide (corpus_grading), importés sous leur seul nom.
PROJECT = Path(__file__).resolve().parent / "project"


def load_reference():
    """La solution de référence, pour les relais et les tests du projet.

    Dans le kit, les remplaçants (``grading/standins.py``) : ils ne connaissent que les
    réponses des cas publics.
    """
    if grading_config.KIT:
        return standins.load(Path(__file__).with_name(standins.STANDINS_FILE))
    sys.path.insert(0, str(ROOT))
    import tp_demineur

    return tp_demineur


def sandbox_mode(pytest_config) -> str:
    """Le bac à sable : exigé, désactivé, ou utilisé s'il est possible (``auto``).

    Le kit étudiant s'en passe : l'étudiant y exécute son propre code.
    """
    if pytest_config.getoption("--require-sandbox"):
        return "require"
    if pytest_config.getoption("--no-sandbox") or grading_config.KIT:
        return "off"
    return "auto"


def class_secret(pytest_config) -> str | None:
    """Le secret des cas : ``--secret``, sinon ``TP_DEMINEUR_SECRET``, sinon aucun.

    Le kit n'en a pas : ses cas sont publics par construction.
    """
    if grading_config.KIT:
        return None
    text = pytest_config.getoption("--secret") or os.environ.get(secret.ENVIRONMENT) or None
    if text is None:
        return None
    try:
        return secret.check(text)
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None


def draw_from_secret(items, value: str) -> None:
    """Chaque test à exemples tirés (hypothesis) tire ses cas d'une graine de ``value``
    (``secret.key()`` : le secret mêlé à l'empreinte du rendu).

    La graine dépend du secret, du rendu et du nom du test : le même rendu a toujours
    les mêmes cas, un rendu changé en a d'autres. Les exemples explicites
    (``@public_example``) restent.
    """
    graded = [item for item in items if item.get_closest_marker("question")]
    for function in {item.obj for item in graded if hasattr(item.obj, "hypothesis")}:
        seed(secret.derive(value, f"hypothesis {function.__qualname__}"))(function)


class Grading:
    """L'état de la notation pendant une session pytest."""

    def __init__(self, pytest_config):
        option = pytest_config.getoption("--submission")
        self.explicit = option is not None
        self.path = Path(option) if option else ROOT / "tp_demineur"
        self.given = self.path  # tel que donné (``path`` peut devenir une archive extraite)
        self.json_path = pytest_config.getoption("--results-json")
        self.results_fd = pytest_config.getoption("--results-fd")
        self.results: dict[str, scoring.TestResult] = {}
        self.submission: Submission | None = None
        self.refused: str | None = None  # la notation arrêtée (GradingRefused) : pourquoi
        self.started = time.monotonic()
        self.reference = load_reference()
        if not grading_config.KIT:
            # Le secret et la référence sont dans ce processus : aucun processus du même
            # utilisateur ne lit sa mémoire, son environnement ni ses descripteurs.
            protect_judge()
        self.secret = class_secret(pytest_config)
        secret.use(self.secret)
        # Une archive ou un notebook : préparé comme un rendu d'une classe (remarques comprises).
        self.intake: Path | None = None
        self.intake_notes: list[str] = []
        try:
            if self.explicit and needs_preparation(self.path):
                self.intake = Path(tempfile.mkdtemp(prefix="demineur-rendu-"))
                self.path, self.intake_notes = prepared(self.path, self.intake)
            self.submission = Submission(
                self.path, reference=self.reference, sandbox_mode=sandbox_mode(pytest_config)
            )
        except SubmissionError as error:
            self.close()
            raise pytest.UsageError(f"soumission inutilisable : {error}") from None
        # Les cas viennent du secret et de ce que contient le rendu (sa copie privée).
        secret.use(self.secret, self.submission.copy.print)
        if not grading_config.KIT and not self.submission.isolation.isolated:
            # Avant que le moindre code de l'étudiant ne tourne, et une seule fois.
            sys.stderr.write(fit_lines(self.submission.isolation.sentence()) + "\n")
            sys.stderr.flush()
        if self.explicit:
            # Le rendu se charge dans son processus pendant que pytest lit les tests.
            self.submission.start_early()

    def close(self):
        if self.submission is not None:
            self.submission.close()
        if self.intake is not None:
            shutil.rmtree(self.intake, ignore_errors=True)


def needs_preparation(path: Path) -> bool:
    """Un fichier donné à ``--submission`` qui n'est pas un ``.py`` (une archive, un
    notebook…), ou un dossier sans code du TP (qui n'a qu'une archive, un notebook) : il
    est préparé comme un rendu d'une classe."""
    if path.is_file():
        return not is_python_file(path)
    if path.is_dir():
        try:
            locate(path)
        except SubmissionError:
            return True
    return False


def prepared(path: Path, workdir: Path) -> tuple[Path, list[str]]:
    """Une archive ou un notebook donné à ``--submission``, préparé dans ``workdir`` par le
    code qui prépare chaque rendu d'une classe (``classroom/entries.py`` : mêmes
    archives, mêmes limites, mêmes remarques) : le chemin à noter et les remarques. Lève
    :class:`SubmissionError` avec la raison d'un rendu « non noté ». Le kit, qui n'emporte
    pas ``classroom/``, note un fichier ``.py`` ou un dossier."""
    try:
        from classroom.entries import Entry, prepare
    except ImportError:
        raise SubmissionError(
            f"pas de code du TP dans {path.name} (le kit note un fichier .py ou un dossier "
            "qui en contient : décompressez une archive, enregistrez un notebook en .py)"
        ) from None
    entry = Entry(student=path.name, paths=[path], label="rendu")
    code = prepare(entry, workdir)
    if code is None:
        raise SubmissionError(entry.problem or "aucun code du TP trouvé")
    return code, [f"{remark}." for remark in entry.remarks]


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "question(fonction, ligne=None, nom=None): test noté d'une fonction du contrat, une "
        "ligne du barème (tests/grading/mark_scheme.py)",
    )
    config.addinivalue_line("markers", "projet: test du projet lui-même, non noté")
    config.addinivalue_line(
        "markers",
        "public(**cas): cas public d'un test noté, donné aussi dans le kit (grading/publics.py)",
    )
    if not hasattr(config, "workerinput"):
        config.grading = Grading(config)
        if config.grading.explicit and config.option.reportchars == "fE":
            # En notation, le tableau des points est le dernier mot : pas de résumé
            # « short test summary info » (en anglais) sous lui, sauf si -r est demandé.
            config.option.reportchars = "N"


# Les titres de pytest, en français, dans la sortie d'une notation (enseignant ou kit).
FRENCH_TITLES = {
    "test session starts": "notation",
    "FAILURES": "tests ratés",
    "ERRORS": "erreurs",
    "short test summary info": "résumé",
    "warnings summary": "avertissements",
}


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    """Une notation (``--submission``, ou le kit) parle français d'un bout à l'autre : ni
    l'en-tête de pytest (sauf -v), ni ses titres ni son bilan en anglais ; chaque test raté
    est titré par ce qu'il vérifie."""
    config = session.config
    grading = getattr(config, "grading", None)
    reporter = config.pluginmanager.getplugin("terminalreporter")
    if grading is None or reporter is None or not (grading.explicit or grading_config.KIT):
        return
    if config.option.verbose == 0:
        config.option.verbose = -1  # sans l'en-tête (plateforme, dossiers, greffons)
    write_sep = reporter.write_sep

    def french_sep(sep, title=None, *args, **kwargs):
        return write_sep(sep, FRENCH_TITLES.get(title, title), *args, **kwargs)

    reporter.write_sep = french_sep
    reporter.summary_stats = lambda: french_stats(reporter, grading)


def french_stats(reporter, grading: Grading) -> None:
    """Le bilan de la session, à la place de « 2 failed, 26 passed in 5.07s »."""
    counts = {key: len(reporter.stats.get(key, [])) for key in ("passed", "failed", "error")}
    seconds = f"{time.monotonic() - grading.started:.1f}".replace(".", ",")
    parts = [f"{counts['passed']} réussi(s)", f"{counts['failed']} raté(s)"]
    if counts["error"]:
        parts.append(f"{counts['error']} erreur(s)")
    reporter.write_sep("=", f"{', '.join(parts)} en {seconds} s")


def pytest_collection_finish(session):
    """Les longues notations des tests du projet (le corpus, le kit) partent en
    arrière-plan dès maintenant, si des tests collectés en ont besoin.

    Ce qui existe à cette heure (modules, tests, stratégies) vit jusqu'à la fin : le
    ramasse-miettes ne le parcourt plus (``gc.freeze``), et chaque exemple tiré coûte
    d'autant moins. (Sans ramasser d'abord : le peu de déchets de la collecte, gardé,
    coûte moins que de parcourir tout ce qui existe, 30 ms par notation.)
    """
    gc.freeze()
    # (Pas pour une session que des erreurs de collecte vont arrêter.)
    if (
        project_session(session)
        and not session.config.option.collectonly
        and not session.testsfailed
    ):
        project_helpers().start_background(session.items)


def project_helpers():
    """Le module d'aide des tests du projet (``project/corpus_grading.py``, absent du kit),
    importé sous le même nom que par les tests eux-mêmes."""
    if str(PROJECT) not in sys.path:
        sys.path.insert(0, str(PROJECT))
    import corpus_grading

    return corpus_grading


def project_session(session) -> bool:
    """Les tests du projet (ni une notation, ni le kit)."""
    grading = getattr(session.config, "grading", None)
    return not grading_config.KIT and grading is not None and not grading.explicit


def pytest_unconfigure(config):
    grading = getattr(config, "grading", None)
    if grading is not None:
        grading.close()


def pytest_ignore_collect(collection_path, config):
    """Pour noter un rendu, les tests du projet (``project/``) ne sont pas lus : seuls
    les tests notés (``graded/``) le sont.

    Le kit n'a que des tests notés (tests/test_publics.py) : il les lit tous.
    """
    grading = getattr(config, "grading", None)
    if grading is not None and grading.explicit and collection_path == PROJECT:
        return True
    return None


def question_function(item) -> str | None:
    """La fonction du TP que note un test (None : ce n'est pas un test noté)."""
    marker = item.get_closest_marker("question")
    return marker.args[0] if marker is not None else None


def chosen_functions(pytest_config) -> set[str] | None:
    """Les fonctions que ``--functions`` demande de noter (None : toutes), chacune vérifiée."""
    text = pytest_config.getoption("--functions")
    if text is None:
        return None
    names = {name.strip() for name in text.split(",") if name.strip()}
    unknown = sorted(names - set(mark_scheme.FUNCTIONS))
    if unknown or not names:
        known = ", ".join(mark_scheme.FUNCTIONS)
        shown = ", ".join(unknown) or "aucune"
        raise pytest.UsageError(f"--functions : {shown} n'est pas une fonction du TP ({known})")
    return names


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    grading = config.grading
    wanted = chosen_functions(config)
    if wanted is not None:
        # Les tests notés des seules fonctions demandées (chaque test noté dit la sienne).
        chosen = [item for item in items if question_function(item) in wanted]
        others = [item for item in items if question_function(item) not in wanted]
        if others:
            config.hook.pytest_deselected(items=others)
        items[:] = chosen
    if grading.explicit:
        kept = [item for item in items if item.get_closest_marker("question")]
        dropped = [item for item in items if not item.get_closest_marker("question")]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
        items[:] = kept
    for item in items:
        marker = item.get_closest_marker("question")
        if marker is None:
            continue
        function = marker.args[0]
        item.repr_failure = french_repr_failure(item.repr_failure, function)
        grading.results[item.nodeid] = scoring.TestResult(
            item.nodeid, scoring.test_name(item), function, scoring.test_line(item)
        )
    try:
        scoring.assign_points(list(grading.results.values()))
    except mark_scheme.UnknownLine as error:
        raise pytest.UsageError(error.args[0]) from None
    if grading.secret is not None:
        draw_from_secret(items, secret.key())
    if not grading_config.KIT:
        replay_failures_alone(items, grading)
    if project_session(session):
        project_helpers().waiting_last(items)


def shown_example() -> bool:
    """L'exemple en cours est-il de ceux qu'un échec montre (un exemple explicite, ou le
    plus petit contre-exemple rejoué à la fin par hypothesis) ? Hors de hypothesis : oui."""
    try:
        from hypothesis.control import current_build_context

        return current_build_context().is_final
    except Exception:  # pas d'exemple hypothesis en cours
        return True


def replayed_alone(test, submission_of, function: str):
    """Le test ``test`` dont l'échec montré est rejoué seul, dans un processus de travail
    neuf : ce que le code de l'étudiant y dit de lui-même (le message d'une exception, ce
    qu'il affiche, ce qu'il renvoie) ne peut parler que du contre-exemple montré, pas des
    autres cas qu'il a vus avant (une table qui garderait chaque entrée reçue pour la
    renvoyer dans un message). Si le cas rejoué seul réussit, l'échec est dit sans rien
    citer du code."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        if strategies.simplest_example():
            reject()  # le même pour tous les secrets : seuls les exemples tirés comptent
        try:
            return test(*args, **kwargs)
        except Echec as failure:
            if not shown_example():
                raise
            example = failure.example
        submission_of().restart()
        test(*args, **kwargs)  # son échec, s'il échoue encore, est celui qui est montré
        text = (
            f"{function} a échoué sur ce cas, mais pas quand il est rejoué seul, dans un "
            "processus neuf : votre code garde-t-il quelque chose d'un appel à l'autre "
            "(une variable globale, une liste remplie au fil des appels) ?"
        )
        raise Echec(text + (f"\n{example}" if example else ""), example)

    return run


def replay_failures_alone(items, grading: Grading) -> None:
    """Chaque test noté rejoue seul, dans un processus neuf, le contre-exemple qu'il montre
    (``replayed_alone``) : celui des tests à exemples tirés (hypothesis), et les autres."""
    done = set()
    for item in items:
        marker = item.get_closest_marker("question")
        if marker is None:
            continue
        function = marker.args[0]
        hypothesis_part = getattr(item.obj, "hypothesis", None)
        if hypothesis_part is not None:
            if id(item.obj) not in done:
                done.add(id(item.obj))
                hypothesis_part.inner_test = replayed_alone(
                    hypothesis_part.inner_test, lambda: grading.submission, function
                )
        else:
            item.obj = replayed_alone(item.obj, lambda: grading.submission, function)


@pytest.fixture(scope="session")
def sub(pytestconfig) -> Submission:
    """La soumission notée, chargée dans son processus de travail."""
    return pytestconfig.grading.submission


@pytest.fixture(autouse=True)
def _fresh_budget(request):
    if request.node.get_closest_marker("question"):
        request.config.grading.submission.begin_test()


def explain_failure(excinfo, function: str) -> str:
    """L'explication d'un test raté, en français, dans 80 colonnes."""
    return fit_lines(failure_text(excinfo, function))


def unsteady(error: BaseException, function: str) -> Echec | None:
    """L'échec d'un test que hypothesis a vu rater sur un cas, puis réussir sur le même
    cas rejoué (``Flaky``) : la réponse du code ne dépend pas que de ses arguments. Le
    message de l'échec d'origine n'est pas cité (il vient d'un processus de travail qui
    avait vu d'autres cas) ; l'exemple, écrit par le correcteur, l'est. None pour un autre
    échec."""
    if Flaky is None or not isinstance(error, Flaky):
        return None
    inner = [e for e in getattr(error, "exceptions", ()) if isinstance(e, Echec)]
    example = inner[0].example if inner else None
    text = (
        f"{function} a échoué sur ce cas, puis réussi quand le même cas a été rejoué : sa "
        "réponse ne dépend pas que de ses arguments. Votre code garde-t-il quelque chose "
        "d'un appel à l'autre (une variable globale, un cache indexé par id()) ?"
    )
    return Echec(text + (f"\n{example}" if example else ""), example)


def failure_text(excinfo, function: str) -> str:
    error = unsteady(excinfo.value, function) or excinfo.value
    if isinstance(error, Echec):
        return str(error)
    question = mark_scheme.BAREME[function][0]
    if isinstance(error, GraderAbort):
        text = f"Test interrompu ({question}, {function}) : {error.message}."
        if grading_config.KIT and error.call is not None:
            text += "\n" + describe_call(*error.call)
        return text
    return f"Erreur inattendue pendant le test ({question}) : {excinfo.typename} : {error}"


def french_repr_failure(original, function: str):
    """Un échec noté se décrit par son message en français, sans trace de la pile.

    C'est aussi plus rapide : hypothesis décrit chaque échec qu'il rencontre en
    cherchant des exemples plus petits, et une trace complète coûte cher.
    """

    def repr_failure(excinfo, *args, **kwargs):
        if isinstance(excinfo.value, (Echec, GraderAbort)) or unsteady(excinfo.value, function):
            return explain_failure(excinfo, function)
        return original(excinfo, *args, **kwargs)

    return repr_failure


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    result = item.config.grading.results.get(item.nodeid)
    if result is None:
        return
    if call.excinfo is not None and isinstance(call.excinfo.value, GradingRefused):
        item.config.grading.refused = str(call.excinfo.value)
        item.session.shouldstop = "notation arrêtée"
        return
    if report.when == "call" or (report.when == "setup" and report.failed):
        result.passed = report.passed
        if call.excinfo is not None and report.failed:
            result.output = printable(explain_failure(call.excinfo, result.function))
            if isinstance(call.excinfo.value, GraderAbort):
                result.stop = call.excinfo.value.cause
            failure = unsteady(call.excinfo.value, result.function) or call.excinfo.value
            if isinstance(failure, Echec) and failure.example:
                result.example = printable(failure.example)
            if isinstance(call.excinfo.value, NotWritten):
                result.unwritten = call.excinfo.value.function
            report.longrepr = result.output
    if item.config.grading.explicit or grading_config.KIT:
        # Le titre d'un test raté, dans la sortie : ce qu'il vérifie, en français.
        report.location = (*report.location[:2], result.name)


def load_summary(grading: Grading) -> str:
    """Ce que l'enseignant et l'étudiant doivent savoir de la notation, hors des tests."""
    submission = grading.submission
    info = submission.load_info if submission else None
    notes = []
    notes += grading.intake_notes
    if submission is not None:
        notes += submission.found_notes()
    described = describe_load(info, sorted({r.function for r in grading.results.values()}))
    if described:
        notes.append(described)
    if submission is not None and submission.incidents:
        notes += ["Incident : " + incident for incident in submission.incidents]
    return printable(fit_lines("\n".join(notes)))


KIT_WARNING = (
    "Points provisoires : le correcteur de l'enseignant vérifie les mêmes choses sur bien "
    "plus de cas."
)


def unwritten_lines(results: list[scoring.TestResult]) -> list[str]:
    """Une ligne par fonction pas encore écrite, dans l'ordre du barème, avec sa question."""
    needed_by: dict[str, set[str]] = {}
    for result in results:
        if result.unwritten:
            needed_by.setdefault(result.unwritten, set()).add(result.function)
    lines = []
    order = {name: index for index, name in enumerate(mark_scheme.FUNCTIONS)}
    for name in sorted(needed_by, key=lambda n: (order.get(n, len(order)), n)):
        question = mark_scheme.BAREME[name][0] if name in mark_scheme.BAREME else None
        text = f"{name} n'est pas encore écrite" + (f" (question {question})" if question else "")
        others = sorted(needed_by[name] - {name}, key=order.__getitem__)
        if others:
            text += f" ; {', '.join(others)} en {'ont' if len(others) > 1 else 'a'} besoin"
        lines.append(text + ".")
    return lines


def kit_feedback(terminalreporter, results: list[scoring.TestResult]) -> None:
    """Dans le kit : les fonctions à écrire, une ligne chacune, puis chaque cas raté expliqué.

    Le kit lance pytest avec ``--tb=no`` : c'est ici, et seulement ici, que les échecs
    sont décrits (une fonction pas encore écrite ne fait rater qu'une ligne).
    """
    for result in results:
        if result.passed is False and result.output and not result.unwritten:
            terminalreporter.write_sep("_", result.name)
            for line in result.output.splitlines():
                terminalreporter.write_line(line)
    lines = unwritten_lines(results)
    if lines:
        terminalreporter.write_sep("=", "à écrire")
        for line in lines:
            terminalreporter.write_line(line)
        terminalreporter.write_line(
            "Remplacez leur raise NotImplementedError par votre code, dans tp_demineur/tp.py."
        )


def isolation_lines(submission: Submission) -> list[str]:
    """Pour l'enseignant seulement (console, ``extra_data``) : comment le code a été isolé,
    et ce qui a manqué au processus de travail."""
    lines = [submission.isolation.sentence()]
    missing = (submission.lockdown or {}).get("missing")
    if type(missing) is str:
        lines.append(
            f"ATTENTION : {printable(missing[:200])} (le code a pu créer des processus et "
            "envoyer des signaux)."
        )
    return lines


def pytest_report_header(config):
    grading = getattr(config, "grading", None)
    if grading is None or grading.submission is None or grading_config.KIT:
        return None
    return isolation_lines(grading.submission)


def pytest_sessionfinish(session):
    if project_session(session):
        project_helpers().stop_background()
    grading = getattr(session.config, "grading", None)
    if grading is not None and grading.refused is not None:
        session.exitstatus = REFUSED_EXIT


# Le code de sortie d'une notation arrêtée (GradingRefused) : ni réussite, ni échec de
# tests, ni erreur d'utilisation de pytest.
REFUSED_EXIT = 3


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    grading = config.grading
    if grading.refused is not None:
        terminalreporter.write_sep("=", "notation arrêtée")
        terminalreporter.write_line(
            fit_lines(f"NOTATION ARRÊTÉE, aucune note donnée : {grading.refused}.")
        )
        if grading.results_fd is not None:
            scoring.send_results(grading.results_fd, {"refused": grading.refused})
        return
    results = list(grading.results.values())
    if not results or config.option.collectonly:  # rien n'a été lancé : pas de note
        return
    summary = load_summary(grading)
    title = printable(f"Notation de : {grading.given}")
    table = scoring.score_table(results, title)
    if grading_config.KIT:
        kit_feedback(terminalreporter, results)
    terminalreporter.write_sep("=", "note")
    if grading.submission is not None and not grading_config.KIT:
        for line in isolation_lines(grading.submission):
            terminalreporter.write_line(fit_lines(line))
    if not grading_config.KIT:
        terminalreporter.write_line(secret.sentence(grading.secret))
    if summary:
        terminalreporter.write_line(summary)
        terminalreporter.write_line("")
    for line in table.splitlines():
        terminalreporter.write_line(line)
    if grading_config.KIT:
        terminalreporter.write_line(fit_lines(KIT_WARNING))
    seconds = time.monotonic() - grading.started
    isolation = grading.submission.isolation.mode if grading.submission else "aucune"
    info = grading.submission.load_info if grading.submission else None
    cases = secret.facts(grading.secret)
    data = scoring.results_json(
        results, seconds, summary, isolation, scoring.loading_facts(info), cases
    )
    if grading.json_path:
        scoring.write_results_json(Path(grading.json_path), data)
        terminalreporter.write_line(f"\nRésultat écrit dans {grading.json_path}")
    if grading.results_fd is not None:
        scoring.send_results(grading.results_fd, data)
