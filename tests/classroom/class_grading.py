"""La notation d'une classe : ce que fait ``python tests/tools/grade_class.py`` (voir sa
documentation pour ce que l'enseignant en obtient).

Chaque rendu du dossier (ou de l'archive de Moodle) est préparé, noté par
``runner.grade_one`` (plusieurs à la fois, partis du lanceur pré-chargé), comparé aux
autres pendant la notation (``similarity``), puis les résultats sont écrits à part et mis
en place d'un coup : notes, retours, synthèse, page, feuille et retours de Moodle.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path, PurePosixPath

from classroom import adjustments, moodle, regrade, similarity, strict
from classroom.archives import CLASS_LIMITS, Extracted, UnsafeArchive, extract, is_archive
from classroom.entries import Entry, is_leftover, list_class, prepare, unexpected
from classroom.feedback import feedback
from classroom.grade_sheet import write_notes
from classroom.report import class_report
from classroom.results import Outcome, in_bareme_order
from classroom.runner import SANDBOX_OPTIONS, Launcher, grade_one, not_graded
from classroom.spreadsheet import spreadsheet_cell
from classroom.summary import NOTHING_LOADED, class_summary
from grading import sandbox, scoring, secret
from grading.safe_text import one_line
from grading.scoring import facts, french_number

# Ce qu'une notation écrit dans le dossier de sortie (et qu'une autre remplace).
# Le secret des cas de la notation en place, pour qu'une nouvelle notation du même dossier
# tire les mêmes cas (lisible du seul enseignant).
SECRET_FILE = "secret-des-cas.txt"
OUTPUTS = [
    SECRET_FILE,
    "notes.csv",
    "notes_moodle.csv",
    "retours_moodle.zip",
    "synthese.md",
    "rapport.html",
    "similarite.csv",
    "retours",
    "json",
]


def output_problem(out: Path, rendus: Path) -> str | None:
    """Pourquoi le dossier de sortie ne convient pas (None s'il convient)."""
    out, rendus = out.resolve(), rendus.resolve()
    if out.exists() and not out.is_dir():
        return f"{out} existe et n'est pas un dossier : choisissez-en un autre avec --sortie"
    if rendus.is_dir() and (out == rendus or rendus in out.parents):
        return (
            f"le dossier de sortie {out} est dans le dossier des rendus : choisissez-en un "
            "autre avec --sortie"
        )
    return None


NOT_KEPT = "notation-non-retenue"  # une nouvelle notation que l'enseignant n'a pas confirmée
NOT_REPLACED = 3  # le code de sortie quand rien n'a été remplacé


def replace_previous(stage: Path, out: Path, outcomes: list[Outcome], confirmed: bool) -> bool:
    """Les nouveaux résultats (dans ``stage``) remplacent-ils ceux de ``out`` ?

    Sans résultats précédents, oui. Sinon, les différences (``classroom/regrade.py``) sont
    écrites sur la console et dans ``differences.txt``, puis : oui avec ``--remplacer``,
    sinon la question est posée ; sans terminal pour y répondre, non (rien n'attend une
    réponse qui ne viendra pas).
    """
    if not any((out / name).exists() for name in OUTPUTS):
        return True
    labels = {
        (spreadsheet_cell(o.entry.student), spreadsheet_cell(o.entry.shown)): o.entry.label
        for o in outcomes
    }
    lines = regrade.differences(out, stage, labels)
    write_text(out / regrade.FILE_NAME, "\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"(Différences écrites dans {out / regrade.FILE_NAME}.)")
    if confirmed:
        return True
    if not sys.stdin.isatty():
        print("Pas de terminal pour confirmer le remplacement des résultats précédents.")
        return False
    try:
        answer = input("Remplacer les résultats précédents par ceux-ci ? [o/N] ")
    except (EOFError, KeyboardInterrupt):
        print()
        return False
    return answer.strip().casefold() in ("o", "oui")


def put_in_place(stage: Path, out: Path) -> None:
    """Met les résultats écrits dans ``stage`` à leur place dans ``out``.

    Les résultats précédents ne sont mis de côté qu'à ce moment, une fois les nouveaux
    écrits, et effacés une fois les nouveaux en place : une notation interrompue ou un
    disque plein ne les fait jamais perdre. Si un déplacement échoue, les deux
    versions restent dans ``out`` (:class:`OSError` dit où).
    """
    aside = Path(tempfile.mkdtemp(prefix=".notation-precedente-", dir=out))
    for name in OUTPUTS:
        if (out / name).exists() or (out / name).is_symlink():
            (out / name).rename(aside / name)
    for name in OUTPUTS:
        if (stage / name).exists():
            (stage / name).rename(out / name)
    shutil.rmtree(aside)
    shutil.rmtree(stage)


def class_folder(rendus: Path, workdir: Path) -> tuple[Path, dict[str, str], dict[str, list[str]]]:
    """Le dossier des rendus, les rendus touchés par une entrée refusée de l'archive (nom
    du rendu dans ce dossier → raison), et les remarques des rendus dont l'archive avait
    des dossiers mis de côté ou des entrées non extraites (nom → remarques).

    L'archive de toute la classe est d'abord extraite ; une entrée refusée pour
    elle-même (une « bombe », un chemin qui sort de l'archive) n'est pas extraite et ne
    coûte que son rendu. Une archive qui ne contient qu'un dossier (le dossier des rendus,
    zippé) : c'est lui.
    """
    if rendus.is_dir():
        return rendus, {}, {}
    refused: dict[str, str] = {}
    extracted = extract(rendus, workdir / "classe", CLASS_LIMITS, refused)
    folder = extracted.folder
    paths = [PurePosixPath(name).parts for name in refused]
    aside = [
        (PurePosixPath(root).parts, kind, count)
        for root, (kind, count) in extracted.set_aside.folders.items()
    ]
    skipped = [(PurePosixPath(path).parts, kind) for path, kind in extracted.skipped]
    contents = [p for p in folder.iterdir() if not is_leftover(p, p.is_dir())]
    if (
        len(contents) == 1
        and contents[0].is_dir()
        and not moodle.parse(contents[0].name, True)
        and all(len(parts) > 1 and parts[0] == contents[0].name for parts in paths)
    ):
        top = contents[0].name
        folder, paths = contents[0], [parts[1:] for parts in paths]
        aside = [(parts[1:], *rest) for parts, *rest in aside if parts[0] == top]
        skipped = [(parts[1:], kind) for parts, kind in skipped if parts[0] == top]
    touched: dict[str, str] = {}
    for parts, reason in zip(paths, refused.values()):
        touched.setdefault(parts[0] + ("/" if len(parts) > 1 else ""), reason)
    # Ce qui est dit de chaque rendu ; rien de ce qui est au niveau de la classe elle-même.
    by_entry: dict[str, Extracted] = {}
    for parts, kind, count in aside:
        if len(parts) > 1:
            report = by_entry.setdefault(parts[0], Extracted(folder))
            report.set_aside.add(PurePosixPath(*parts), kind, count)
    for parts, kind in skipped:
        if len(parts) > 1:
            by_entry.setdefault(parts[0], Extracted(folder)).skipped.append(
                (str(PurePosixPath(*parts)), kind)
            )
    return folder, touched, {name: report.notes() for name, report in by_entry.items()}


def grade_all(
    entries: list[Entry], workdir: Path, out: Path, jobs: int
) -> tuple[list[Outcome], list[similarity.Pair] | None, dict[str, str]]:
    """Prépare et note chaque rendu, ``jobs`` à la fois ; écrit sur la console le résultat
    de chacun dès qu'il est connu, avec ``N/M`` et le temps qu'il reste ; renvoie les
    résultats dans l'ordre des rendus, les paires de rendus notés qui se ressemblent
    (comparées pendant la notation ; None sans copydetect), et les rendus notés qui n'ont
    pas été comparés, ou pas en entier (nom → remarque)."""
    # Le lanceur pré-chargé fait ses imports pendant que les rendus sont préparés.
    launcher = Launcher() if entries else None
    try:
        return grade_prepared(entries, workdir, out, jobs, launcher)
    finally:
        if launcher is not None:
            launcher.close()


def grade_prepared(
    entries: list[Entry], workdir: Path, out: Path, jobs: int, launcher: Launcher | None
) -> tuple[list[Outcome], list[similarity.Pair] | None, dict[str, str]]:
    """``grade_all``, le lanceur déjà lancé."""
    paths = {entry.label: prepare(entry, workdir) for entry in entries}
    codes = {label: compared_code(path) for label, path in paths.items() if path is not None}
    comparison = similarity.Comparison(codes, similarity.kit_skeleton())
    column = min(40, max(len(entry.label) for entry in entries))
    total = len(entries)
    gradable = sum(1 for path in paths.values() if path is not None)
    print(f"{total} rendu(s) : {gradable} à noter, {jobs} à la fois…")
    outcomes: dict[str, Outcome] = {}

    def show(entry: Entry, result: dict | None, left: str = "") -> None:
        outcome = outcomes[entry.label] = Outcome(entry, result)
        count = f"{len(outcomes)}/{total}"
        print(
            f"  {count:>{2 * len(str(total)) + 1}}  {entry.label:<{column}}  "
            f"{console_line(outcome)}{left}"
        )
        for line in facts(result or {}).get("journal", []):
            print(f"  {'':<{column}}      | {one_line(line)}")

    for entry in entries:
        if paths[entry.label] is None:
            show(entry, None)
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {
            pool.submit(grade_one, entry.label, paths[entry.label], out, launcher): entry
            for entry in entries
            if paths[entry.label] is not None
        }
        try:
            for done, future in enumerate(as_completed(futures), start=1):
                remaining = gradable - done
                seconds = (time.monotonic() - start) / done * remaining
                left = f"   (reste environ {seconds:.0f} s)" if remaining else ""
                show(futures[future], graded_result(future), left)
        except KeyboardInterrupt:  # Ctrl-C : les notations pas encore commencées sont annulées
            for future in futures:
                future.cancel()
            raise
    for label, outcome in outcomes.items():
        if outcome.graded:
            outcome.code = codes[label].text
    graded = {label for label, o in outcomes.items() if o.graded}
    ordered = [outcomes[entry.label] for entry in entries]
    return ordered, comparison.among(graded), comparison.notes(graded)


def compared_code(path: Path) -> similarity.Code:
    """Le code d'un rendu pour la comparaison ; une erreur inattendue ne coûte que sa
    comparaison (il est noté quand même, et la page le dit)."""
    try:
        return similarity.submission_code(path)
    except Exception as error:
        return similarity.Code(None, f"code illisible ({unexpected(error)})")


def graded_result(future) -> dict:
    """Le résultat d'une notation ; une erreur inattendue du correcteur ne coûte que ce rendu,
    « non noté » avec sa raison."""
    try:
        return in_bareme_order(future.result())
    except Exception as error:
        return not_graded(f"la notation de ce rendu a échoué ({unexpected(error)})")


def console_line(outcome: Outcome) -> str:
    """Ce que la console dit d'un rendu, sur une seule ligne : sa note (et la première
    remarque), ou pourquoi il n'est pas noté."""
    if not outcome.graded:
        return shortened(one_line(outcome.status), 110)
    note = f"  ({shortened(one_line(outcome.notes[0]), 70)})" if outcome.notes else ""
    return f"{french_number(outcome.score):>6} / 20{note}"


def show_adjustments(lines: list[adjustments.Line], outcomes: list[Outcome], path: Path) -> None:
    """Ajoute les ajustements de l'enseignant aux rendus ; la console dit combien, et
    chaque ligne laissée de côté avec sa raison."""
    if not lines:
        return
    ignored = adjustments.merge(lines, outcomes)
    print(f"Ajustements de {path} : {len(lines) - len(ignored)} ligne(s) ajoutée(s) aux notes.")
    for reason in ignored:
        print(f"  ATTENTION : laissée de côté, {reason}.")


def show_strict(outcomes: list[Outcome], mode: str | None) -> None:
    """Applique le mode strict (``classroom/strict.py``) et dit sur la console qui il touche."""
    if not strict.apply(outcomes, mode):
        return
    print(f"Mode strict ({mode}) : {strict.PREFIX} :")
    for outcome in outcomes:
        if outcome.strict:
            grade = french_number(outcome.score)
            print(f"  {outcome.entry.label}  {grade} / 20 : {one_line(outcome.strict)}")


def shortened(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def feedback_text(outcome: Outcome) -> str:
    """Le retour d'un rendu ; s'il ne peut pas être écrit, une phrase qui le dit (les autres
    retours et les notes sont écrits quand même)."""
    try:
        return feedback(outcome)
    except Exception as error:
        return f"Le retour de ce rendu n'a pas pu être écrit ({unexpected(error)}).\n"


def write_outputs(
    out: Path,
    outcomes: list[Outcome],
    moodle_out_of: int,
    pairs: list[similarity.Pair] | None,
    class_secret: str | None = None,
    uncompared: dict[str, str] | None = None,
) -> tuple[list[Path], list[str]]:
    """Écrit notes, retours, synthèse et feuille Moodle dans ``out`` ; ``pairs`` : les
    rendus qui se ressemblent (``grade_all`` ; None sans copydetect).

    Renvoie les fichiers principaux écrits et les écritures ratées (chacune : le
    fichier et la raison) : un fichier qui ne peut pas être écrit ne coûte que lui.
    """
    failures: list[str] = []

    def attempt(path: Path, write, *args) -> bool:
        try:
            write(path, *args)
            return True
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            failures.append(f"{path.relative_to(out)} : {reason}")
            return False

    (out / "retours").mkdir(parents=True, exist_ok=True)
    (out / "json").mkdir(parents=True, exist_ok=True)
    if class_secret is not None:
        attempt(out / SECRET_FILE, write_secret, class_secret)
    texts = {outcome.entry.label: feedback_text(outcome) for outcome in outcomes}
    for outcome in outcomes:
        label = outcome.entry.label
        attempt(out / "retours" / f"{label}.txt", write_text, texts[label])
        if outcome.graded:
            attempt(out / "json" / f"{label}.json", write_text, scoring.json_text(outcome.result))
    report = class_report(outcomes, class_secret, pairs, uncompared)
    written = [
        path
        for path, write, content in (
            (out / "notes.csv", write_notes, outcomes),
            (out / "synthese.md", write_text, class_summary(outcomes, class_secret)),
            (out / "rapport.html", write_text, report),
        )
        if attempt(path, write, content)
    ]
    similar = out / "similarite.csv"
    if pairs is not None and attempt(similar, similarity.write_csv, pairs, uncompared):
        written.append(similar)
    grades = [(o.entry.moodle, o.score) for o in outcomes if o.graded and o.entry.moodle]
    worksheet = out / "notes_moodle.csv"
    if grades and attempt(worksheet, moodle.write_worksheet, grades, moodle_out_of):
        written.append(worksheet)
    # Les retours de tous les étudiants de l'export, notés ou non.
    feedbacks = [(o.entry.moodle, texts[o.entry.label]) for o in outcomes if o.entry.moodle]
    archive = out / "retours_moodle.zip"
    if feedbacks and attempt(archive, moodle.write_feedback_zip, feedbacks):
        written.append(archive)
    return written, failures


def run(arguments) -> int:
    """Note la classe que décrivent les options de ``grade_class.py`` ; renvoie le code de
    sortie (0, 1 si des résultats n'ont pas pu être écrits, 2 si rien n'a été noté, 3 si
    une nouvelle notation n'a pas été retenue, 130 après un Ctrl-C)."""
    rendus, out = arguments.rendus, arguments.sortie
    if not (rendus.is_dir() or is_archive(rendus)):
        print(f"{rendus} n'est ni un dossier ni une archive.", file=sys.stderr)
        return 2
    problem = output_problem(out, rendus)
    if problem:
        print(f"Rien n'a été noté : {problem}.", file=sys.stderr)
        return 2
    try:
        class_secret, origin = class_cases_secret(
            arguments.secret, out, getattr(arguments, "nouveau_secret", False)
        )
        manual = manual_adjustments(arguments)
    except (ValueError, OSError) as error:
        print(f"Rien n'a été noté : {error}.", file=sys.stderr)
        return 2
    SANDBOX_OPTIONS[:] = [
        option
        for option, chosen in (
            ("--require-sandbox", arguments.require_sandbox),
            ("--no-sandbox", arguments.no_sandbox),
        )
        if chosen
    ]
    # L'isolation, essayée une fois pour toute la classe plutôt qu'une fois par rendu, et
    # dite avant que le code du premier étudiant ne tourne.
    if arguments.no_sandbox:
        print("ATTENTION : --no-sandbox : le code des étudiants va tourner avec vos droits.")
    else:
        isolation = sandbox.probe()
        if arguments.require_sandbox and not isolation.isolated:
            print(
                f"Rien n'a été noté : --require-sandbox, et aucune isolation n'est possible "
                f"ici ({isolation.reason}).",
                file=sys.stderr,
            )
            return 2
        print(isolation.sentence())
        os.environ[sandbox.PROBED] = isolation.encode()
    sandbox.protect_judge()  # le secret de la classe est dans l'environnement de ce processus
    print(
        f"Secret des cas de cette classe : {class_secret} ({origin} ; pour noter à nouveau "
        f"à l'identique ailleurs : --secret {class_secret})."
    )
    try:
        return grade_class(rendus, out, arguments, class_secret, manual)
    except KeyboardInterrupt:
        print("\nNotation interrompue : les résultats sont incomplets.", file=sys.stderr)
        return 130
    except OSError as error:
        print(f"Notation arrêtée : {error.filename} : {error.strerror}.", file=sys.stderr)
        return 1


def class_cases_secret(given: str | None, out: Path, new: bool = False) -> tuple[str, str]:
    """Le secret de la classe et d'où il vient : donné (option, puis variable), sinon
    celui de la notation déjà dans ``out`` (``SECRET_FILE`` : une nouvelle notation du même
    dossier tire les mêmes cas), sinon, ou avec ``new``, tiré au hasard.

    Il est mis dans l'environnement : chaque notation (``grade_one``) le reçoit de là,
    sans qu'il paraisse sur une ligne de commande.
    """
    text = given or os.environ.get(secret.ENVIRONMENT)
    origin = "donné"
    kept = out / SECRET_FILE
    if not text and not new and kept.is_file():
        text = kept.read_text(encoding="utf-8").strip()
        origin = f"celui de la notation précédente, lu dans {kept}"
    if text:
        value = secret.check(text)
    else:
        value = secret.draw()
        origin = "tiré au hasard"
    os.environ[secret.ENVIRONMENT] = value
    return value, origin


def write_secret(path: Path, value: str) -> None:
    """Écrit le secret des cas, lisible du seul enseignant."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(value + "\n")


def adjustments_file(arguments) -> Path:
    return arguments.ajustements or arguments.sortie / adjustments.FILE_NAME


def manual_adjustments(arguments) -> list[adjustments.Line]:
    """Les lignes du fichier des ajustements (aucune s'il n'existe pas encore) ; lu avant
    de noter : une faute de frappe arrête tout de suite, avec sa ligne."""
    path = adjustments_file(arguments)
    if not path.exists():
        if arguments.ajustements:
            raise FileNotFoundError(f"{path} n'existe pas")
        return []
    try:
        return adjustments.read_lines(path)
    except adjustments.AdjustmentsError as error:
        raise ValueError(f"{path} : {error}") from None


def grade_class(
    rendus: Path, out: Path, arguments, class_secret: str, manual: list[adjustments.Line]
) -> int:
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="noter-classe-") as work:
        workdir = Path(work)
        try:
            listing = list_class(*class_folder(rendus, workdir))
        except UnsafeArchive as error:
            print(f"Rien n'a été noté : archive de la classe refusée : {error}.", file=sys.stderr)
            return 2
        except Exception as error:  # l'archive de toute la classe : rien à noter sans elle
            print(
                f"Rien n'a été noté : l'archive de la classe n'a pas pu être lue "
                f"({unexpected(error)}).",
                file=sys.stderr,
            )
            return 2
        if not listing.entries:
            print(f"Aucun rendu dans {rendus}.", file=sys.stderr)
            return 2
        out.mkdir(parents=True, exist_ok=True)
        # Les nouveaux résultats s'écrivent à part ; les précédents restent en place
        # jusqu'à ce qu'ils soient tous écrits.
        stage = Path(tempfile.mkdtemp(prefix=".notation-en-cours-", dir=out))
        try:
            outcomes, pairs, uncompared = grade_all(
                listing.entries, workdir / "rendus", out, arguments.jobs
            )
            show_strict(outcomes, arguments.strict)
            show_adjustments(manual, outcomes, adjustments_file(arguments))
            written, failures = write_outputs(
                stage, outcomes, arguments.moodle_sur, pairs, class_secret, uncompared
            )
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)
            raise
    if not replace_previous(stage, out, outcomes, arguments.remplacer):
        aside = out / NOT_KEPT
        replaced = aside.exists()
        shutil.rmtree(aside, ignore_errors=True)
        stage.rename(aside)
        print(
            f"Rien n'a été remplacé : cette notation est dans {aside}/"
            + (" (à la place de la notation non retenue d'avant)" if replaced else "")
            + f". Pour la mettre en place, relancez avec --remplacer --secret {class_secret}."
        )
        return NOT_REPLACED
    try:
        put_in_place(stage, out)
    except OSError as error:
        print(
            f"Les résultats n'ont pas pu être mis en place ({error.strerror}) : les nouveaux "
            f"sont dans {stage}, les précédents dans {out}/.notation-precedente-*.",
            file=sys.stderr,
        )
        return 1
    written = [out / path.relative_to(stage) for path in written]
    template = adjustments_file(arguments)
    if not template.exists():
        try:
            adjustments.write_template(template, outcomes)
            print(f"Modèle des ajustements écrit : {template} (à remplir, puis noter à nouveau).")
        except OSError as error:
            print(f"Le modèle {template} n'a pas pu être écrit : {error.strerror}.")
    if listing.ignored:
        print("Mis de côté (fichiers système) : " + ", ".join(p.name for p in listing.ignored))
    for label, note in uncompared.items():
        print(f"Ressemblance, {one_line(label)} : {shortened(one_line(note), 150)}.")
    for remark in dict.fromkeys(r for outcome in outcomes for r in outcome.entry.remarks):
        print(f"Attention : {remark}.")
    for outcome in outcomes:
        if outcome.nothing_loaded:
            print(f"Attention : {outcome.entry.label} : {NOTHING_LOADED}.")
    exposed = [o for o in outcomes if o.graded and facts(o.result).get("isolation") == "aucune"]
    if exposed:
        print(
            f"ATTENTION : {len(exposed)} rendu(s) noté(s) SANS isolation : leur code a tourné "
            "avec vos droits."
        )
    missing = [o for o in outcomes if not o.graded]
    print(
        f"Terminé en {time.monotonic() - start:.0f} s : {len(outcomes) - len(missing)} rendu(s) "
        f"noté(s), {len(missing)} non noté(s)."
    )
    print("Résultats : " + ", ".join(str(path) for path in written) + f", {out / 'retours'}/")
    if any(path.name == "notes_moodle.csv" for path in written):
        print(
            f"notes_moodle.csv donne les notes sur {arguments.moodle_sur} : la note maximale "
            "du devoir dans Moodle doit être la même (sinon, --moodle-sur)."
        )
    if failures:
        print(f"ATTENTION : {len(failures)} fichier(s) de résultats n'ont pas pu être écrits :")
        for failure in failures:
            print(f"  {one_line(failure)}")
        return 1
    return 0
