"""``python -m tp_demineur`` : lance le jeu.

Lancé comme un fichier (``python tp_demineur/__main__.py``, ou F5 dans un éditeur), il
fait de même : le dossier qui contient ``tp_demineur/`` prend la place du sien dans les
chemins d'import, et le paquet est lancé comme par ``-m``.
"""

if not __package__:
    import runpy
    import sys
    from pathlib import Path

    sys.path[0] = str(Path(__file__).resolve().parent.parent)
    runpy.run_module("tp_demineur", run_name="__main__", alter_sys=True)
    raise SystemExit

from .cli import console_script

console_script()
