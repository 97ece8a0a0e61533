"""Les explications en français : pourquoi une case est sûre, ou pourquoi prendre ce
risque-là.

Chaque déduction garde sa :class:`~.knowledge.Reason` ; on explique la case
jouée, précédée des mines (déduites elles aussi) dont sa preuve a besoin, dans
l'ordre où elles ont été trouvées. Un coup risqué s'explique par son
:class:`~.choice.Choice` (:func:`explain_choice`).
"""

from __future__ import annotations

from fractions import Fraction

from .choice import Choice
from .knowledge import MINE, Knowledge, Reason, Rule, at

# Au-delà, une fraction est trop longue pour aider : on ne donne que le pourcentage.
READABLE_DENOMINATOR = 10_000
# Au-delà, on ne cite pas tous les nombres d'un groupe.
LISTED_NUMBERS = 6


def enumerate_cells(cells, width: int) -> str:
    """« (0, 1), (2, 3) et (4, 5) ».

    >>> enumerate_cells([1, 2, 3], 10)
    '(1, 0), (2, 0) et (3, 0)'
    """
    names = [at(c, width) for c in sorted(cells)]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " et " + names[-1]


def plural(n: int, word: str) -> str:
    """« 1 mine », « 2 mines ».

    >>> plural(2, "mine"), plural(1, "case fermée")
    ('2 mines', '1 case fermée')
    """
    if n <= 1:
        return f"{n} {word}"
    return f"{n} " + " ".join(w + "s" for w in word.split(" "))


def percent(p: Fraction | float) -> str:
    """« 17,6 % » (virgule décimale, espace avant le signe).

    >>> percent(Fraction(3, 17))
    '17,6 %'
    """
    return f"{100 * float(p):.1f} %".replace(".", ",")


def probability_text(p: Fraction) -> str:
    """La probabilité en fraction exacte quand elle est lisible, et en pourcentage.

    >>> probability_text(Fraction(3, 17))
    '3/17 (17,6 %)'
    """
    if p.denominator <= READABLE_DENOMINATOR:
        return f"{p.numerator}/{p.denominator} ({percent(p)})"
    return f"environ {percent(p)}"


def number(knowledge: Knowledge, cell: int) -> str:
    """« le 2 en (3, 1) »."""
    return f"le {knowledge.value[cell]} en {at(cell, knowledge.width)}"


def missing(knowledge: Knowledge, cell: int, need: int, premises: tuple[int, ...]) -> str:
    """Ce qui manque au nombre ``cell`` : « a besoin de 2 mines » ou, s'il touche déjà
    des mines trouvées, « a déjà la mine (1, 2) et n'a plus besoin que de 1 mine »."""
    width = knowledge.width
    around = set(knowledge.neighbours[cell])
    found = [c for c in premises if c in around and knowledge.state[c] == MINE]
    if not found:
        return f"a besoin de {plural(need, 'mine')}"
    mines = enumerate_cells(found, width)
    if need == 0:
        if len(found) == 1:
            return f"a déjà sa mine, en {mines}"
        return f"a déjà ses {len(found)} mines, en {mines}"
    already = f"a déjà la mine {mines}" if len(found) == 1 else f"a déjà les mines {mines}"
    return f"{already} et n'a plus besoin que de {plural(need, 'mine')}"


def sentence(knowledge: Knowledge, reason: Reason, cells: list[int], mine: bool) -> str:
    """La phrase qui explique qu'une règle décide ``cells`` (des mines si ``mine``)."""
    width = knowledge.width
    targets = enumerate_cells(cells, width)
    verdict = (
        (f"{targets} est une mine" if len(cells) == 1 else f"{targets} sont des mines")
        if mine
        else (f"{targets} est sûre" if len(cells) == 1 else f"{targets} sont sûres")
    )
    if reason.rule is Rule.SINGLE:
        (source,) = reason.sources
        (need,) = reason.needs
        (unknown,) = reason.cells
        head = number(knowledge, source).capitalize()
        if mine:
            around = set(knowledge.neighbours[source])
            if not any(c in around for c in reason.premises):
                if len(unknown) == 1:
                    return f"{head} n'a qu'une case fermée autour de lui : {verdict}."
                return (
                    f"{head} a autant de cases fermées autour de lui que de mines "
                    f"({len(unknown)}) : {verdict}."
                )
            return (
                f"{head} {missing(knowledge, source, need, reason.premises)} ; "
                f"il ne lui reste que {plural(len(unknown), 'case')} "
                f"{'possible' if len(unknown) == 1 else 'possibles'} : {verdict}."
            )
        if knowledge.value[source] == 0:
            return f"{head} n'a aucune mine autour de lui : {verdict}."
        return f"{head} {missing(knowledge, source, 0, reason.premises)} : {verdict}."
    if reason.rule in (Rule.SUBSET, Rule.PAIR):
        provider, receiver = reason.sources
        need_p, need_r = reason.needs
        cells_p, cells_r = (set(c) for c in reason.cells)
        shared = cells_p & cells_r
        outside = cells_p - shared
        other = number(knowledge, receiver)
        lead = (
            f"{number(knowledge, provider).capitalize()} "
            f"{missing(knowledge, provider, need_p, reason.premises)} "
            f"parmi {enumerate_cells(cells_p, width)}."
        )
        needs_r = f"Or {other} {missing(knowledge, receiver, need_r, reason.premises)}"
        if reason.rule is Rule.SUBSET:
            inside = need_p
            bound = f"Ces cases touchent aussi {other}."
        elif mine:
            inside = min(need_p, len(shared))
            bound = (
                f"Il en a donc au plus {inside} parmi les cases qu'il partage avec {other} "
                f"({enumerate_cells(shared, width)})."
            )
        else:
            inside = need_p - len(outside)
            bound = (
                f"Hors des cases qu'il partage avec {other} "
                f"({enumerate_cells(shared, width)}), il n'a que "
                f"{plural(len(outside), 'case')} : au moins {plural(inside, 'mine')} "
                f"{'est' if inside == 1 else 'sont'} donc dans ce partage."
            )
        if mine:
            rest = need_r - inside
            left = len(cells_r - shared)
            room = "qu'une autre case" if left == 1 else f"que {left} autres cases"
            end = (
                f"il lui en faut donc encore {rest} ailleurs, et il ne lui reste {room} : "
                f"{verdict}."
            )
        else:
            end = f"ses autres cases fermées n'ont donc pas de mine : {verdict}."
        return f"{lead} {bound} {needs_r} : {end}"
    if reason.rule is Rule.COUNT:
        (left,) = reason.needs
        if mine:
            return (
                f"Il reste {plural(left, 'mine')} à trouver et autant de cases fermées "
                f"dont on ne sait rien : {verdict}."
            )
        if knowledge.nb_mines == 1:
            return f"La seule mine du plateau est trouvée : {verdict}."
        return f"Les {knowledge.nb_mines} mines du plateau sont toutes trouvées : {verdict}."
    raise ValueError(f"règle sans explication simple : {reason.rule}")


def mines_found(reason: Reason) -> tuple[int, ...]:
    """Les cases qu'une règle montre minées quand elle conclut à des mines : toutes les
    cases fermées du nombre seul, celles que le second nombre d'une paire n'a pas en commun
    avec le premier (le compte total ne dit pas lesquelles ici)."""
    if reason.rule is Rule.SINGLE:
        return reason.cells[0]
    if reason.rule in (Rule.SUBSET, Rule.PAIR):
        shared = set(reason.cells[0])
        return tuple(c for c in reason.cells[1] if c not in shared)
    return ()


def proof(knowledge: Knowledge, cell: int) -> list[int]:
    """Les cases décidées dont la preuve de ``cell`` a besoin, ``cell`` comprise, dans
    l'ordre des déductions."""
    reasons = knowledge.reasons
    needed: set[int] = set()
    stack = [cell]
    while stack:
        c = stack.pop()
        if c in needed:
            continue
        needed.add(c)
        stack.extend(p for p in reasons[c].premises if p in reasons)
    rank = {c: i for i, c in enumerate(knowledge.order)}
    return sorted(needed, key=lambda c: rank.get(c, len(rank)))


def steps(knowledge: Knowledge, cell: int) -> list[tuple[Reason, list[int]]]:
    """Les étapes de la preuve de ``cell`` : chaque règle employée et toutes les cases
    qu'elle décide (la dernière étape : ``cell`` seule)."""
    reasons = knowledge.reasons
    found: list[tuple[Reason, list[int]]] = []
    seen: set[int] = set()
    for c in proof(knowledge, cell):
        if c == cell:
            break
        reason = reasons[c]
        if id(reason) in seen:
            continue
        seen.add(id(reason))
        decided = [d for d in knowledge.order if reasons[d] is reason and d != cell]
        # Une règle qui trouve des mines les trouve toutes à la fois : on les nomme toutes,
        # même celles qu'une autre règle a notées la première au même tour.
        if knowledge.state[c] == MINE:
            decided += [d for d in mines_found(reason) if d not in decided]
        found.append((reason, decided))
    found.append((reasons[cell], [cell]))
    return found


def explain_deduction(knowledge: Knowledge, cell: int) -> str:
    """L'explication complète d'une case décidée par les règles simples."""
    texts = [
        sentence(knowledge, reason, cells, knowledge.state[cells[0]] == MINE)
        for reason, cells in steps(knowledge, cell)
    ]
    if len(texts) > 1:
        texts[-1] = "Donc : " + texts[-1][0].lower() + texts[-1][1:]
    return " ".join(texts)


def numbers_list(knowledge: Knowledge, sources: list[int]) -> str:
    """« le 1 en (0, 1), le 2 en (1, 1) et 3 autres »."""
    shown = [number(knowledge, c) for c in sorted(sources)[:LISTED_NUMBERS]]
    more = len(sources) - len(shown)
    if more:
        return ", ".join(shown) + f" et {plural(more, 'autre')}"
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " et " + shown[-1]


def explain_cases(
    knowledge: Knowledge, cell: int, sources: list[int], layouts: int, local: bool
) -> str:
    """Une case sûre que seul l'examen de tous les cas prouve."""
    width = knowledge.width
    place = at(cell, width)
    known = [c for c in knowledge.order if knowledge.state[c] == MINE]
    prefix = ""
    if known:
        prefix = (
            f"Les règles simples montrent d'abord que {enumerate_cells(known, width)} "
            f"{'est une mine' if len(known) == 1 else 'sont des mines'}. "
        )
    count = ""
    if layouts <= READABLE_DENOMINATOR:
        count = f" ; il y en a {layouts}"
    if not sources:
        return (
            f"{prefix}Les {plural(knowledge.mines_left, 'mine')} qui restent sont forcément "
            f"toutes autour des nombres : les cases loin de tout nombre, comme {place}, sont sûres."
        )
    total = "" if local else f", avec les {plural(knowledge.mines_left, 'mine')} qui restent,"
    return (
        f"{prefix}Aucune règle simple ne suffit ici. Dans toutes les façons de placer"
        f"{total} les mines autour des nombres voisins ({numbers_list(knowledge, sources)}"
        f"{count}), "
        f"{place} n'a jamais de mine : elle est sûre."
    )


def explain_choice(knowledge: Knowledge, choice: Choice) -> str:
    """Un coup risqué, quand aucune case n'est sûre : pourquoi cette case-là."""
    width = knowledge.width
    place = at(choice.cell, width)
    risk = f"{place} cache une mine avec une probabilité {of(probability_text(choice.risk))}"
    if choice.risk == choice.least:
        lowest = ", la plus faible possible"
    else:
        lowest = (
            f" ; la plus faible est {probability_text(choice.least)}, en {at(choice.safest, width)}"
        )
    if choice.why is Rule.FORCED:
        if choice.walls:
            found = enumerate_cells(choice.walls, width)
            walls = f"ou sont des mines déjà trouvées ({found})"
        else:
            walls = "ou hors du plateau"
        apart = (
            f"leurs autres voisines sont ouvertes {walls}, et elles cachent "
            f"{plural(choice.group_mines, 'mine')} quoi qu'il arrive ailleurs"
        )
        if len(choice.group) == 2:
            cells = enumerate_cells(choice.group, width)
            return (
                f"Aucune case n'est sûre, et il faudra de toute façon deviner entre {cells} : "
                f"{apart} ; rien ne les départagera. Autant le faire maintenant : {risk}."
            )
        if len(choice.group) <= LISTED_NUMBERS:
            cells = f"Les cases {enumerate_cells(choice.group, width)}"
        else:
            cells = f"{len(choice.group)} cases fermées, dont {place},"
        text = (
            f"Aucune case n'est sûre. {capital(cells)} forment une région à part : {apart} ; rien "
            "hors d'elles ne les éclaircira, il faudra y deviner tôt ou tard. Autant le faire "
            f"maintenant. {capital(risk)}{lowest}."
        )
        if choice.win is not None:
            text += (
                " En examinant toutes les suites dans cette région, c'est la case qui donne "
                f"la meilleure chance de la résoudre : {probability_text(choice.win)}."
            )
        return text
    if choice.why is Rule.ENDGAME:
        assert choice.win is not None
        return (
            f"Aucune case n'est sûre. Il ne reste que {plural(choice.layouts, 'façon')} de "
            "placer les mines : la machine a examiné toutes les suites de la partie. "
            f"{capital(risk)}{lowest}. Ouvrir {place} puis jouer au mieux gagne la partie "
            f"avec une probabilité {of(probability_text(choice.win))}, la meilleure possible."
        )
    text = f"Aucune case n'est sûre. {capital(risk)}{lowest}."
    if choice.why is Rule.TWO_MOVES and choice.survival is not None:
        if choice.progress and choice.progress > 1 - 1e-9:
            text += (
                " Si elle est vide, le nombre qu'elle montrera rendra à coup sûr une autre "
                "case sûre."
            )
        elif choice.progress:
            text += (
                f" Si elle est vide, le nombre qu'elle montrera rendra une autre case sûre "
                f"avec une probabilité de {percent(choice.progress)}."
            )
        both = float(1 - choice.risk) * choice.survival
        text += (
            " En comptant le coup suivant, c'est la case qui donne la meilleure chance "
            f"estimée de survivre à ce coup et au suivant : environ {percent(both)}."
        )
    elif choice.ties > 1:
        text += f" {choice.ties} cases ont ce même risque"
        if choice.progress:
            text += (
                f" ; si celle-ci est vide, le nombre qu'elle montrera rendra une autre case "
                f"sûre avec une probabilité de {percent(choice.progress)}, le mieux possible."
            )
        else:
            text += " ; celle-ci est celle qui en apprend le plus."
    return text


def of(text: str) -> str:
    """« de 3/17 », « d'environ 10 % ».

    >>> of("environ 10,3 %"), of("3/17 (17,6 %)")
    ("d'environ 10,3 %", 'de 3/17 (17,6 %)')
    """
    return f"d'{text}" if text[:1] in "aeiouéè" else f"de {text}"


def capital(text: str) -> str:
    """Le texte avec une majuscule au début.

    >>> capital("(1, 2) cache une mine")
    '(1, 2) cache une mine'
    >>> capital("la case")
    'La case'
    """
    return text[:1].upper() + text[1:]
