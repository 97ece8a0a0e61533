"""Noter toute une classe d'un coup.

    python tests/tools/grade_class.py RENDUS [--sortie NOTES] [--jobs 2] [--remplacer] [--secret S]
                                           [--strict [zero|signaler]] [--ajustements F]

RENDUS est le dossier des rendus, ou l'archive .zip de Moodle (« Télécharger tous
les travaux remis »), telle quelle ou extraite. Un rendu est un fichier ``.py``,
un notebook ``.ipynb``, un dossier (paquet ``tp_demineur/``, dossier qui le contient,
ou dossier avec un seul fichier du TP et ses modules auxiliaires) ou une archive
(``.zip``, ``.tar``, ``.tar.gz``, ``.tar.bz2``, ``.tar.xz``, ``.7z``, ``.rar`` : les deux
derniers avec ``bsdtar``, paquet ``libarchive-tools``) ; les environnements virtuels et
les dossiers d'outils (``.venv/``, ``.git/``…) sont mis de côté. Chaque entrée du
dossier est notée ou dite « non notée » avec sa raison. Chaque rendu est noté par la même commande
que pour un seul étudiant, ``python -m pytest tests --submission RENDU``,
plusieurs à la fois, tous avec le secret de la classe (``--secret``, ou tiré au
hasard et écrit dans la synthèse), d'où chaque rendu tire ses cas. Dans NOTES (par
défaut ``notes/``) :

- ``notes.csv`` : une ligne par rendu, son statut, une colonne par question, le
  total (UTF-8 avec BOM, « ; » et virgule décimale, pour les tableurs en français) ;
- ``notes_moodle.csv`` : pour un export de Moodle, la feuille d'évaluation à
  téléverser dans le devoir ;
- ``retours_moodle.zip`` : pour un export de Moodle, les retours à téléverser
  dans le devoir (« Téléverser plusieurs fichiers de feedback dans une archive ZIP ») ;
- ``retours/ETUDIANT.txt`` : le retour détaillé de chaque rendu ;
- ``synthese.md`` : la synthèse de la classe ;
- ``rapport.html`` : la même synthèse en une page, avec ses graphiques et les rendus
  qui se ressemblent (avec copydetect) ;
- ``similarite.csv`` : chaque paire de rendus notés et la part de code qu'ils
  partagent (avec copydetect) ;
- ``json/ETUDIANT.json`` : le résultat au format results.json de Gradescope ;
- ``ajustements.csv`` (écrit une fois, jamais récrit) : le modèle des points que
  l'enseignant ajoute ou retire à la main, que chaque notation suivante ajoute aux notes ;
- ``differences.txt`` : quand le dossier a déjà des résultats, ce qui a changé depuis ;
  ils ne sont remplacés qu'avec ``--remplacer`` ou une confirmation au terminal.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

# Le correcteur (tests/), et la racine du dépôt pour l'analyseur d'options en français du jeu.
sys.path.insert(1, str(Path(__file__).resolve().parents[2]))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))
# Un Python trop ancien : un message en français avant tout autre import.
runpy.run_path(str(Path(__file__).resolve().parents[2] / "tp_demineur" / "python_version.py"))[
    "require_python"
]()

from classroom import class_grading, strict  # noqa: E402
from tp_demineur.arguments import FrenchParser, bounded_int  # noqa: E402


def parse_arguments(argv=None):
    parser = FrenchParser(
        prog="python tests/tools/grade_class.py",
        description="Note tous les rendus d'un dossier (un fichier .py, un notebook .ipynb, "
        "un dossier ou une archive .zip, .tar.gz, .7z, .rar… par étudiant), ou de l'archive "
        "des travaux remis de Moodle, et écrit notes.csv, un retour par étudiant et une "
        "synthèse de la classe.",
    )
    parameters = parser.add_argument_group("paramètre")
    parameters.add_argument(
        "rendus",
        type=Path,
        metavar="RENDUS",
        help="le dossier des rendus, ou l'archive des travaux remis de Moodle",
    )
    options = parser.options_group()
    options.add_argument(
        "--sortie", type=Path, default=Path("notes"), help="où écrire les notes (notes/)"
    )
    options.add_argument(
        "--jobs",
        type=bounded_int(1, None),
        default=2,
        help="combien de rendus noter à la fois (2)",
    )
    options.add_argument(
        "--remplacer",
        "--force",
        dest="remplacer",
        action="store_true",
        help="remplacer les résultats d'une notation précédente dans le dossier de sortie sans "
        "demander (sans cette option, les différences sont montrées et une confirmation est "
        "demandée ; sans terminal pour répondre, rien n'est remplacé)",
    )
    isolation = options.add_mutually_exclusive_group()
    isolation.add_argument(
        "--require-sandbox",
        action="store_true",
        help="ne noter aucun rendu sans isolation (bubblewrap, ou Landlock là où les espaces "
        "de noms manquent : un conteneur, une prison)",
    )
    isolation.add_argument(
        "--no-sandbox",
        action="store_true",
        help="noter sans bac à sable (le code des étudiants tourne avec vos droits)",
    )
    cases = options.add_mutually_exclusive_group()
    cases.add_argument(
        "--secret",
        metavar="SECRET",
        help="le secret d'où sont tirés les cas de toute la classe (à défaut, la variable "
        "TP_DEMINEUR_SECRET) ; sans lui, celui de la notation déjà dans le dossier de sortie "
        "(SORTIE/secret-des-cas.txt : une nouvelle notation tire les mêmes cas), sinon un "
        "nouveau, tiré au hasard ; il est écrit dans synthese.md",
    )
    cases.add_argument(
        "--nouveau-secret",
        dest="nouveau_secret",
        action="store_true",
        help="tirer un nouveau secret même si le dossier de sortie en a déjà un (toutes les "
        "notes peuvent changer)",
    )
    options.add_argument(
        "--strict",
        nargs="?",
        const=strict.ZERO,
        choices=strict.MODES,
        help="un rendu que Python ne lance pas tel quel (erreur de syntaxe, tabulations "
        "mêlées, encodage non déclaré, input() ou exception en tête) : zero (par défaut) lui "
        "donne 0, signaler garde sa note ; la colonne statut dit pourquoi (sans --strict : "
        "chargement indulgent, la note de ce qui marche)",
    )
    options.add_argument(
        "--ajustements",
        type=Path,
        metavar="FICHIER",
        help="les points ajoutés ou retirés à la main et leur raison, à ajouter aux notes "
        "(par défaut SORTIE/ajustements.csv, dont la première notation écrit le modèle)",
    )
    options.add_argument(
        "--moodle-sur",
        type=bounded_int(1, None),
        default=100,
        metavar="N",
        help="la note maximale du devoir dans Moodle : notes_moodle.csv donne les notes sur N "
        "(100, la valeur d'un nouveau devoir Moodle)",
    )
    return parser.parse_args(argv)


def main(argv=None) -> int:
    return class_grading.run(parse_arguments(argv))


if __name__ == "__main__":
    sys.exit(main())
