"""Les niveaux du jeu (``--niveau``) : les tailles classiques du démineur."""

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """Un niveau : son nom d'option, son nom affiché et son plateau."""

    name: str
    title: str
    width: int
    height: int
    mines: int


LEVELS = (
    Level("debutant", "débutant", 9, 9, 10),
    Level("intermediaire", "intermédiaire", 16, 16, 40),
    Level("expert", "expert", 30, 16, 99),
)


def plain(text: str) -> str:
    """Un mot sans accents ni majuscules, pour comparer ce que tape un joueur.

    >>> plain("Débutant"), plain("INTERMÉDIAIRE")
    ('debutant', 'intermediaire')
    """
    decomposed = unicodedata.normalize("NFD", text.strip().lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def level_named(name: str) -> Level | None:
    """Le niveau de ce nom, avec ou sans accents, en majuscules ou non.

    >>> level_named("expert").width
    30
    >>> level_named("débutant") == level_named("debutant") == level_named("Débutant")
    True
    >>> level_named("facile") is None
    True
    """
    return next((level for level in LEVELS if level.name == plain(name)), None)


def level_of(width: int, height: int, mines: int) -> Level | None:
    """Le niveau qui a exactement ce plateau, s'il y en a un.

    >>> level_of(9, 9, 10).title
    'débutant'
    >>> level_of(9, 9, 11) is None
    True
    """
    for level in LEVELS:
        if (level.width, level.height, level.mines) == (width, height, mines):
            return level
    return None


def board_title(width: int, height: int, mines: int) -> str:
    """Le nom d'un plateau, celui de son niveau s'il en a un.

    >>> board_title(16, 16, 40)
    'intermédiaire (16×16, 40 mines)'
    >>> board_title(5, 3, 1)
    '5×3, 1 mine'
    """
    plural = "s" if mines > 1 else ""
    size = f"{width}×{height}, {mines} mine{plural}"
    level = level_of(width, height, mines)
    return f"{level.title} ({size})" if level else size
