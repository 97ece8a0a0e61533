"""``python -m tp_demineur`` : lance le jeu."""

from .cli import console_script

console_script()
