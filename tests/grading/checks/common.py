"""Ce que partagent les vérifications de toutes les questions : l'échec et son message,
les attentes communes (pas d'erreur, grilles intactes, valeur exacte), la description d'un
appel, les séries de cas. (Les messages affichés entre deux lectures : ``messages.py``.)"""

from __future__ import annotations

import unicodedata

from .. import config, faults
from ..boards import (
    cell_differences,
    differing_region,
    short,
    show_grids,
    size,
    typed,
)
from ..calls import GraderAbort, Outcome
from ..contract import GRIDS, PARAMETERS
from ..python_messages import explain_runtime
from ..wire import same


class Echec(AssertionError):
    """Un manquement au contrat, expliqué en français.

    ``example`` est le contre-exemple seul (l'entrée donnée à la fonction, sans ce
    qu'elle en a fait) : la synthèse de classe regroupe les rendus qui ratent sur le
    même exemple avec la même réponse (le reste du message).
    """

    def __init__(self, message: str, example: str | None = None):
        super().__init__(message)
        self.example = example


class NotWritten(Echec):
    """La fonction testée, ou une fonction qu'elle appelle, lève NotImplementedError.

    ``function`` est la fonction de la soumission où l'exception est née : dans le
    kit, celle que l'étudiant n'a pas encore écrite.
    """

    def __init__(self, message: str, example: str | None, function: str | None):
        super().__init__(message, example)
        self.function = function


def fail(message: str, example: str | None = None):
    raise Echec(message, example)


# ---------------------------------------------------------------------------
# Outils communs
# ---------------------------------------------------------------------------

ERROR_HINTS = {
    "OutputLimitExceeded": "elle affiche sans fin (ou beaucoup trop)",
    "MemoryError": "elle a épuisé la mémoire permise",
    "RecursionError": "la récursion est trop profonde",
    "SystemExit": "elle a appelé sys.exit() ou exit()",
    "KeyboardInterrupt": "elle a levé KeyboardInterrupt",
    "NotImplementedError": "elle n'est pas encore écrite",
    "EOFError": "elle a demandé plus de lignes que le joueur n'en a tapé : "
    "a-t-elle refusé une réponse valide ?",
}


# Ce que le retour cite du message d'une exception levée par le rendu : 200 caractères au
# plus, et seulement pour le contre-exemple montré, rejoué seul (conftest.replayed_alone) :
# un rendu ne peut pas y faire passer les cas privés qu'il a vus. Le kit cite tout (ses cas
# sont publics, et ses propres messages, ceux des remplaçants, sont longs).
QUOTED_CHARS = 200


def quoted_message(text: str) -> str:
    """Le message d'une exception du rendu, tel que le retour le cite.

    >>> len(quoted_message("x" * 300)) <= QUOTED_CHARS + 1 or config.KIT
    True
    """
    if config.KIT or len(text) <= QUOTED_CHARS:
        return text
    return text[:QUOTED_CHARS] + "…"


def where(file: str, line: int, cell: int | None = None) -> str:
    """Une ligne du rendu, dite à l'étudiant : dans son fichier, ou dans la cellule de son
    notebook (``grading/cells.py``).

    >>> where("tp.py", 12), where("bernard.ipynb", 3, 7)
    ('ligne 12 de tp.py', 'cellule 7, ligne 3 de bernard.ipynb')
    """
    if cell is None:
        return f"ligne {line} de {file}"
    return f"cellule {cell}, ligne {line} de {file}"


def explain_error(error: dict, func: str | None = None, outcome: Outcome | None = None) -> str:
    message = explain_runtime(quoted_message(error["message"])) if error["message"] else ""
    text = f"{error['type']} : {message}" if message else error["type"]
    hint = faults.cause(error, func, outcome) or ERROR_HINTS.get(error["type"])
    if hint:
        text += f" ({hint})"
    if error.get("line"):
        file, number, code, *cell = error["line"]
        text += f"\n  à la {where(file, number, *cell)} : {code.strip()}"
    return text


def raised_in(outcome: Outcome, func: str) -> str:
    """La fonction de la soumission où l'exception est née, ``func`` si elle n'a pas de
    nom (une lambda, une expression génératrice) ou est née hors de la soumission."""
    where = outcome.error.get("function")
    return where if where and where.isidentifier() else func


def expect_no_error(outcome: Outcome, func: str, example: str):
    if outcome.error:
        error = explain_error(outcome.error, func, outcome)
        message = f"{func} a levé une exception : {error}\n{example}"
        if outcome.error["type"] == "NotImplementedError":
            raise NotWritten(message, example, raised_in(outcome, func))
        fail(message, example=example)


def expect_written(outcome: Outcome | None, func: str, example: str):
    """La fonction (ou une fonction qu'elle appelle) n'est pas encore écrite : dit comme
    par ``expect_no_error``. Pour les vérifications qui ne jugent que certains cas (les
    lignes qu'une fonction refuse, par exemple) ou ce qu'un appel a fait avant une
    exception (l'exception est alors l'affaire d'une autre classe) : elles ne passent pas
    sur une fonction pas encore écrite."""
    if outcome is not None and (outcome.error or {}).get("type") == "NotImplementedError":
        expect_no_error(outcome, func, example)


def expect_untouched(outcome: Outcome, func: str, names: list[str], originals: list, example: str):
    """Les grilles que la fonction doit seulement lire n'ont pas changé."""
    for name, before, after in zip(names, originals, outcome.args):
        if before is not None and not same(before, after):
            fail(
                f"{func} ne doit pas modifier {name}, qui a changé :\n"
                f"{cell_differences(before, after)}\n{example}",
                example=example,
            )


def expect_rows_kept(outcome: Outcome, func: str, names: list[str], example: str):
    """Une grille remplie sur place garde ses listes de lignes."""
    for name, replaced in zip(names, outcome.rows_replaced):
        if name and replaced:
            fail(
                f"{func} a remplacé des lignes de {name} par de nouvelles listes : "
                f"il faut changer les cases, {name}[y][x] = ..., sans remplacer les lignes.\n"
                f"{example}",
                example=example,
            )


def expect_grid(
    func: str,
    name: str,
    before,
    expected,
    got,
    example: str,
    inputs: dict | None = None,
    anchors: list[tuple[int, int]] = (),
):
    """La grille remplie est celle qu'il faut.

    Sur un grand plateau, avec ``inputs`` (les grilles reçues, par nom), le message ne
    dessine que la région où les grilles diffèrent, avec ses vrais numéros de lignes
    et de colonnes, et si elle y tient l'une des cases ``anchors`` (la case jouée d'une
    inondation) ; ``example`` (tout le plateau) reste le contre-exemple de l'échec.
    """
    if same(expected, got):
        return
    hint = ""
    if same(before, got):
        hint = (
            f"\n  {name} n'a pas changé du tout : la fonction doit modifier les cases de la "
            f"grille reçue ({name}[y][x] = ...) ; en crée-t-elle une nouvelle, ou "
            "s'arrête-t-elle trop tôt ?"
        )
    region = differing_region(expected, got, anchors) if inputs else None
    shown = example
    if region is not None:
        x0, x1, y0, y1 = region
        around = "autour des premières cases qui diffèrent"
        seen = [(x, y) for x, y in anchors if x0 <= x <= x1 and y0 <= y <= y1]
        if seen:
            middle = ((x0 + x1) / 2, (y0 + y1) / 2)
            x, y = min(seen, key=lambda cell: abs(cell[0] - middle[0]) + abs(cell[1] - middle[1]))
            around += f" et de la case ouverte ({x}, {y})"
        shown = (
            f"  Exemple : plateau {size(expected)} ; voici la région x = {x0} à {x1}, "
            f"y = {y0} à {y1}, {around} :\n"
            f"{show_grids(region, **inputs)}"
        )
    grids = {name + " attendu": expected, name + " obtenu": got}
    fail(
        f"après {func}, {name} n'est pas ce qu'il faut :\n"
        f"{cell_differences(expected, got)}{hint}\n{shown}\n{show_grids(region, **grids)}",
        example=example,
    )


def expect_exact(func: str, expected, got, example: str, cause: str = ""):
    """``cause`` : la construction de Python en cause, si on la reconnaît (``faults``)."""
    if same(expected, got):
        return
    detail = ""
    if not isinstance(got, type(expected)) or type(got) is not type(expected):
        detail = f" (le type doit être {type(expected).__name__})"
    fail(
        f"{func} doit renvoyer {expected!r}, elle a renvoyé {short(got)}{detail}.{cause}\n"
        f"{example}",
        example=example,
    )


def folded(text: str) -> str:
    """Le texte en minuscules, sans accents."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def describe_call(name: str, args: list, lines: list[str]) -> str:
    """Un appel, de quoi le rejouer : les grilles dessinées, les autres valeurs, les lignes."""
    params = PARAMETERS.get(name, ())
    grids = {p: a for p, a in zip(params, args) if p in GRIDS}
    values = ", ".join(p if p in GRIDS else f"{p}={a!r}" for p, a in zip(params, args))
    parts = [f"  Appel interrompu : {name}({values})"]
    if grids:
        parts.append(show_grids(**grids))
    if lines:
        parts.append(lines_example(lines))
    return "\n".join(parts)


def lines_example(lines: list[str], shown: int = 12) -> str:
    """Les lignes tapées ; pour une longue partie, le début et la fin seulement."""
    if len(lines) <= shown:
        return "  Lignes tapées : " + ", ".join(typed(line) for line in lines)
    head, tail = lines[: shown - 2], lines[-2:]
    return (
        f"  Lignes tapées ({len(lines)} en tout) : "
        + ", ".join(typed(line) for line in head)
        + ", …, "
        + ", ".join(typed(line) for line in tail)
    )


# Une série de cas envoyée d'un coup (Submission.cases) : assez pour que l'aller et retour
# ne coûte rien, assez peu pour que 5 s de calcul suffisent à une fonction lente.
SERIES = 2_000


def screen(
    sub,
    name: str,
    args: list,
    positions: list[int],
    case: dict,
    answers: list,
    recheck,
    agree=same,
):
    """Chaque point du cas, appelé en séries ; le premier qui paraît raté (exception,
    mauvaise réponse, argument modifié) est revérifié seul par ``recheck(point, réponse)``,
    la vérification d'un cas ordinaire, qui échoue avec son explication. ``agree(réponse,
    obtenu)`` : la réponse est-elle la bonne (``same`` : la même valeur, du même type)."""
    points = case["points"]
    # Le premier point seul, vérifié comme un cas ordinaire : une fonction qui ne se termine
    # pas coûte le temps d'un appel, au lieu de celui d'une série puis d'un appel.
    if points:
        recheck(points[0], answers[0])
    for start in range(1, len(points), SERIES):
        chunk, expected = points[start : start + SERIES], answers[start : start + SERIES]
        try:
            outcomes = sub.cases(name, args, positions, chunk, sub.limits.call_seconds)
        except GraderAbort as abort:
            if abort.cause not in ("cpu", "idle"):
                raise
            # Une série trop longue : chaque cas, seul, pour trouver celui qui ne finit pas.
            for point, answer in zip(chunk, expected):
                recheck(point, answer)
            raise
        for point, outcome, answer in zip(chunk, outcomes, expected):
            if outcome.error or outcome.changed or not agree(answer, outcome.ret):
                recheck(point, answer)
                shown = [
                    repr(point[positions.index(i)]) if i in positions else parameter
                    for i, parameter in enumerate(PARAMETERS[name])
                ]
                example = f"  Exemple : {name}({', '.join(shown)})"
                fail(
                    f"{name} a répondu {short(outcome.ret)} au milieu d'une série d'appels, "
                    f"et {answer!r} appelée seule : sa réponse ne doit dépendre que de ses "
                    f"arguments.\n{example}",
                    example=example,
                )
