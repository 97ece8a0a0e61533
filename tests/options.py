"""Les options du correcteur, chargées avant la lecture de la ligne de commande.

pytest lit la ligne de commande une première fois avant de charger les
``conftest.py`` : une option qu'il ne connaît pas encore, comme
``--submission CHEMIN``, lui ferait prendre CHEMIN pour un dossier de tests, et
il chargerait le ``conftest.py`` qu'un étudiant y aurait glissé. Ce module est
donc chargé tôt, par ``-p tests.options`` (dans ``pyproject.toml``), pour que
pytest connaisse ces options dès sa première lecture.

Chargé le premier, il vérifie d'abord la version de Python
(``tp_demineur/python_version.py``, lu seul : importer le paquet ``tp_demineur``
chargerait, dans le kit, le code de l'étudiant dans le processus de pytest), puis
espace les passages du ramasse-miettes (``YOUNG_OBJECTS``).
"""

import gc
import runpy
from pathlib import Path

PYTHON_VERSION = Path(__file__).resolve().parents[1] / "tp_demineur" / "python_version.py"
runpy.run_path(str(PYTHON_VERSION))["require_python"]()

# Le ramasse-miettes des cycles passe sur les objets récents tous les YOUNG_OBJECTS objets
# créés (700 par défaut). Une notation crée des millions de petites listes (les grilles,
# les messages du canal), presque toutes libérées aussitôt sans cycle : au seuil par
# défaut, ses 300 passages coûtent 0,1 s de calcul, contre 0,02 s ici ; les cycles
# attendent un peu plus (quelques Mio au plus).
YOUNG_OBJECTS = 100_000
gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])


def pytest_addoption(parser):
    group = parser.getgroup("notation", "notation du TP démineur")
    group.addoption(
        "--submission",
        metavar="CHEMIN",
        help="le code à noter : un fichier .py ou un dossier (par défaut : le tp_demineur/ "
        "du dossier courant)",
    )
    group.addoption(
        "--results-json",
        metavar="FICHIER",
        help="écrire le résultat au format results.json de Gradescope",
    )
    group.addoption(
        "--results-fd",
        metavar="N",
        type=int,
        help="écrire aussi le résultat (JSON) sur le descripteur de fichier N, ouvert par "
        "le programme qui lance la notation (grade_class.py)",
    )
    group.addoption(
        "--secret",
        metavar="SECRET",
        help="tirer les cas des tests de ce secret (le même pour toute une classe), au lieu "
        "des cas publics que n'importe qui peut relancer ; à défaut, la variable "
        "d'environnement TP_DEMINEUR_SECRET",
    )
    group.addoption(
        "--functions",
        metavar="NOMS",
        help="ne noter que ces fonctions du TP, séparées par des virgules (par exemple "
        "is_move_ok,ask_move : les fonctions d'une question du sujet)",
    )
    group.addoption(
        "--require-sandbox",
        action="store_true",
        help="refuser de noter si le code ne peut pas être isolé (bubblewrap, ou Landlock là "
        "où les espaces de noms manquent)",
    )
    group.addoption(
        "--no-sandbox",
        action="store_true",
        help="noter sans bac à sable (le code de l'étudiant tourne avec vos droits)",
    )
