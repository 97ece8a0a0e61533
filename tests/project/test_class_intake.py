"""Une classe comme un enseignant la reçoit : chaque façon de rendre un TP juste, et un jeu
de rendus abîmés ou piégés, notés d'un coup par ``tests/tools/grade_class.py``.

Chaque façon de rendre le TP juste est notée 20/20, et sa remarque dit ce qui a été
trouvé : un paquet au ``__init__.py`` vide ou partiel, un fichier et son module
auxiliaire, le dossier du kit avec son vrai ``.venv`` (créé par ``python -m venv``,
comme le README du kit le fait faire), en dossier et zippé en entier (dans l'export
de Moodle : il est dans ``notes_moodle.csv``), une archive .tar.gz, .7z, .rar, une
archive dans une archive. Chaque notebook et chaque archive abîmés ou piégés sont
« non notés » avec leur raison, et la classe est notée quand même : rien ne
l'arrête, rien ne reste après elle (ni processus, ni dossier temporaire).
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from test_archives import CORRECT, FIXTURES, broken_notebooks, make_tar, make_zip, tar_info

from grading import mark_scheme

pytestmark = [pytest.mark.projet, pytest.mark.lent]

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
REFERENCE = (ROOT / "tp_demineur" / "tp.py").read_text(encoding="utf-8")
WRONG_IS_FINISHED = "\n\ndef is_finished(mines, opened):\n    return 0\n"
BSDTAR = shutil.which("bsdtar") is not None
KEVIN = "Kevin Petit_2001_assignsubmission_file_"  # l'export de Moodle : le kit zippé
MARC = "Marc Dubois_2003_assignsubmission_file_"  # l'export de Moodle : un .rar
LUCIE = "Lucie Bernard_2002_assignsubmission_file_"  # l'export de Moodle : un notebook abîmé
SECRET = "accueil-des-rendus"  # le secret de la classe : une notation seule tire les mêmes cas

# Le is_coord_ok de la référence, écrit avec un module auxiliaire.
AUXILIARY = REFERENCE.replace(
    "def is_coord_ok(x: int, y: int, width: int, height: int) -> bool:",
    "from outils import dans_le_plateau\n\n\n"
    "def is_coord_ok(x: int, y: int, width: int, height: int) -> bool:\n"
    "    return dans_le_plateau(x, y, width, height)\n\n\n"
    "def ancien_is_coord_ok(x: int, y: int, width: int, height: int) -> bool:",
)
OUTILS = (
    "def dans_le_plateau(x, y, width, height):\n    return 0 <= x < width and 0 <= y < height\n"
)
# Les fonctions du TP rangées dans une classe : aucune au niveau du module, 0 / 20.
IN_A_CLASS = "class Demineur:\n" + "".join(
    f"    def {name}(self, *args):\n        return None\n\n"
    for name in ("is_coord_ok", "is_finished", "main")
)


def build_kit(folder: Path) -> Path:
    """Le kit d'un étudiant qui a fini : son tp.py juste, et le .venv que son README fait
    créer (``python3 -m venv .venv``), avec pip, pour de vrai."""
    run = subprocess.run(
        [sys.executable, str(TESTS / "tools" / "build_kit.py"), str(folder)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "python3 -m venv .venv" in readme  # ce que l'étudiant fait, et ce qu'on fait ici
    (folder / "tp_demineur" / "tp.py").write_text(REFERENCE, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "venv", str(folder / ".venv")], check=True, timeout=300)
    return folder


def zip_folder(folder: Path, archive: Path) -> int:
    """Zippe tout le dossier (liens compris, comme ``zip -y``) ; renvoie le nombre d'entrées."""
    count = 0
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path in sorted(folder.rglob("*")):
            name = f"{folder.name}/{path.relative_to(folder).as_posix()}"
            if path.is_symlink():
                info = zipfile.ZipInfo(name)
                info.create_system = 3
                info.external_attr = 0o120777 << 16
                bundle.writestr(info, os.readlink(path))
            elif path.is_file():
                bundle.write(path, name)
            count += 1
    return count


def build_class(rendus: Path, work: Path) -> dict:
    """Le dossier de la classe ; renvoie ce qu'il faut savoir pour vérifier."""
    rendus.mkdir(parents=True)
    (rendus / "alice.py").write_text(REFERENCE, encoding="utf-8")
    (rendus / "bernard.py").write_text(REFERENCE + WRONG_IS_FINISHED, encoding="utf-8")
    (rendus / "classe.py").write_text(IN_A_CLASS, encoding="utf-8")
    empty = rendus / "paquet_vide" / "TP" / "tp_demineur"
    empty.mkdir(parents=True)
    (empty / "__init__.py").write_text("", encoding="utf-8")
    (empty / "tp.py").write_text(REFERENCE, encoding="utf-8")
    partial = rendus / "paquet_partiel" / "tp_demineur"
    partial.mkdir(parents=True)
    (partial / "__init__.py").write_text(
        "from .tp import main, play_the_game\n\n\n"
        "def is_coord_ok(x, y, width, height):\n    return 0 <= x < width and 0 <= y < height\n",
        encoding="utf-8",
    )
    (partial / "tp.py").write_text(REFERENCE, encoding="utf-8")
    (rendus / "auxiliaire").mkdir()
    (rendus / "auxiliaire" / "tp.py").write_text(AUXILIARY, encoding="utf-8")
    (rendus / "auxiliaire" / "outils.py").write_text(OUTILS, encoding="utf-8")
    # Le kit : en dossier, et zippé en entier dans l'export de Moodle.
    kit = build_kit(rendus / "kit_dossier")
    (rendus / KEVIN).mkdir()
    entries = zip_folder(kit, rendus / KEVIN / "kit.zip")
    assert entries > 1000  # plus que la limite : il n'est noté que parce que .venv est à part
    # Les archives d'un TP juste, de chaque format.
    with tarfile.open(rendus / "tgz.tar.gz", "w:gz") as archive:
        archive.add(kit / "tp_demineur", "tgz/tp_demineur")
        archive.add(kit / ".venv", "tgz/.venv")
    inner = make_zip(work / "dedans.zip", {"rendu/tp.py": REFERENCE.encode()})
    make_zip(rendus / "zip_dans_zip.zip", {"dedans.zip": inner.read_bytes()})
    make_tar(rendus / "peripherique.tar", [tar_info("tp.py", data=CORRECT), tar_info("x", b"3")])
    shutil.copy(FIXTURES / "rendu.7z", rendus / "sept.7z")
    shutil.copy(FIXTURES / "lien.rar", rendus / "lien.rar")
    (rendus / MARC).mkdir()
    shutil.copy(FIXTURES / "rendu.rar", rendus / MARC / "tp.rar")
    # Le jeu abîmé ou piégé.
    for name in ("imbrique", "source_nombre", "source_liste_de_nombres", "latin1", "geant"):
        (rendus / f"nb_{name}.ipynb").write_bytes(broken_notebooks()[name][0])
    (rendus / LUCIE).mkdir()
    (rendus / LUCIE / "rendu.ipynb").write_bytes(broken_notebooks()["imbrique"][0])
    make_zip(rendus / "bombe.zip", {"tp.py": bytes(4 * 2**20)})
    zeros = tar_info("zeros.py", data=bytes(12 * 2**20))
    make_tar(rendus / "bombe.tar.gz", [zeros], "w:gz")
    make_tar(rendus / "evasion.tar", [tar_info("../../evasion.py", data=b"x = 1\n")])
    make_tar(rendus / "absolu.tar", [tar_info("/tmp/absolu.py", data=b"x = 1\n")])
    (rendus / "vide.zip").write_bytes(b"PK\x05\x06" + bytes(18))
    whole = make_zip(work / "complet.zip", {"tp.py": REFERENCE.encode()}).read_bytes()
    (rendus / "tronque.zip").write_bytes(whole[: len(whole) // 2])
    data = (FIXTURES / "rendu.7z").read_bytes()
    (rendus / "tronque.7z").write_bytes(data[: len(data) // 2])
    shutil.copy(FIXTURES / "chiffre.rar", rendus / "chiffre.rar")
    return {"entries": entries}


# « etudiant rendu » → (note, ce que disent les remarques)
GRADED = {
    "alice alice.py": (20.0, []),
    # is_finished renvoie toujours 0 : perdues, les lignes de la partie gagnée, perdue,
    # perdue d'abord ; gardées, celles de la partie en cours et du type (int).
    "bernard bernard.py": (
        mark_scheme.TOTAL
        - sum(
            mark_scheme.points("is_finished", line)
            for line in (
                "test_is_finished_won",
                "test_is_finished_lost",
                "test_is_finished_lost_first",
            )
        ),
        [],
    ),
    "classe classe.py": (0.0, ["Fonctions absentes de votre code"]),
    "paquet_vide paquet_vide/": (
        20.0,
        ["Le __init__.py de tp_demineur/ n'expose aucune fonction du TP : celles de tp.py"],
    ),
    "paquet_partiel paquet_partiel/": (
        20.0,
        ["Le __init__.py de tp_demineur/ n'expose que main, is_coord_ok, play_the_game :"],
    ),
    "auxiliaire auxiliaire/": (
        20.0,
        ["Modules auxiliaires copiés avec tp.py et importés comme lui : outils.py."],
    ),
    "kit_dossier kit_dossier/": (
        20.0,
        ["Mis de côté avant la notation", ".venv/ (environnement virtuel Python)"],
    ),
    f"Kevin Petit {KEVIN}/": (
        20.0,
        [
            "kit.zip : mis de côté avant la notation",
            "kit_dossier/.venv/ (environnement virtuel Python, ",
            "kit_dossier/tests/ (tests publics du kit, ",
        ],
    ),
    "tgz tgz.tar.gz": (20.0, ["tgz/.venv/ (environnement virtuel Python, "]),
    "zip_dans_zip zip_dans_zip.zip": (20.0, []),
    "peripherique peripherique.tar": (
        20.0,
        ["peripherique.tar : non extrait de l'archive (ni fichier ni dossier) : x (fichier"],
    ),
    "sept sept.7z": (20.0, ["rendu/.venv/ (environnement virtuel Python, 2 fichiers)"]),
    "lien lien.rar": (20.0, ["lien/cle.py (lien symbolique)"]),
    f"Marc Dubois {MARC}/": (20.0, ["tp.rar : mis de côté", "rendu/.venv/"]),
}
NOT_GRADED = {
    "nb_imbrique nb_imbrique.ipynb": "son JSON est imbriqué trop profondément",
    "nb_source_nombre nb_source_nombre.ipynb": "la cellule 1 n'a pas de texte lisible",
    "nb_source_liste_de_nombres nb_source_liste_de_nombres.ipynb": "la cellule 1 n'a pas",
    "nb_latin1 nb_latin1.ipynb": "il n'est pas en UTF-8",
    "nb_geant nb_geant.ipynb": "il fait plus de 5 Mio",
    f"Lucie Bernard {LUCIE}/": "son JSON est imbriqué trop profondément",
    "bombe bombe.zip": "archive refusée : l'archive est une « bombe » de décompression",
    "bombe bombe.tar.gz": "archive refusée : l'archive est une « bombe » de décompression",
    "evasion evasion.tar": "archive refusée : l'archive contient un chemin qui sort de son",
    "absolu absolu.tar": "archive refusée : l'archive contient un chemin qui sort de son",
    "vide vide.zip": "archive refusée : l'archive est vide",
    "tronque tronque.zip": "ce n'est pas une archive ZIP lisible (fichier abîmé ?)",
    "tronque tronque.7z": "cette archive 7-Zip n'a pas pu être lue",
    "chiffre chiffre.rar": "cette archive RAR n'a pas pu être lue (abîmée, ou protégée",
}
if not BSDTAR:  # sans bsdtar, chaque .7z et .rar a la même raison, aimable
    for key in ("sept sept.7z", "lien lien.rar", f"Marc Dubois {MARC}/"):
        del GRADED[key]
    for key, kind in (
        ("sept sept.7z", "7-Zip"),
        ("lien lien.rar", "RAR"),
        (f"Marc Dubois {MARC}/", "RAR"),
        ("tronque tronque.7z", "7-Zip"),
        ("chiffre chiffre.rar", "RAR"),
    ):
        NOT_GRADED[key] = f"archive {kind} illisible ici : envoyez un .zip"


def processes_mentioning(text: str) -> list[str]:
    """Les processus dont la ligne de commande ou le dossier courant citent ``text``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            where = os.readlink(entry / "cwd")
        except OSError:
            continue
        if text in command or text in where:
            found.append(f"{entry.name} : {command}")
    return found


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """La classe, notée une fois avec un secret connu, avec un dossier temporaire à elle
    (TMPDIR) : vérifié vide après, comme la table des processus."""
    root = tmp_path_factory.mktemp("accueil")
    (root / "travail").mkdir()
    facts = build_class(root / "rendus", root / "travail")
    temporary = root / "tmp"
    temporary.mkdir()
    command = [sys.executable, str(TESTS / "tools" / "grade_class.py"), str(root / "rendus")]
    command += ["--sortie", str(root / "notes"), "--secret", SECRET]
    run = subprocess.run(
        command,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=1800,
        env={**os.environ, "TMPDIR": str(temporary)},
    )
    return root, run, facts


def rows_of(out: Path) -> dict[str, dict[str, str]]:
    with (out / "notes.csv").open(encoding="utf-8-sig", newline="") as handle:
        return {f"{r['etudiant']} {r['rendu']}": r for r in csv.DictReader(handle, delimiter=";")}


def test_la_classe_est_notee_et_rien_ne_reste(graded):
    root, run, _ = graded
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert list((root / "tmp").iterdir()) == []
    assert processes_mentioning(str(root)) == []


def test_chaque_facon_de_rendre_un_tp_juste_est_notee(graded):
    root, _, _ = graded
    rows = rows_of(root / "notes")
    assert sorted(rows) == sorted([*GRADED, *NOT_GRADED])
    for key, (total, remarks) in GRADED.items():
        row = rows[key]
        assert row["statut"] == "noté", (key, row)
        assert float(row["total (/20)"].replace(",", ".")) == pytest.approx(total), (key, row)
        for remark in remarks:
            assert remark in row["remarques"], (key, remark, row["remarques"])


def test_chaque_entree_abimee_est_non_notee_avec_sa_raison(graded):
    root, _, _ = graded
    rows = rows_of(root / "notes")
    for key, reason in NOT_GRADED.items():
        status = rows[key]["statut"]
        assert status.startswith("non noté : ") and reason in status, (key, status)
        assert "Error" not in status and "Traceback" not in status, status
    summary = (root / "notes" / "synthese.md").read_text(encoding="utf-8")
    missing = summary.split("## Rendus non notés")[1].split("\n## ")[0]
    assert len(re.findall(r"^- ", missing, re.MULTILINE)) == len(NOT_GRADED)
    assert "son JSON est imbriqué trop profondément" in missing


def test_un_zero_sans_fonction_est_a_verifier(graded):
    root, run, _ = graded
    summary = (root / "notes" / "synthese.md").read_text(encoding="utf-8")
    to_check = summary.split("## À vérifier")[1].split("\n## ")[0]
    assert "- `classe` : noté, mais aucune fonction du TP n'a été trouvée" in to_check
    assert "`paquet_vide`" not in to_check  # noté 20 / 20 : rien à vérifier
    assert "Attention : classe : noté, mais aucune fonction du TP" in run.stdout


def test_moodle_recoit_les_notes_du_kit_zippe_et_du_rar(graded):
    root, _, _ = graded
    with (root / "notes" / "notes_moodle.csv").open(encoding="utf-8", newline="") as handle:
        grades = {row["Identifiant"]: row["Note"] for row in csv.DictReader(handle)}
    expected = {"Participant2001": "100.00"}  # sur 100, la note maximale par défaut
    if BSDTAR:
        expected["Participant2003"] = "100.00"
    assert grades == expected  # Lucie n'est pas notée : elle n'a pas de note à téléverser
    with zipfile.ZipFile(root / "notes" / "retours_moodle.zip") as feedback:
        lucie = [n for n in feedback.namelist() if n.startswith("Lucie Bernard_2002_")]
        text = feedback.read(lucie[0]).decode("utf-8")
    assert "son JSON est imbriqué trop profondément" in text


def test_la_page_et_les_retours(graded):
    root, _, _ = graded
    page = (root / "notes" / "rapport.html").read_text(encoding="utf-8")
    assert "paquet_vide" in page and "nb_imbrique" in page
    kevin = (root / "notes" / "retours" / "Kevin Petit_2001.txt").read_text(encoding="utf-8")
    assert ".venv/ (environnement virtuel Python" in " ".join(kevin.split())
    result = json.loads((root / "notes" / "json" / "paquet_vide.json").read_text("utf-8"))
    assert result["score"] == pytest.approx(20.0)


@pytest.mark.parametrize(
    ("key", "label", "given"),
    [
        (f"Kevin Petit {KEVIN}/", "Kevin Petit_2001", f"{KEVIN}/kit.zip"),
        ("paquet_partiel paquet_partiel/", "paquet_partiel", "paquet_partiel"),
        ("auxiliaire auxiliaire/", "auxiliaire", "auxiliaire"),
        ("sept sept.7z", "sept", "sept.7z"),
    ],
)
def test_la_notation_d_un_seul_rendu_donne_la_meme_note(graded, tmp_path, key, label, given):
    """``python -m pytest tests --submission=RENDU`` (la notation d'un seul rendu par
    l'enseignant, celle du kit pour un dossier) prépare une archive comme la classe, et
    donne la même note, test par test, avec les mêmes remarques."""
    if given.endswith(".7z") and not BSDTAR:
        pytest.skip("bsdtar absent (paquet libarchive-tools)")
    root, _, _ = graded
    results = tmp_path / "seul.json"
    command = [sys.executable, "-m", "pytest", str(TESTS), "-q", "-p", "no:randomly"]
    command += [f"--submission={root / 'rendus' / given}", f"--secret={SECRET}"]
    subprocess.run(
        [*command, f"--results-json={results}"], cwd=ROOT, capture_output=True, timeout=900
    )
    alone = json.loads(results.read_text(encoding="utf-8"))
    in_class = json.loads((root / "notes" / "json" / f"{label}.json").read_text("utf-8"))
    assert alone["score"] == in_class["score"] == pytest.approx(20.0)
    assert [(t["name"], t["score"]) for t in alone["tests"]] == [
        (t["name"], t["score"]) for t in in_class["tests"]
    ]
    remarks = rows_of(root / "notes")[key]["remarques"]
    assert remarks
    for remark in remarks.split(" / "):
        assert " ".join(remark.split()) in " ".join(alone["output"].split()), remark
