"""La page de la classe (``rapport.html``) : la synthèse à regarder, d'un seul fichier.

Les mêmes faits que ``synthese.md`` (``classroom/summary.py``), avec un sommaire, dans
l'ordre où un enseignant les cherche : une ligne par étudiant (sa note, les lignes du
barème qu'il a perdues, un lien vers son retour), les rendus non notés et pourquoi, puis
la répartition des notes, chaque question (moyenne et répartition des points), le taux
d'échec de chaque ligne du barème dans l'ordre du sujet, les contre-exemples que le plus
d'étudiants partagent et les rendus qui se ressemblent. Les graphiques sont du SVG écrit
ici. Le secret des cas n'y est pas (la page s'imprime) : il est dans ``synthese.md``.

Les rendus qui se ressemblent sont montrés côte à côte, passages partagés surlignés et
lignes données par le kit repliées (``<details>`` fermé, à l'écran comme à
l'impression) : chaque moitié s'ouvre sur ce que les deux rendus partagent.

La page se suffit à elle-même (ouverte depuis une clé USB, imprimée) : ni script,
ni police, ni image venus d'ailleurs, et sa politique de sécurité (en-tête
``Content-Security-Policy``) interdit au navigateur d'en charger ou d'en exécuter.
Tout ce qui vient d'un rendu (noms de fichiers, messages, affichages) est échappé.
"""

from __future__ import annotations

import html
import statistics
from urllib.parse import quote

from classroom import similarity
from classroom.results import Outcome, adjustment_text, lost_lines, points_by_function
from classroom.summary import (
    cases_line,
    failures,
    headline,
    isolation_line,
    not_isolated,
    point_bins,
    score_bins,
    test_outcomes,
)
from grading import mark_scheme
from grading.scoring import french_number

# Rien d'extérieur : seuls le style de la page et des images écrites dans la page.
POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
SHOWN_FAILURES = 8  # les contre-exemples dessinés : ceux des tests les plus ratés
SHOWN_PAIRS = 5  # les paires de rendus semblables montrées côte à côte
KIT_FOLDED = 3  # côte à côte, une suite d'au moins 3 lignes du kit est repliée
LISTED_PAIRS = 50  # les paires de rendus semblables listées (toutes : similarite.csv)

STYLE = """
body { font-family: sans-serif; max-width: 62rem; margin: 1.5rem auto; padding: 0 1rem;
       color: #1a1a1a; line-height: 1.4; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem;
     border-bottom: 1px solid #ccc; } h3 { font-size: 1rem; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border: 1px solid #ccc; padding: .2rem .5rem; text-align: left; vertical-align: top; }
td.nombre { text-align: right; font-variant-numeric: tabular-nums; }
pre { background: #f5f5f5; padding: .5rem; overflow-x: auto; font-size: .85rem;
      line-height: 1.15; }
.attention { color: #a00000; font-weight: bold; }
.cote { display: grid; grid-template-columns: 1fr 1fr; gap: .5rem; }
.volet { max-height: 30rem; overflow: auto; background: #f5f5f5; min-width: 0; }
.volet pre { margin: 0; padding: .1rem .5rem; overflow: visible; font-size: .75rem; }
.volet p { margin: 0; padding: .3rem .5rem; font-size: .8rem; }
details.kit summary { color: #555; font-size: .75rem; padding: .1rem .5rem; }
mark { background: #ffe08a; }
svg text { font-family: sans-serif; font-size: 11px; }
@media print { a { color: inherit; text-decoration: none; } pre { white-space: pre-wrap; }
               h2, h3 { break-after: avoid; } section { break-inside: avoid; }
               .volet { max-height: none; overflow: visible; }
               details.kit > :not(summary) { display: none; }
               mark { print-color-adjust: exact; -webkit-print-color-adjust: exact;
                      text-decoration: underline; } }
"""


def escape(text: object) -> str:
    return html.escape(str(text), quote=True)


def bars(rows: list[tuple[str, int]], title: str, width: int = 560) -> str:
    """Un histogramme horizontal en SVG : une barre par classe, son effectif au bout."""
    label_width, bar_height, gap = 190, 16, 4
    largest = max((count for _, count in rows), default=0) or 1
    room = width - label_width - 40
    height = len(rows) * (bar_height + gap)
    parts = [
        f'<svg role="img" aria-label="{escape(title)}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for index, (label, count) in enumerate(rows):
        y = index * (bar_height + gap)
        length = round(room * count / largest)
        parts += [
            f'<text x="{label_width - 6}" y="{y + 12}" text-anchor="end">{escape(label)}</text>',
            f'<rect x="{label_width}" y="{y}" width="{length}" height="{bar_height}" '
            'fill="#4a78b5"/>',
            f'<text x="{label_width + length + 4}" y="{y + 12}">{count}</text>',
        ]
    parts.append("</svg>")
    return "".join(parts)


def rate_bar(rate: float, width: int = 120) -> str:
    """La part d'échec d'un test, en une barre (rouge : ratés)."""
    failed = round(width * rate)
    return (
        f'<svg role="img" aria-label="{100 * rate:.0f} % d\'échec" width="{width}" height="12" '
        f'viewBox="0 0 {width} 12" xmlns="http://www.w3.org/2000/svg">'
        f'<rect width="{width}" height="12" fill="#d9e6d4"/>'
        f'<rect width="{failed}" height="12" fill="#c0392b"/></svg>'
    )


def class_report(
    outcomes: list[Outcome],
    class_secret: str | None = None,
    pairs: list[similarity.Pair] | None = None,
    uncompared: dict[str, str] | None = None,
) -> str:
    """La page HTML de la classe ; ``pairs`` : les rendus comparés deux à deux (None :
    la comparaison n'a pas pu se faire, sans copydetect) ; ``uncompared`` : les rendus
    notés qui n'ont pas été comparés, ou pas en entier (nom → remarque)."""
    graded = [o for o in outcomes if o.graded]
    missing = [o for o in outcomes if not o.graded]
    scores = [o.score for o in graded]
    body = ["<h1>Synthèse de la classe</h1>"]
    head = headline(outcomes)
    isolation = isolation_line(graded)
    warned = ' class="attention"' if not_isolated(graded) else ""
    body += [
        f"<p>{escape(head)}</p>",
        f"<p{warned}>{escape(isolation.replace('`', ''))}</p>",
        f"<p>{escape(cases_line(graded, class_secret, shown=False).replace('`', ''))}</p>",
    ]
    # D'abord ce qu'un enseignant cherche : chaque étudiant, sa note et son retour.
    sections = [
        ("etudiants", "Étudiants", students(outcomes)),
        ("non-notes", "Rendus non notés", not_graded(missing)),
    ]
    if graded:
        distribution = bars(score_bins(scores), "Nombre d'étudiants par tranche de notes")
        sections += [
            ("repartition", "Répartition des notes", distribution),
            ("questions", "Par question", questions(graded)),
            ("tests", "Taux d'échec de chaque ligne du barème", tests(graded)),
            ("contre-exemples", "Contre-exemples partagés", counterexamples(graded)),
        ]
    sections.append(("ressemblances", "Rendus qui se ressemblent", similar(pairs, uncompared)))
    links = "".join(f'<li><a href="#{anchor}">{title}</a></li>' for anchor, title, _ in sections)
    body.append(f"<nav><h2>Sommaire</h2><ol>{links}</ol></nav>")
    body += [
        f'<section id="{anchor}"><h2>{title}</h2>{content}</section>'
        for anchor, title, content in sections
    ]
    return (
        '<!DOCTYPE html>\n<html lang="fr">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>TP démineur : synthèse de la classe</title>\n"
        f"<style>{STYLE}</style>\n</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n"
    )


def questions(graded: list[Outcome]) -> str:
    points = [points_by_function(o.result) for o in graded]
    rows = []
    for function in mark_scheme.FUNCTIONS:
        question, total = mark_scheme.BAREME[function]
        earned = [p[function] for p in points]
        chart = bars(point_bins(earned, total), f"{question} {function} : répartition", 420)
        rows.append(
            f"<tr><td>{question}</td><td><code>{function}</code></td>"
            f'<td class="nombre">{french_number(total, 0)}</td>'
            f'<td class="nombre">{french_number(statistics.mean(earned))}</td>'
            f"<td>{chart}</td></tr>"
        )
    return (
        f"<p>Sur les {len(graded)} rendu(s) noté(s), dans "
        "l'ordre du sujet ; la répartition compte des étudiants.</p><table>"
        "<tr><th>Question</th><th>Fonction</th><th>Points</th><th>Moyenne</th>"
        "<th>Répartition des points</th></tr>" + "".join(rows) + "</table>"
    )


def tests(graded: list[Outcome]) -> str:
    """Chaque ligne du barème (un test noté), dans l'ordre du sujet, et la part des
    étudiants qui l'ont perdue."""
    rows = [
        f"<tr><td>{mark_scheme.BAREME[function][0]}</td><td><code>{function}</code></td>"
        f"<td>{escape(name)}</td><td>{rate_bar(len(failed) / len(ran))}</td>"
        f'<td class="nombre">{len(failed)} / {len(ran)}</td></tr>'
        for (function, name), (ran, failed) in test_outcomes(graded).items()
    ]
    return (
        "<table><tr><th>Question</th><th>Fonction</th><th>Ligne du barème</th><th>Échec</th>"
        "<th>Ratés / notés</th></tr>" + "".join(rows) + "</table>"
    )


def counterexamples(graded: list[Outcome]) -> str:
    """Les contre-exemples que le plus d'étudiants partagent avec la même réponse, avec
    l'explication de l'un d'eux dessinée comme le retour la dessine (les plateaux en
    caractères du jeu)."""
    found, _ = failures(graded)
    if not found:
        return "<p>Aucun test raté.</p>"
    blocks = []
    for failure in found[:SHOWN_FAILURES]:
        names = ", ".join(escape(label) for label in failure.sharing)
        blocks.append(
            f"<h3>{failure.question} <code>{failure.function}</code> : {escape(failure.name)}"
            f"</h3><p>Raté par {len(failure.students)} étudiant(s) sur {failure.out_of} ; "
            f"ce contre-exemple, avec la même réponse, est partagé par {len(failure.sharing)} "
            f"d'entre eux : {names}. L'explication donnée à {escape(failure.sharing[0])} :</p>"
            f"<pre>{escape(failure.explanation)}</pre>"
        )
    more = len(found) - SHOWN_FAILURES
    tail = f"<p>Et {more} autre(s) test(s) raté(s) : voir synthese.md.</p>" if more > 0 else ""
    return "<p>Les tests les plus ratés, du plus raté au moins raté.</p>" + "".join(blocks) + tail


def not_graded(missing: list[Outcome]) -> str:
    if not missing:
        return "<p>Tous les rendus ont été notés.</p>"
    items = "".join(
        f"<li><strong>{escape(o.entry.label)}</strong> ({escape(o.entry.shown)}) : "
        f"{escape(o.reason)}</li>"
        for o in missing
    )
    return f"<ul>{items}</ul>"


def students(outcomes: list[Outcome]) -> str:
    """Une ligne par étudiant : sa note (ou « non noté » et pourquoi), les lignes du barème
    qu'il a perdues, et le lien vers son retour (chaque contre-exemple y est)."""
    rows = []
    for outcome in outcomes:
        label = outcome.entry.label
        grade = french_number(outcome.score) if outcome.graded else "non noté"
        link = "retours/" + quote(f"{label}.txt", safe="")
        lost = lost_lines(outcome.result, example_chars=0) if outcome.graded else [outcome.reason]
        listed = "".join(f"<li>{escape(line)}</li>" for line in lost)
        rows.append(
            f"<tr><td>{escape(label)}</td><td>{escape(outcome.entry.shown)}</td>"
            f'<td class="nombre">{grade}</td><td>{escape(adjusted(outcome))}</td>'
            f"<td>{f'<ul>{listed}</ul>' if listed else ''}</td>"
            f'<td><a href="{escape(link)}">retour</a></td></tr>'
        )
    return (
        "<table><tr><th>Étudiant</th><th>Rendu</th><th>Note</th><th>Ajustements</th>"
        "<th>Lignes perdues, ou pourquoi non noté</th><th>Retour</th></tr>"
        + "".join(rows)
        + "</table>"
    )


def adjusted(outcome: Outcome) -> str:
    """Ce qui sépare la note de celle des tests (mode strict, ajustements), ou rien."""
    if not outcome.adjustments and not outcome.strict:
        return ""
    parts = [f"tests : {french_number(outcome.tests_score)}"]
    parts += [adjustment_text(a) for a in outcome.adjustments]
    if outcome.strict and not outcome.adjustments:
        parts.append(outcome.strict)
    return " ; ".join(parts)


def highlighted(
    code: str, passages: list[tuple[int, int]], start: int = 0, end: int | None = None
) -> str:
    """Le code de ``start`` à ``end``, échappé, les passages partagés marqués.

    >>> highlighted("a = 1 + b", [(4, 9)], 2, 7)
    '= <mark>1 +</mark>'
    """
    end = len(code) if end is None else end
    parts, position = [], start
    for first, last in sorted(passages):
        first, last = max(first, position), min(last, end)
        if first >= last:
            continue
        parts += [escape(code[position:first]), f"<mark>{escape(code[first:last])}</mark>"]
        position = last
    parts.append(escape(code[position:end]))
    return "".join(parts)


def folded_lines(code: str, kit: list[tuple[int, int]]) -> list[tuple[int, int, bool]]:
    """Le code en morceaux (début, fin, replié) : replié, une suite d'au moins
    :data:`KIT_FOLDED` lignes du kit (``kit``). Un passage partagé qui les traverse y est
    replié aussi : ce que le kit a donné à tous n'est pas ce que deux rendus partagent
    (copydetect marque d'un seul tenant les passages qui l'entourent).

    >>> folded_lines("a\\nb\\nc\\nd\\ne", [(0, 5)])
    [(0, 5, True), (6, 9, False)]
    >>> folded_lines("a\\nb\\nc", [(0, 3)])
    [(0, 5, False)]
    """
    starts = [0]
    for line in code.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    bounds = list(zip(starts, [start - 1 for start in starts[1:]]))

    def hidden(start: int, end: int) -> bool:
        return any(low <= start and end <= high for low, high in kit)

    pieces: list[tuple[int, int, bool]] = []
    index = 0
    while index < len(bounds):
        last = index
        while last < len(bounds) and hidden(*bounds[last]):
            last += 1
        if last - index >= KIT_FOLDED:
            pieces.append((bounds[index][0], bounds[last - 1][1], True))
            index = last
            continue
        if pieces and not pieces[-1][2]:
            pieces[-1] = (pieces[-1][0], bounds[index][1], False)
        else:
            pieces.append((bounds[index][0], bounds[index][1], False))
        index += 1
    return pieces


def pane(code: str, passages: list[tuple[int, int]], kit: list[tuple[int, int]]) -> str:
    """Un rendu dans sa moitié du côte à côte : son code, les passages partagés marqués, les
    suites de lignes du kit repliées (à l'écran comme sur papier ; un clic les déplie)."""
    parts = []
    for start, end, folded in folded_lines(code, kit):
        text = f"<pre>{highlighted(code, passages, start, end)}</pre>"
        if folded:
            count = code.count("\n", start, end) + 1
            text = (
                f'<details class="kit"><summary>{count} lignes données par le kit, '
                f"repliées</summary>{text}</details>"
            )
        parts.append(text)
    return "".join(parts)


def similar(pairs: list[similarity.Pair] | None, uncompared: dict[str, str] | None = None) -> str:
    """Les rendus qui se ressemblent, côte à côte : un signal, jamais une note ; puis ceux
    qui n'ont pas été comparés, ou pas en entier, et pourquoi."""
    if pairs is None:
        return (
            "<p>Comparaison non faite : copydetect n'est pas installé "
            f"(<code>{escape(similarity.INSTALL)}</code>).</p>"
        )
    close = [pair for pair in pairs if pair.score >= similarity.SIGNAL]
    intro = (
        f"<p>{len(pairs)} paire(s) de rendus notés comparée(s) ; {len(close)} partagent au "
        f"moins {100 * similarity.SIGNAL:.0f} % de leur code, le code donné par le kit retiré "
        "(noms effacés, ordre des fonctions ignoré). Un signal à vérifier, jamais une note : "
        "toutes les paires sont dans similarite.csv.</p>"
    )
    if close[:SHOWN_PAIRS]:
        intro += (
            f"<p>Côte à côte, les {len(close[:SHOWN_PAIRS])} première(s) paire(s) : passages "
            "partagés surlignés, lignes données par le kit repliées (un clic les déplie).</p>"
        )
    rows = "".join(
        f"<tr><td>{escape(pair.first)}</td><td>{escape(pair.second)}</td>"
        f'<td class="nombre">{100 * pair.shares[0]:.0f} %</td>'
        f'<td class="nombre">{100 * pair.shares[1]:.0f} %</td></tr>'
        for pair in close[:LISTED_PAIRS]
    )
    if len(close) > LISTED_PAIRS:
        rows += f'<tr><td colspan="4">et {len(close) - LISTED_PAIRS} autres paires</td></tr>'
    table = (
        "<table><tr><th>Rendu 1</th><th>Rendu 2</th><th>Part de 1 dans 2</th>"
        f"<th>Part de 2 dans 1</th></tr>{rows}</table>"
        if close
        else ""
    )
    sides = "".join(side_by_side(pair) for pair in close[:SHOWN_PAIRS])
    notes = "".join(
        f"<li>{escape(name)} : {escape(note)}</li>" for name, note in (uncompared or {}).items()
    )
    if notes:
        notes = f"<p>Rendus notés pas ou pas entièrement comparés :</p><ul>{notes}</ul>"
    return intro + table + sides + notes


def side_by_side(pair: similarity.Pair) -> str:
    """Deux rendus côte à côte, chacun avec l'encodage dans lequel il a été lu s'il n'est
    pas en UTF-8."""
    halves = []
    for code, passages, kit, encoding in zip(pair.codes, pair.passages, pair.kit, pair.encodings):
        note = f'<p class="encodage">{escape(encoding)}</p>' if encoding else ""
        halves.append(f'<div class="volet">{note}{pane(code, passages, kit)}</div>')
    return (
        f"<h3>{escape(pair.first)} et {escape(pair.second)}</h3>"
        f'<div class="cote">{"".join(halves)}</div>'
    )
