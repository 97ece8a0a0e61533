"""Les fautes de frappe générées : un « ) » ou un « ] » en trop à la fin d'une ligne.

La faute la plus courante d'un débutant. Chaque fonction du contrat de deux solutions
justes (la référence, et une solution écrite autrement :
``tests/data/corpus/correct_fichier_complet_autre_plume.py``) reçoit, à la fin de chaque
ligne où finit une de ses instructions (avant un commentaire), un « ) » puis un « ] ».
Un tel fichier ne doit perdre que la fonction touchée (``tests/project/test_typos.py``) ;
le kit, Gradescope et VPL notent :data:`SAMPLE` comme l'enseignant.
"""

from __future__ import annotations

import ast
import io
import tokenize
from dataclasses import dataclass
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
SOLUTIONS = {
    "reference": TESTS.parent / "tp_demineur" / "tp.py",
    "autre_plume": TESTS / "data" / "corpus" / "correct_fichier_complet_autre_plume.py",
}
CLOSERS = (")", "]")


@dataclass(frozen=True)
class Typo:
    """Une faute : la solution, la fonction touchée, la ligne (à partir de 1), le
    caractère en trop et le texte du fichier qui l'a."""

    solution: str
    function: str
    line: int
    closer: str
    text: str

    @property
    def name(self) -> str:
        closer = "parenthese" if self.closer == ")" else "crochet"
        return f"{self.solution}-{self.function}-{self.line}-{closer}"


def statement_ends(source: str, names: list[str]) -> dict[str, list[tuple[int, int]]]:
    """Pour chaque fonction ``names`` du module, où finit chacune de ses instructions
    (ligne, colonne : la fin du code, avant un commentaire), sa ligne ``def`` comprise."""
    spans = {
        node.name: (node.lineno, node.end_lineno)
        for node in ast.parse(source).body
        if isinstance(node, ast.FunctionDef) and node.name in names
    }
    ends = [
        token.start
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.NEWLINE
    ]
    return {
        name: [(row, column) for row, column in ends if first <= row <= last]
        for name, (first, last) in spans.items()
    }


def typos(solution: str, names: list[str]) -> list[Typo]:
    """Chaque faute de la solution ``solution`` sur ses fonctions ``names``, dans l'ordre."""
    source = SOLUTIONS[solution].read_text(encoding="utf-8")
    lines = source.split("\n")
    found = []
    for function, ends in statement_ends(source, names).items():
        for row, column in ends:
            for closer in CLOSERS:
                changed = list(lines)
                changed[row - 1] = lines[row - 1][:column] + closer + lines[row - 1][column:]
                found.append(Typo(solution, function, row, closer, "\n".join(changed)))
    return found


def sample(solution: str, function: str, closer: str) -> Typo:
    """La faute sur la première ligne du corps de ``function`` (après sa ligne ``def``)."""
    return [t for t in typos(solution, [function]) if t.closer == closer][1]


# La faute que le kit, Gradescope et VPL notent comme l'enseignant : un « ) » en trop dans
# initialise_mines, la première fonction du fichier, écrite autrement que la référence (le
# découpage d'autrefois y perdait toutes les fonctions : 0/20).
SAMPLE = sample("autre_plume", "initialise_mines", ")")
