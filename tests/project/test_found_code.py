"""Ce qui est noté d'un rendu, trouvé sans rien noter (``grading/locate.py``,
``grading/private_copy.py``, ``grading/sandbox.py``) : les modules d'un paquet dont le
``__init__.py`` n'expose pas les fonctions, les modules auxiliaires d'un fichier, les
dossiers d'environnement et d'outils mis de côté."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grading import sandbox
from grading.locate import auxiliaries_note, locate
from grading.private_copy import PrivateCopy

pytestmark = pytest.mark.projet

TESTS = Path(__file__).resolve().parents[1]
REFERENCE = (TESTS.parent / "tp_demineur" / "tp.py").read_text(encoding="utf-8")
DRAFT = "def is_coord_ok(x, y, width, height):\n    return 0 <= x < width and 0 <= y < height\n"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_les_modules_d_un_paquet_qui_definissent_le_tp(tmp_path):
    """Le paquet est noté en entier ; ses modules qui définissent des fonctions du TP sont
    rangés par la règle des versions (le plus de fonctions écrites d'abord, puis le plus
    récent, puis l'ordre alphabétique) ; ni
    ``__init__.py`` ni ``__main__.py`` (le jeu) n'en font partie."""
    package = tmp_path / "rendu" / "TP" / "tp_demineur"
    write(package / "__init__.py", "")
    write(package / "__main__.py", "def main():\n    print('le jeu')\n")
    write(package / "brouillon.py", DRAFT)
    write(package / "tp.py", REFERENCE)
    write(package / "questions" / "q9.py", "def is_finished(mines, opened):\n    return 0\n")
    write(package / "outils.py", "def aide():\n    return 1\n")
    for path in package.rglob("*.py"):  # à égalité de fonctions : l'ordre alphabétique
        os.utime(path, (1_700_000_000, 1_700_000_000))
    found = locate(tmp_path / "rendu")
    assert (found.kind, found.path) == ("package", package)
    assert found.modules == ("tp", "brouillon", "questions.q9")
    assert locate(package).modules == found.modules


def test_un_fichier_emporte_les_modules_qu_il_importe(tmp_path):
    """``import outils`` et ``from grille import *`` : ces modules, et ceux qu'ils importent
    à leur tour, sont les modules auxiliaires du fichier ; un module à côté qu'il n'importe
    pas, un lien, un dossier mis de côté n'en sont pas. Un fichier donné seul n'en a pas."""
    folder = tmp_path / "rendu"
    graded = write(
        folder / "tp.py", REFERENCE + "\nimport outils, json as texte\nfrom grille import *\n"
    )
    write(folder / "outils.py", "import affichage\n")
    write(folder / "affichage.py", "X = 1\n")
    write(folder / "grille" / "__init__.py", "from . import cases\n")
    write(folder / "grille" / "cases.py", "")
    write(folder / "json.py", "")
    write(folder / "brouillon.py", "import outils\n")  # personne ne l'importe
    (folder / "lien.py").symlink_to(folder / "affichage.py")
    write(folder / ".venv" / "lib" / "outils2.py", "")
    found = locate(folder)
    assert found.path == graded
    assert [p.name for p in found.auxiliaries] == [
        "affichage.py",
        "grille",
        "json.py",
        "outils.py",
    ]
    assert locate(graded).auxiliaries == ()
    note = auxiliaries_note(graded, found.auxiliaries)
    assert note == (
        "Modules auxiliaires copiés avec tp.py et importés comme lui : affichage.py, grille/, "
        "json.py, outils.py. json.py porte le nom d'un module de Python (ou du correcteur), "
        "qui est importé à sa place : renommez-le."
    )


def test_un_module_auxiliaire_qui_definit_une_fonction_n_est_pas_une_autre_version(tmp_path):
    folder = tmp_path / "rendu"
    write(
        folder / "tp.py",
        REFERENCE.replace("def main(", "def ancien_main(") + "\nfrom jeu import main\n",
    )
    write(folder / "jeu.py", "def main():\n    pass\n")
    write(folder / "tp_v1.py", DRAFT)
    found = locate(folder)
    assert found.path.name == "tp.py" and [p.name for p in found.auxiliaries] == ["jeu.py"]
    assert found.note().endswith("non notée(s) : tp_v1.py.")


def test_les_dossiers_mis_de_cote_ne_sont_pas_parcourus(tmp_path):
    """Un environnement virtuel (quel que soit son nom), le dépôt git, les tests du kit : ni
    parcourus ni notés, et la remarque les liste (sans compter leurs fichiers)."""
    folder = tmp_path / "kit"
    write(folder / "tp_demineur" / "__init__.py", "from .tp import *\n")
    write(folder / "tp_demineur" / "tp.py", REFERENCE)
    write(folder / "mon_env" / "pyvenv.cfg", "home = /usr\n")
    write(folder / "mon_env" / "lib" / "tp.py", REFERENCE + DRAFT)  # plus récent, ignoré
    write(folder / "tests" / "cas_publics.json", "[]")
    write(folder / "tests" / "grading" / "__init__.py", "")
    write(folder / "tests" / "grading" / "worker.py", "def main():\n    pass\n")
    write(folder / ".git" / "HEAD", "ref: refs/heads/main\n")
    found = locate(folder)
    assert (found.kind, found.path.name, found.others) == ("package", "tp_demineur", ())
    assert found.notes() == [
        "Mis de côté avant la notation, sans être lus (ni comptés dans les limites) : "
        ".git/ (dépôt git), mon_env/ (environnement virtuel Python), tests/ (tests publics "
        "du kit)"
    ]


def test_la_copie_privee_emporte_les_modules_auxiliaires_et_pas_les_outils(tmp_path):
    folder = tmp_path / "rendu"
    write(folder / "tp.py", REFERENCE + "\nimport outils\n")
    write(folder / "outils.py", "X = 1\n")
    write(folder / "notes.py", "# pas importé\n")
    found = locate(folder)
    copy = PrivateCopy("file", found.path, 2**20, 10, auxiliaries=found.auxiliaries)
    try:
        code = copy.path.parent
        assert sorted(os.listdir(code)) == ["outils.py", "tp.py"]
        assert sorted(copy.report.copied) == ["outils.py", "tp.py"]
        sources, _ = sandbox.inside_paths(copy.path, copy.name)
        assert sorted(str(p) for p in sources) == [
            "/sandbox/soumission/outils.py",
            "/sandbox/soumission/tp.py",
        ]
        # L'empreinte du rendu change avec le module auxiliaire (ses cas aussi).
        alone = PrivateCopy("file", found.path, 2**20, 10)
        try:
            assert alone.print != copy.print
        finally:
            alone.remove()
    finally:
        copy.remove()
    package = tmp_path / "paquet" / "tp_demineur"
    write(package / "__init__.py", "")
    write(package / "tp.py", REFERENCE)
    write(package / ".venv" / "pyvenv.cfg", "home = /usr\n")
    for index in range(20):  # plus que la limite de fichiers : ils ne sont pas comptés
        write(package / ".venv" / "lib" / f"m{index}.py", "")
    write(package / "__pycache__" / "tp.cpython-311.pyc", "")
    copy = PrivateCopy("package", package, 2**20, 10)
    try:
        assert sorted(copy.report.copied) == ["__init__.py", "tp.py"]
        assert copy.report.set_aside.describe() == (
            "Mis de côté avant la notation, sans être lus (ni comptés dans les limites) : "
            ".venv/ (environnement virtuel Python)"
        )
    finally:
        copy.remove()
