"""Les cellules d'un notebook Jupyter noté comme un fichier Python.

Un notebook est noté (``classroom/received.py``) comme le fichier Python que forment ses
cellules de code mises bout à bout. La première ligne de ce fichier nomme le notebook,
et chaque cellule commence par une ligne qui la nomme (la forme ``# %%`` qu'ouvrent
VS Code et Jupytext)::

    # %% notebook bernard.ipynb
    # %% cellule 2
    import random
    # %% cellule 4
    def initialise_mines(mines, nb_mines):
        ...

Le numéro d'une cellule est son rang parmi toutes les cellules du notebook, celles de
texte comprises, à partir de 1 : la 4e cellule en partant du haut, ce que l'étudiant
compte en parcourant son notebook. Jupyter ne numérote pas les cellules ; le « In [7] »
d'une cellule exécutée change à chaque exécution et manque à une cellule jamais
exécutée : il ne la désigne pas sûrement. Chaque retour parle d'une ligne d'un notebook
comme de la « cellule 4, ligne 2 », la ligne comptée dans la cellule.

Ce module ne dépend que de la bibliothèque standard : le processus de travail l'emporte
(``rescue.py`` y découpe un notebook cellule par cellule, comme Jupyter les compile,
et situe chaque erreur dans sa cellule).

>>> notebook = notebook_of("# %% notebook b.ipynb\\n# %% cellule 2\\nx = 1\\n# %% cellule 4\\ny\\n")
>>> notebook.name, notebook.place(5), notebook.regions(5)
('b.ipynb', (4, 1), [(1, 1), (2, 3), (4, 5)])
"""

from __future__ import annotations

import re

HEADER = "# %% notebook "
CELL = "# %% cellule "
CELL_LINE = re.compile(re.escape(CELL) + r"([0-9]{1,6})$")


def header(name: str) -> str:
    """La première ligne du fichier noté d'un notebook : elle le nomme."""
    return HEADER + " ".join(name.split())


def cell_line(number: int) -> str:
    """La ligne qui ouvre la cellule ``number`` dans le fichier noté."""
    return f"{CELL}{number}"


class Notebook:
    """Les cellules d'un notebook dans son fichier noté : ``name``, le nom du notebook ;
    ``cells``, pour chaque cellule, son numéro et la ligne qui l'ouvre dans le fichier.

    (Une classe simple, pas une dataclass : ce module est importé à chaque lancement du
    processus de travail, et ``dataclasses``, avec ``inspect``, y coûterait 5 ms.)"""

    __slots__ = ("cells", "name")

    def __init__(self, name: str, cells: tuple[tuple[int, int], ...]):
        self.name = name
        self.cells = cells

    def place(self, line: int) -> tuple[int, int] | None:
        """(cellule, ligne dans la cellule) de la ligne ``line`` du fichier noté ; None pour
        une ligne hors des cellules (l'en-tête, la ligne qui ouvre une cellule)."""
        found = None
        for number, opening in self.cells:
            if opening == line:
                return None
            if opening > line:
                break
            found = (number, line - opening)
        return found

    def regions(self, count: int) -> list[tuple[int, int]]:
        """Les passages (première, dernière ligne) du fichier noté de ``count`` lignes qui se
        compilent chacun à part, comme Jupyter compile chaque cellule : l'en-tête, puis
        chaque cellule avec la ligne qui l'ouvre."""
        starts = [1] + [opening for _, opening in self.cells if opening > 1]
        ends = [start - 1 for start in starts[1:]] + [count]
        return [(first, last) for first, last in zip(starts, ends) if first <= last]


def notebook_of(text: str) -> Notebook | None:
    """Les cellules du fichier noté ``text`` s'il est fait d'un notebook (sa première ligne
    le dit), sinon None."""
    first = text.split("\n", 1)[0]
    if not first.startswith(HEADER):
        return None
    cells = []
    for number, line in enumerate(text.split("\n"), 1):
        match = CELL_LINE.match(line)
        if match and (not cells or int(match.group(1)) > cells[-1][0]):
            cells.append((int(match.group(1)), number))
    return Notebook(first[len(HEADER) :].strip() or "notebook", tuple(cells))
