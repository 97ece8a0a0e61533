"""Récrit les balayages construits dans ``tests/data/sweeps/`` : ``python -m grading.sweeps``,
depuis ``tests/``."""

from . import FOLDER, MODULES, write_all

write_all()
print(f"{len(MODULES)} fichiers de balayages écrits dans {FOLDER}")
