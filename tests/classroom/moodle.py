"""Les formats de Moodle : l'export « Télécharger tous les travaux remis », l'import des notes.

L'export d'un devoir (mod/assign) range chaque travail sous un préfixe
``NOM COMPLET_IDENTIFIANT_assignsubmission_TYPE`` :

- en dossiers (réglage par défaut depuis Moodle 3.1) : un dossier par étudiant et par
  type de remise, ``Prénom Nom_12345_assignsubmission_file_/tp.py`` jusqu'à Moodle 4.0,
  ``Prénom Nom_12345_assignsubmission_file/tp.py`` depuis Moodle 4.1 ;
- à plat (« télécharger les travaux dans des dossiers » décoché) :
  ``Prénom Nom_12345_assignsubmission_file_tp.py``.

Le nom complet n'y contient jamais « _ » (Moodle le remplace par une espace) ;
l'identifiant est celui du participant dans ce devoir, le même que la colonne
« Identifiant » (« Participant12345 ») de la feuille d'évaluation hors ligne. Un
devoir en équipe met le nom et le numéro du groupe à la place.

Les retours reviennent par « Téléverser plusieurs fichiers de feedback dans une
archive ZIP » (le type de feedback « Fichiers de feedback » coché dans le devoir).
Moodle (``mod/assign/feedback/file/importziplib.php``) lit chaque chemin de
l'archive dossier par dossier et retient le premier nommé
``NOM COMPLET_IDENTIFIANT_TYPE_PLUGIN`` (le nommage de l'export) dont l'identifiant
est un participant du devoir : ce qui suit devient le nom du fichier de feedback
de cet étudiant. L'archive écrite ici range le retour de chacun sous
``Prénom Nom_12345_assignfeedback_file/``.

La feuille d'évaluation se téléverse dans le devoir (« Téléverser une feuille
d'évaluation ») : Moodle y cherche les colonnes par leur titre, dans la langue
de son interface (« Identifiant », « Note », « Dernière modification (note) » en
français ; « Identifier », « Grade », « Last modified (grade) » en anglais),
retire du début de l'identifiant le mot « Participant » tel que l'écrit cette
langue, lit la note avec un point ou la virgule de la langue, et ignore les
autres colonnes. Le fichier écrit ici a les deux jeux de colonnes : il
s'importe tel quel dans un Moodle en français comme en anglais.
"""

from __future__ import annotations

import csv
import re
import zipfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from classroom.spreadsheet import text_cell
from grading.scoring import scaled

PREFIX = r"(?P<name>[^_]+)_(?P<participant>\d+)_assignsubmission_(?P<plugin>[a-z0-9]+)"
FOLDER = re.compile(PREFIX + r"_?")
FLAT = re.compile(PREFIX + r"_(?P<file>.+)")

# Le type de remise qui porte les fichiers (les autres : texte en ligne, commentaires…).
FILE_PLUGIN = "file"

# (titre de colonne, fonction qui en donne la valeur) : en français puis en anglais.
WORKSHEET_COLUMNS = [
    ("Identifiant", lambda row: f"Participant{row.participant}"),
    ("Identifier", lambda row: f"Participant {row.participant}"),
    ("Nom complet", lambda row: text_cell(row.name)),
    ("Note", lambda row: row.grade),
    ("Grade", lambda row: row.grade),
    ("Dernière modification (note)", lambda row: row.modified),
    ("Last modified (grade)", lambda row: row.modified),
]


@dataclass(frozen=True)
class MoodleName:
    """Ce que dit le nom d'une entrée de l'export de Moodle."""

    name: str  # le nom complet de l'étudiant (ou du groupe)
    participant: str  # l'identifiant du participant dans le devoir
    plugin: str  # le type de remise : "file", "onlinetext"…
    file: str | None = None  # le nom du fichier remis, dans un export à plat


def parse(entry_name: str, is_dir: bool) -> MoodleName | None:
    """Le sens d'un nom de l'export de Moodle (None si le nom n'en vient pas).

    >>> parse("Élodie Martin_1234_assignsubmission_file_", is_dir=True)
    MoodleName(name='Élodie Martin', participant='1234', plugin='file', file=None)
    >>> parse("Élodie Martin_1234_assignsubmission_file_tp.py", is_dir=False).file
    'tp.py'
    """
    match = (FOLDER if is_dir else FLAT).fullmatch(entry_name)
    if match is None:
        return None
    return MoodleName(
        name=match["name"].strip(),
        participant=match["participant"],
        plugin=match["plugin"],
        file=None if is_dir else match["file"],
    )


@dataclass(frozen=True)
class WorksheetRow:
    participant: str
    name: str
    grade: str  # avec un point décimal : Moodle le lit dans toutes les langues
    modified: str


def write_worksheet(path: Path, grades: list[tuple[MoodleName, float]], out_of: float) -> int:
    """Écrit la feuille d'évaluation à téléverser dans le devoir ; renvoie le nombre de lignes.

    ``grades`` : (étudiant, note sur 20) ; la note est ramenée sur ``out_of``, la note
    maximale du devoir dans Moodle. « Dernière modification » est l'heure de
    notation, avec son fuseau : Moodle ne remplace pas une note modifiée chez lui
    après cette heure (sauf si l'on coche la case qui le permet).
    """
    modified = datetime.now().astimezone().isoformat(timespec="seconds")
    rows = [
        WorksheetRow(student.participant, student.name, f"{scaled(score, 0, out_of):.2f}", modified)
        for student, score in grades
    ]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow([title for title, _ in WORKSHEET_COLUMNS])
        for row in rows:
            writer.writerow([value(row) for _, value in WORKSHEET_COLUMNS])
    return len(rows)


# Le plugin de feedback qui reçoit les fichiers d'une archive de retours.
FEEDBACK_PLUGIN = "assignfeedback_file"
FEEDBACK_FILE = "retour_tp_demineur.txt"


def feedback_path(student: MoodleName) -> str:
    """Le chemin du retour d'un étudiant dans l'archive de feedback.

    >>> feedback_path(MoodleName("Élodie Martin", "1234", "file"))
    'Élodie Martin_1234_assignfeedback_file/retour_tp_demineur.txt'
    """
    return f"{student.name}_{student.participant}_{FEEDBACK_PLUGIN}/{FEEDBACK_FILE}"


def write_feedback_zip(path: Path, feedbacks: list[tuple[MoodleName, str]]) -> int:
    """Écrit l'archive des retours à téléverser dans le devoir ; renvoie le nombre de
    retours. Un étudiant remis deux fois (deux types de remise) n'a qu'un retour."""
    written = set()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for student, text in feedbacks:
            name = feedback_path(student)
            if name not in written:
                archive.writestr(name, text)
                written.add(name)
    return len(written)
