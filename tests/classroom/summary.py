"""La synthèse de la classe (``synthese.md``) : elle compte des étudiants, jamais des tests.

Pour chaque test (chacun a son nom), combien d'étudiants notés l'ont raté et le
contre-exemple que le plus d'entre eux partagent avec la même réponse (même entrée, même
valeur renvoyée ou même affichage : ``shared_part``) ; pour chaque question, la
moyenne et la répartition des points ; la liste des rendus non notés.
"""

from __future__ import annotations

import collections
import math
import re
import statistics
from dataclasses import dataclass

from classroom.results import Outcome, points_by_function
from grading import mark_scheme, secret
from grading.safe_text import markdown_code, markdown_text
from grading.sandbox import GUARANTEES
from grading.scoring import facts, french_number

BAR = "█"
BAR_WIDTH = 30  # la plus longue barre d'un histogramme
NAMES_SHOWN = 12  # au-delà, la liste des étudiants qui partagent un contre-exemple est coupée
# Où l'exception est née (``checks.common.explain_error``), juste avant l'exemple.
LINE_OF_CODE = re.compile(r"\s*à la ligne \d+ de .*$")


def shared_part(test: dict) -> tuple[str, str]:
    """Ce que deux rendus qui ratent ce test partagent : le contre-exemple (l'entrée donnée
    à la fonction, champ ``extra_data.example``) et ce que le rendu en a fait (``answer``).

    Deux rendus ne comptent pour le même contre-exemple que s'ils ratent sur la même
    entrée avec la même réponse (même valeur renvoyée, même affichage, même exception) :
    deux fautes différentes sur un même petit exemple restent séparées.

    >>> test = {"output": "f doit renvoyer 1, elle a renvoyé 2.\\n  Exemple : f(0)",
    ...         "extra_data": {"example": "  Exemple : f(0)"}}
    >>> shared_part(test)
    ('  Exemple : f(0)', 'f doit renvoyer 1, elle a renvoyé 2. …')
    """
    example = (test.get("extra_data") or {}).get("example") or ""
    return example, answer(test["output"], example)


def answer(output: str, example: str) -> str:
    """L'explication d'un échec sans ce qui ne dit rien de la réponse : l'exemple (remplacé
    par « … »), la ligne du code en cause (son numéro diffère d'un rendu à l'autre pour la
    même faute) et la coupure des lignes à 80 colonnes (les blancs sont réduits).

    >>> answer("f a levé une exception : IndexError\\n  à la ligne 7 de tp.py : g[y]\\n"
    ...        "  Exemple : f(0)", "  Exemple : f(0)")
    'f a levé une exception : IndexError …'
    """
    text, shown = " ".join(output.split()), " ".join(example.split())
    if not shown or shown not in text:
        return LINE_OF_CODE.sub("", text)
    before, after = text.split(shown, 1)
    return f"{LINE_OF_CODE.sub('', before.rstrip())} … {after.lstrip()}".strip()


def histogram(rows: list[tuple[str, int]]) -> list[str]:
    """Un histogramme en texte : une ligne par classe, barre proportionnelle et effectif.

    >>> print("\\n".join(histogram([("0", 1), ("2 (tout)", 3)])))
      0         ██████████ 1
      2 (tout)  ██████████████████████████████ 3
    """
    largest = max((count for _, count in rows), default=0) or 1
    width = max(len(label) for label, _ in rows)
    return [
        f"  {label:<{width}}  {BAR * math.ceil(count * BAR_WIDTH / largest)}{' ' if count else ''}"
        f"{count}"
        for label, count in rows
    ]


def point_bins(points: list[float], total: float) -> list[tuple[str, int]]:
    """La répartition des points d'une question : rien, moins de la moitié, plus, tout.

    >>> point_bins([0.0, 0.5, 1.0, 2.0, 2.0], 2.0)
    [('0', 1), ('plus de 0, moins de 1', 1), ('de 1 à moins de 2', 1), ('2 (tout)', 2)]
    """

    def bin_of(value: float) -> int:
        if math.isclose(value, 0, abs_tol=1e-6):
            return 0
        if math.isclose(value, total, abs_tol=1e-6):
            return 3
        return 1 if value < total / 2 else 2

    counts = collections.Counter(bin_of(p) for p in points)
    half, full = french_number(total / 2, 0), french_number(total, 0)
    labels = ["0", f"plus de 0, moins de {half}", f"de {half} à moins de {full}", f"{full} (tout)"]
    return [(label, counts[index]) for index, label in enumerate(labels)]


def score_bins(scores: list[float]) -> list[tuple[str, int]]:
    """La répartition des notes sur 20, par tranches de 2 points (20 compte avec 18)."""
    rows = []
    for low in range(0, 20, 2):
        high = low + 2
        count = sum(1 for s in scores if low <= s < high or (high == 20 and s >= 20))
        rows.append((f"de {low} à {high}", count))
    return rows


def names(labels: list[str]) -> str:
    """Des noms d'étudiants, en code Markdown (un nom de fichier peut tout contenir)."""
    shown = ", ".join(markdown_code(label) for label in labels[:NAMES_SHOWN])
    return shown + (f", et {len(labels) - NAMES_SHOWN} autres" if len(labels) > NAMES_SHOWN else "")


def flat(text: str) -> str:
    """Un texte de plusieurs lignes, sur une seule (les lignes séparées par « / »)."""
    return " / ".join(line.strip() for line in text.splitlines() if line.strip())


def not_isolated(graded: list[Outcome]) -> list[str]:
    """Les rendus dont le code a tourné sans isolation (ou sans le dire)."""
    return [
        o.entry.label
        for o in graded
        if facts(o.result).get("isolation") not in set(GUARANTEES) - {"aucune"}
    ]


def isolation_line(graded: list[Outcome]) -> str:
    """Dit comment le code des étudiants a été isolé (champ ``isolation`` de chaque
    résultat : ``sandbox.GUARANTEES``)."""
    modes = [facts(o.result).get("isolation") for o in graded]
    exposed = not_isolated(graded)
    if exposed:
        return (
            f"ATTENTION : le code de {len(exposed)} rendu(s) a tourné SANS isolation, avec les "
            "droits de l'enseignant : " + ", ".join(map(markdown_code, exposed)) + "."
        )
    used = sorted(set(modes), key=list(GUARANTEES).index)
    return (
        "Isolation du code de chaque rendu noté : "
        + " ; ".join(GUARANTEES[mode] for mode in used)
        + "."
    )


def cases_line(graded: list[Outcome], class_secret: str | None, shown: bool = True) -> str:
    """D'où viennent les cas, et le secret qui permet de noter à nouveau à l'identique
    (``shown`` faux : sans l'écrire, pour une page qu'on imprime)."""
    if class_secret is None:
        return secret.sentence(None)
    expected = secret.fingerprint(class_secret)
    if any((facts(o.result).get("cases") or {}).get("fingerprint") != expected for o in graded):
        return "ATTENTION : les rendus n'ont pas tous été notés sur les cas du secret de la classe."
    drawn = "Cas tirés du secret de la classe, mêlé à l'empreinte de chaque rendu : le même "
    drawn += "fichier a toujours les mêmes cas. "
    if not shown:
        return drawn + (
            "Le secret n'est pas écrit ici : il est dans synthese.md et secret-des-cas.txt, "
            "et une nouvelle notation vers le même dossier le reprend."
        )
    return drawn + (
        f"Le secret : `{class_secret}`. Pour noter à nouveau à l'identique ailleurs : "
        f"`--secret {class_secret}` (avec les mêmes versions de Python, pytest et "
        "hypothesis). Gardez-le pour vous : qui le connaît peut calculer les cas."
    )


def headline(outcomes: list[Outcome]) -> str:
    """La première phrase de la synthèse : combien de rendus, de notés, et leurs notes."""
    scores = [o.score for o in outcomes if o.graded]
    head = (
        f"{len(outcomes)} rendu(s) : {len(scores)} noté(s), "
        f"{len(outcomes) - len(scores)} non noté(s)."
    )
    if scores:
        head += (
            f" Moyenne des rendus notés : {french_number(statistics.mean(scores))} / 20, "
            f"médiane : {french_number(statistics.median(scores))} / 20."
        )
    return head


NOTHING_LOADED = (
    "noté, mais aucune fonction du TP n'a été trouvée en chargeant son code (d'où sa note) : "
    "regardez ce qu'il a rendu"
)


def to_verify(outcome: Outcome) -> list[str]:
    """Ce que l'enseignant doit vérifier d'un rendu : ses remarques (doublons, notebook,
    dossiers mis de côté…), et un rendu noté où aucune fonction n'a été trouvée."""
    return [*([NOTHING_LOADED] if outcome.nothing_loaded else []), *outcome.entry.remarks]


def class_summary(outcomes: list[Outcome], class_secret: str | None = None) -> str:
    graded = [o for o in outcomes if o.graded]
    missing = [o for o in outcomes if not o.graded]
    scores = [o.score for o in graded]
    lines = ["# Synthèse de la classe", ""]
    head = headline(outcomes)
    lines += [head, "", isolation_line(graded), "", cases_line(graded, class_secret)]
    lines += ["", "## Rendus non notés", ""]
    lines += [
        f"- {markdown_code(o.entry.label)} ({markdown_code(o.entry.shown)}) : "
        f"{markdown_text(flat(o.reason))}."
        for o in missing
    ] or ["Tous les rendus ont été notés."]
    to_check = [(o, to_verify(o)) for o in outcomes]
    if any(reasons for _, reasons in to_check):
        lines += ["", "## À vérifier", ""]
        lines += [
            f"- {markdown_code(o.entry.label)} : {markdown_text('; '.join(reasons))}."
            for o, reasons in to_check
            if reasons
        ]
    if not graded:
        return "\n".join(lines) + "\n"
    lines += ["", "## Répartition des notes", "", "```", *histogram(score_bins(scores)), "```"]
    lines += questions_section(graded)
    lines += tests_section(graded)
    return "\n".join(lines) + "\n"


def questions_section(graded: list[Outcome]) -> list[str]:
    points = [points_by_function(o.result) for o in graded]
    lines = [
        "",
        "## Par question",
        "",
        f"Sur les {len(graded)} rendu(s) noté(s), dans l'ordre du sujet.",
        "",
        "| Question | Fonction | Points | Moyenne | Tous les points | Aucun point |",
        "|---|---|---|---|---|---|",
    ]
    blocks = []
    for function in mark_scheme.FUNCTIONS:
        question, total = mark_scheme.BAREME[function]
        earned = [p[function] for p in points]
        bins = point_bins(earned, total)
        lines.append(
            f"| {question} | {function} | {french_number(total, 0)} | "
            f"{french_number(statistics.mean(earned))} | {bins[-1][1]} | {bins[0][1]} |"
        )
        blocks += [
            "",
            f"{question} {function} (sur {french_number(total, 0)}), "
            f"moyenne {french_number(statistics.mean(earned))} :",
            *histogram(bins),
        ]
    return [
        *lines,
        "",
        "Répartition des points, en nombre d'étudiants :",
        "",
        "```",
        *blocks[1:],
        "```",
    ]


@dataclass
class Failure:
    """Un test noté raté par au moins un étudiant, et le contre-exemple le plus partagé."""

    function: str
    name: str
    students: list[str]  # ceux qui l'ont raté
    out_of: int  # les étudiants notés sur ce test
    example: str  # le contre-exemple que le plus d'entre eux partagent, avec la même réponse
    sharing: list[str]  # ceux qui le partagent
    explanation: str  # l'explication donnée au premier d'entre eux : l'entrée et sa réponse

    @property
    def question(self) -> str:
        return mark_scheme.BAREME[self.function][0]

    @property
    def rate(self) -> float:
        return len(self.students) / self.out_of


SUJET_ORDER = {function: index for index, function in enumerate(mark_scheme.FUNCTIONS)}


def test_outcomes(graded: list[Outcome]) -> dict[tuple[str, str], tuple[set[str], dict[str, dict]]]:
    """Pour chaque test noté, (fonction, nom) dans l'ordre du sujet : les étudiants notés
    sur ce test, et ceux qui l'ont raté avec leur test raté (son ``output``, son
    ``extra_data``)."""
    tally: dict[tuple[str, str], tuple[set[str], dict[str, dict]]] = {}
    for outcome in graded:
        for test in outcome.result["tests"]:
            ran, failed = tally.setdefault((test["tags"][0], test["name"]), (set(), {}))
            ran.add(outcome.entry.label)
            if test["status"] != "passed":
                failed[outcome.entry.label] = test
    # Un tri stable : dans une fonction, les tests gardent l'ordre de leur exécution.
    return dict(sorted(tally.items(), key=lambda item: SUJET_ORDER.get(item[0][0], 99)))


def most_shared(failed: dict[str, dict]) -> tuple[str, list[str], str]:
    """Parmi les rendus qui ont raté un test (nom → test raté), le contre-exemple que le plus
    d'entre eux partagent avec la même réponse (``shared_part``), ceux qui le partagent et
    l'explication donnée au premier d'entre eux, par ordre alphabétique."""
    groups: dict[tuple[str, str], list[str]] = collections.defaultdict(list)
    for label, test in failed.items():
        groups[shared_part(test)].append(label)
    (example, _), sharing = max(groups.items(), key=lambda item: len(item[1]))
    sharing = sorted(sharing)
    return example, sharing, failed[sharing[0]]["output"]


def failures(graded: list[Outcome]) -> tuple[list[Failure], int]:
    """Les tests ratés, du plus raté au moins raté (puis dans l'ordre du sujet), et le
    nombre de tests réussis par tous."""
    tally = test_outcomes(graded)
    ran = {key: students for key, (students, _) in tally.items()}
    failed = {key: students for key, (_, students) in tally.items() if students}
    ranked = sorted(
        failed, key=lambda key: (-len(failed[key]), SUJET_ORDER.get(key[0], 99), key[1])
    )
    found = []
    for function, name in ranked:
        students = failed[(function, name)]
        example, sharing, explanation = most_shared(students)
        found.append(
            Failure(
                function,
                name,
                sorted(students),
                len(ran[(function, name)]),
                example,
                sharing,
                explanation,
            )
        )
    return found, len(ran) - len(ranked)


def tests_section(graded: list[Outcome]) -> list[str]:
    """Chaque test raté : par combien d'étudiants, et le contre-exemple le plus partagé
    (la même entrée, la même réponse), avec son explication."""
    found, passed_by_all = failures(graded)
    lines = ["", "## Tests ratés", ""]
    if not found:
        return [*lines, "Aucun test raté : tous les rendus notés ont tous les points."]
    lines.append(f"Du plus raté au moins raté ; {passed_by_all} test(s) réussi(s) par tous.")
    for failure in found:
        lines += [
            "",
            f"### {failure.question} {failure.function} : {failure.name}",
            "",
            f"Raté par {len(failure.students)} étudiant(s) sur {failure.out_of} noté(s) "
            f"({100 * failure.rate:.0f} %) : {names(failure.students)}.",
            "",
            f"Contre-exemple le plus partagé, avec la même réponse ({len(failure.sharing)} "
            f"étudiant(s) sur {len(failure.students)} : {names(failure.sharing)}) ; "
            f"l'explication donnée à {markdown_code(failure.sharing[0])} :",
            "",
            *code_block(failure.explanation),
        ]
    return lines


def code_block(text: str) -> list[str]:
    """Un bloc de code Markdown que le texte (venu d'un rendu) ne peut pas refermer.

    La clôture a plus d'accents graves que la plus longue suite du texte.

    >>> code_block("a ``` b")
    ['````', 'a ``` b', '````']
    """
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence, text, fence]
