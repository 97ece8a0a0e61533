"""Les archives et les notebooks d'un rendu, lus sans risque (``classroom/archives.py``,
``classroom/received.py``, ``classroom/entries.py``), vérifiés dans ce processus.

Chaque format (.zip, .tar, .tar.gz, .tar.bz2, .tar.xz, .7z, .rar) donne le même dossier ;
les dossiers d'environnement et d'outils sont mis de côté avant tout compte ; un jeu
d'archives et de notebooks abîmés ou piégés, fait ici (les .7z et .rar sont de vraies
archives, faites par les vrais outils : ``tests/data/archives/``), donne chacun un refus
en français, sans rien écrire hors de son dossier ni lever autre chose.
"""

from __future__ import annotations

import io
import json
import shutil
import stat
import tarfile
import zipfile
from pathlib import Path

import pytest

from classroom import archives, received
from classroom.archives import (
    SUBMISSION_LIMITS,
    ArchiveLimits,
    UnreadableArchive,
    UnsafeArchive,
    extract,
)
from classroom.entries import Entry, prepare

pytestmark = pytest.mark.projet

TESTS = Path(__file__).resolve().parents[1]
FIXTURES = TESTS / "data" / "archives"
CORRECT = (TESTS / "data" / "corpus" / "correct_fichier_complet_sans_base.py").read_bytes()
BSDTAR = shutil.which("bsdtar")
needs_bsdtar = pytest.mark.skipif(
    BSDTAR is None,
    reason="bsdtar absent (paquet libarchive-tools) : les .7z et .rar ne sont pas lus ici",
)


def make_zip(path: Path, files: dict[str, bytes], links: dict[str, str] | None = None) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
        for name, target in (links or {}).items():
            info = zipfile.ZipInfo(name)
            info.create_system = 3
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, target)
    return path


def tar_info(name: str, kind: bytes = tarfile.REGTYPE, data: bytes = b"", link: str = ""):
    info = tarfile.TarInfo(name)
    info.type = kind
    info.size = len(data) if kind == tarfile.REGTYPE else 0
    info.linkname = link
    info.mtime = 1_700_000_000
    return info, io.BytesIO(data) if kind == tarfile.REGTYPE else None


def make_tar(path: Path, members: list, mode: str = "w") -> Path:
    """Une archive tar (``mode`` : ``w``, ``w:gz``…) des entrées ``tar_info(...)``."""
    with tarfile.open(path, mode, format=tarfile.PAX_FORMAT) as archive:
        for info, data in members:
            archive.addfile(info, data)
    return path


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# -- chaque format ---------------------------------------------------------------------

RENDU = {"rendu/tp.py": CORRECT, "rendu/.venv/pyvenv.cfg": b"home = /usr/bin\n"}


@pytest.mark.parametrize("mode", ["w", "w:gz", "w:bz2", "w:xz"])
def test_chaque_tar_donne_le_meme_dossier(tmp_path, mode):
    suffix = {"w": ".tar", "w:gz": ".tar.gz", "w:bz2": ".tar.bz2", "w:xz": ".tar.xz"}[mode]
    members = [tar_info(name, data=data) for name, data in RENDU.items()]
    members.append(tar_info("rendu/.venv/bin/python", tarfile.SYMTYPE, link="/usr/bin/python3"))
    archive = make_tar(tmp_path / f"dupont{suffix}", members, mode)
    extracted = extract(archive, tmp_path / "dehors", SUBMISSION_LIMITS)
    assert listing(extracted.folder) == ["rendu", "rendu/tp.py"]
    assert (extracted.folder / "rendu" / "tp.py").read_bytes() == CORRECT
    assert (extracted.folder / "rendu" / "tp.py").stat().st_mtime == 1_700_000_000
    [note] = extracted.notes()
    assert note.endswith("rendu/.venv/ (environnement virtuel Python, 2 fichiers)")


@needs_bsdtar
@pytest.mark.parametrize("name", ["rendu.7z", "rendu.rar"])
def test_les_vraies_archives_7z_et_rar(tmp_path, name):
    extracted = extract(FIXTURES / name, tmp_path / "dehors", SUBMISSION_LIMITS)
    assert listing(extracted.folder) == ["rendu", "rendu/tp.py"]
    assert (extracted.folder / "rendu" / "tp.py").read_bytes() == CORRECT
    [note] = extracted.notes()
    assert "rendu/.venv/ (environnement virtuel Python, 2 fichiers)" in note


@needs_bsdtar
def test_le_format_se_reconnait_a_ses_octets(tmp_path):
    """Une archive RAR renommée en .zip est lue comme RAR ; un .tar qui n'en est pas un est
    refusé avec son nom."""
    renamed = tmp_path / "rendu.zip"
    shutil.copy(FIXTURES / "rendu.rar", renamed)
    assert listing(extract(renamed, tmp_path / "a", SUBMISSION_LIMITS).folder)[-1] == "rendu/tp.py"
    (tmp_path / "faux.tar").write_bytes(b"pas une archive" * 100)
    with pytest.raises(UnreadableArchive, match="pas une archive tar lisible"):
        extract(tmp_path / "faux.tar", tmp_path / "b", SUBMISSION_LIMITS)


def test_sans_bsdtar_une_raison_aimable(tmp_path, monkeypatch):
    monkeypatch.setattr(archives.shutil, "which", lambda name: None)
    for name, kind in (("rendu.rar", "archive RAR"), ("rendu.7z", "archive 7-Zip")):
        with pytest.raises(UnreadableArchive) as refused:
            extract(FIXTURES / name, tmp_path / name, SUBMISSION_LIMITS)
        assert str(refused.value) == (
            f"{kind} illisible ici : envoyez un .zip (pour l'ouvrir, l'enseignant peut "
            "installer bsdtar (paquet libarchive-tools))"
        )
        assert not (tmp_path / name).exists()


# -- ce qui est mis de côté, avant tout compte ------------------------------------------


def test_les_environnements_sont_mis_de_cote_avant_les_limites(tmp_path):
    """2 500 fichiers d'environnements et d'outils, plus que la limite de 1 000 : mis de
    côté sans compter ; un environnement qui ne s'appelle pas .venv est reconnu à son
    pyvenv.cfg."""
    files = {"kit/tp_demineur/tp.py": CORRECT, "kit/tp_demineur/__init__.py": b""}
    files |= {f"kit/.venv/lib/site-packages/m{i}.py": b"x = 1\n" for i in range(1500)}
    files |= {"kit/mon_env/pyvenv.cfg": b"home = /usr\n"}
    files |= {f"kit/mon_env/lib/m{i}.py": b"" for i in range(500)}
    files |= {f"kit/node_modules/p{i}.js": b"" for i in range(300)}
    files |= {f"kit/.git/objects/{i}": b"" for i in range(200)}
    files |= {"kit/tp_demineur/__pycache__/tp.cpython-311.pyc": b"\0"}
    archive = make_zip(tmp_path / "kit.zip", files, links={"kit/.venv/bin/python": "/usr/bin"})
    extracted = extract(archive, tmp_path / "dehors", SUBMISSION_LIMITS)
    assert listing(extracted.folder) == [
        "kit",
        "kit/tp_demineur",
        "kit/tp_demineur/__init__.py",
        "kit/tp_demineur/tp.py",
    ]
    [note] = extracted.notes()
    assert note == (
        "Mis de côté avant la notation, sans être lus (ni comptés dans les limites) : "
        "kit/.git/ (dépôt git, 200 fichiers), kit/.venv/ (environnement virtuel Python, "
        "1 501 fichiers), kit/mon_env/ (environnement virtuel Python, 501 fichiers), "
        "kit/node_modules/ (paquets JavaScript, 300 fichiers)"
    )


def test_au_dela_de_cent_fois_la_limite_l_archive_n_est_pas_lue(tmp_path):
    limits = ArchiveLimits(max_files=5, max_bytes=2**20, max_ratio=100)
    archive = make_zip(tmp_path / "a.zip", {f".venv/f{i}": b"" for i in range(501)})
    with pytest.raises(UnsafeArchive, match="plus de 500 entrées"):
        extract(archive, tmp_path / "dehors", limits)


# -- le jeu d'archives piégées ou abîmées -----------------------------------------------


def broken_archives(folder: Path) -> dict[str, tuple[Path, str]]:
    """Chaque archive piégée ou abîmée → (son chemin, ce que dit son refus)."""
    cases: dict[str, tuple[Path, str]] = {}

    def tar_case(name: str, members: list, reason: str, mode: str = "w") -> None:
        cases[name] = (make_tar(folder / name, members, mode), reason)

    def ok():
        return tar_info("tp.py", data=CORRECT)

    tar_case("evasion.tar", [ok(), tar_info("../x.py", data=b"x")], "sort de son dossier")
    tar_case("absolu.tar.gz", [tar_info("/tmp/x.py", data=b"x")], "sort de son dossier", "w:gz")
    tar_case("double.tar", [ok(), ok()], "deux fois le même fichier")
    tar_case("vide.tar", [], "l'archive est vide")
    zeros = tar_info("zeros.py", data=bytes(12 * 2**20))
    tar_case("bombe.tar.gz", [zeros], "bombe", "w:gz")
    # Un en-tête pax de 12 Mio (des zéros) : la bombe est dans un en-tête, pas un fichier.
    header = tarfile.TarInfo("tp.py")
    header.pax_headers = {"comment": "0" * (12 * 2**20)}
    tar_case("bombe_en_tete.tar.xz", [(header, io.BytesIO(b""))], "bombe", "w:xz")
    full = make_tar(folder / "complet.tar.gz", [ok(), tar_info("b.py", data=CORRECT)], "w:gz")
    (folder / "tronque.tar.gz").write_bytes(full.read_bytes()[:-40])
    cases["tronque.tar.gz"] = (folder / "tronque.tar.gz", "pas une archive tar.gz lisible")
    (folder / "pas_gzip.tgz").write_bytes(b"\x1f\x8b" + b"abc" * 100)
    cases["pas_gzip.tgz"] = (folder / "pas_gzip.tgz", "pas une archive tar.gz lisible")
    make_zip(folder / "bombe.zip", {"tp.py": bytes(4 * 2**20)})
    cases["bombe.zip"] = (folder / "bombe.zip", "bombe")
    make_zip(folder / "nombre.zip", {f"f{i}.py": b"" for i in range(1001)})
    cases["nombre.zip"] = (folder / "nombre.zip", "plus que la limite de 1000")
    make_zip(folder / "evasion.zip", {"a/../../x.py": b"x"})
    cases["evasion.zip"] = (folder / "evasion.zip", "sort de son dossier")
    zipped = make_zip(folder / "complet.zip", {"tp.py": CORRECT})
    (folder / "tronque.zip").write_bytes(zipped.read_bytes()[:200])
    cases["tronque.zip"] = (folder / "tronque.zip", "pas une archive ZIP lisible")
    (folder / "vide.zip").write_bytes(b"PK\x05\x06" + bytes(18))
    cases["vide.zip"] = (folder / "vide.zip", "l'archive est vide")
    (folder / "zero.rar").write_bytes(b"")
    cases["zero.rar"] = (folder / "zero.rar", "zero.rar est un fichier vide (0 octet)")
    locked = bytearray(make_zip(folder / "tmp.zip", {"tp.py": b"x = 1\n"}).read_bytes())
    locked[6] |= 0x1  # zipfile ne chiffre pas : le drapeau, à la main
    locked[locked.index(b"PK\x01\x02") + 8] |= 0x1
    (folder / "chiffre.zip").write_bytes(bytes(locked))
    cases["chiffre.zip"] = (folder / "chiffre.zip", "mot de passe")
    for name in ("complet.tar.gz", "complet.zip", "tmp.zip"):
        (folder / name).unlink()
    if BSDTAR is not None:
        cases["absolu.7z"] = (FIXTURES / "absolu.7z", "sort de son dossier")
        cases["chiffre.7z"] = (FIXTURES / "chiffre.7z", "mot de passe")
        cases["chiffre.rar"] = (FIXTURES / "chiffre.rar", "mot de passe")
        for name in ("rendu.7z", "rendu.rar"):
            data = (FIXTURES / name).read_bytes()
            (folder / f"tronque_{name}").write_bytes(data[: len(data) // 2])
            cases[f"tronque_{name}"] = (folder / f"tronque_{name}", "n'a pas pu être lue")
    return cases


def test_chaque_archive_piegee_est_refusee_sans_rien_ecrire(tmp_path):
    sources = tmp_path / "archives"
    sources.mkdir()
    cases = broken_archives(sources)
    out = tmp_path / "dehors"
    out.mkdir()
    for name, (archive, reason) in cases.items():
        with pytest.raises(UnsafeArchive) as refused:
            extract(archive, out / name, SUBMISSION_LIMITS)
        assert reason in str(refused.value), (name, str(refused.value))
        assert not (out / name).exists(), name
    assert list(out.iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["archives", "dehors"]


LINKS = {
    "lien.7z": ("lien/cle.py", "lien symbolique"),
    "lien.rar": ("lien/cle.py", "lien symbolique"),
    "lien_physique.rar": ("physique/tp.py", "lien physique"),
}


def linked_tars(folder: Path) -> dict[str, tuple[Path, tuple[str, str]]]:
    """Des archives tar avec un lien ou un fichier spécial à côté de tp.py."""
    shapes = {
        "symbolique.tar": (tarfile.SYMTYPE, "/etc/passwd", "lien symbolique"),
        "physique.tar": (tarfile.LNKTYPE, "tp.py", "lien physique"),
        "peripherique.tar": (tarfile.CHRTYPE, "", "fichier spécial"),
        "tube.tar": (tarfile.FIFOTYPE, "", "fichier spécial"),
    }
    return {
        name: (
            make_tar(
                folder / name, [tar_info("tp.py", data=CORRECT), tar_info("x.py", kind, link=link)]
            ),
            ("x.py", why),
        )
        for name, (kind, link, why) in shapes.items()
    }


def test_un_lien_ou_un_fichier_special_n_est_jamais_extrait(tmp_path):
    """Ni lien ni fichier spécial n'est écrit : le reste l'est, et la remarque les nomme."""
    cases = linked_tars(tmp_path)
    if BSDTAR is not None:
        cases |= {name: (FIXTURES / name, skipped) for name, skipped in LINKS.items()}
    for name, (archive, (path, kind)) in cases.items():
        extracted = extract(archive, tmp_path / "dehors" / name, SUBMISSION_LIMITS)
        files = [p for p in extracted.folder.rglob("*") if not p.is_dir()]
        assert files and all(p.is_file() and not p.is_symlink() for p in files), name
        assert all(p.read_bytes() == CORRECT for p in files), name
        assert extracted.skipped == [(path, kind)], name
        assert extracted.notes()[-1].endswith(f"{path} ({kind})")


# -- le jeu de notebooks mal formés -----------------------------------------------------


def broken_notebooks() -> dict[str, tuple[bytes, str]]:
    """Chaque notebook mal formé → (ses octets, la raison de son refus)."""

    def notebook(cells) -> bytes:
        return json.dumps({"cells": cells, "nbformat": 4}).encode()

    code = {"cell_type": "code"}
    return {
        "imbrique": (b'{"cells": ' + b"[" * 200_000 + b"]" * 200_000 + b"}", "trop profondément"),
        "source_nombre": (notebook([{**code, "source": 5}]), "la cellule 1 n'a pas de texte"),
        "source_liste_de_nombres": (notebook([{**code, "source": [1, 2]}]), "cellule 1"),
        "source_liste_imbriquee": (notebook([{**code, "source": [["x"]]}]), "cellule 1"),
        "source_booleen": (notebook([code, {**code, "source": True}]), "la cellule 2"),
        "cellules_dictionnaire": (json.dumps({"cells": {}}).encode(), "pas de liste de cellules"),
        "cellules_texte": (json.dumps({"cells": "x"}).encode(), "pas de liste de cellules"),
        "liste": (b"[1, 2, 3]", "pas de liste de cellules"),
        "nombre": (b"42", "pas de liste de cellules"),
        "pas_du_json": (b"{cells: [}", "ce n'est pas du JSON"),
        "latin1": ('{"cells": [], "é": 1}'.encode("latin-1"), "pas en UTF-8"),
        "geant": (b'{"cells": [], "x": "' + b"a" * (6 * 2**20) + b'"}', "plus de 5 Mio"),
        "vide": (b"", "ce n'est pas du JSON"),
    }


@pytest.mark.parametrize("name", list(broken_notebooks()))
def test_un_notebook_mal_forme_est_refuse_avec_sa_raison(name):
    data, reason = broken_notebooks()[name]
    with pytest.raises(received.NotANotebook, match=reason):
        received.notebook_code(data, "tp.ipynb")


def test_un_notebook_aux_cellules_bizarres_garde_ses_cellules_de_code():
    """Une cellule qui n'est pas un objet, sans type ou sans texte : passée, le reste lu."""
    cells = [1, None, "x", {"source": "y = 2"}, {"cell_type": "code", "source": None}]
    cells.append({"cell_type": "code", "source": ["def is_coord_ok(x, y, w, h):\n", "  ..."]})
    code, _ = received.notebook_code(json.dumps({"cells": cells}).encode(), "tp.ipynb")
    # Chaque cellule garde son rang dans le notebook (grading/cells.py) : 5 et 6 ici.
    assert code == (
        "# %% notebook tp.ipynb\n# %% cellule 5\n# %% cellule 6\n"
        "def is_coord_ok(x, y, w, h):\n  ...\n"
    )


def test_preparer_un_rendu_ne_leve_jamais(tmp_path):
    """Chaque archive et chaque notebook du jeu, rendu seul ou dans un dossier de Moodle :
    ``prepare`` le dit « non noté » avec une raison en français, sans lever."""
    rendus = tmp_path / "rendus"
    rendus.mkdir()
    cases = broken_archives(rendus)
    for name, (data, _) in broken_notebooks().items():
        (rendus / f"{name}.ipynb").write_bytes(data)
    for name, (path, _) in list(cases.items()):
        if path.parent != rendus:
            shutil.copy(path, rendus / name)
    work = tmp_path / "travail"
    for path in sorted(rendus.iterdir()):
        entry = Entry(student=path.name, paths=[path], label=path.name)
        assert prepare(entry, work) is None, path.name
        assert entry.problem, path.name
        assert "Traceback" not in entry.problem and "Error" not in entry.problem, entry.problem


def test_une_erreur_inattendue_ne_coute_que_son_rendu(tmp_path, monkeypatch):
    """Si la lecture d'un rendu lève une erreur que rien n'attendait, ce rendu est « non
    noté » avec sa raison, et ``prepare`` rend la main."""
    (tmp_path / "x.zip").write_bytes(make_zip(tmp_path / "y.zip", {"tp.py": CORRECT}).read_bytes())

    def broken(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr("classroom.entries.extract", broken)
    entry = Entry(student="x", paths=[tmp_path / "x.zip"], label="x")
    assert prepare(entry, tmp_path / "travail") is None
    assert entry.problem == (
        "ce rendu n'a pas pu être lu (erreur inattendue RecursionError : maximum recursion "
        "depth exceeded)"
    )


# -- où est le code d'un dépôt -----------------------------------------------------------


def test_le_code_est_trouve_dans_un_dossier_ou_dans_sa_seule_archive(tmp_path):
    """Un dossier, un dossier qui contient le dossier du rendu, un dossier qui contient une
    archive et un PDF : le code est trouvé ; un dossier sans code dit ce qu'il a reçu."""
    upload = tmp_path / "depot"
    (upload / "rendu").mkdir(parents=True)
    (upload / "rendu" / "tp.py").write_bytes(CORRECT)
    (upload / ".DS_Store").write_bytes(b"")
    entry = Entry(student="a", paths=[upload], label="a")
    assert prepare(entry, tmp_path / "t1") == upload and entry.problem is None
    other = tmp_path / "autre"
    other.mkdir()
    make_zip(other / "rendu.tar.zip", {"dossier/tp.py": CORRECT})
    (other / "sujet.pdf").write_bytes(b"%PDF-1.4\n")
    entry = Entry(student="b", paths=[other], label="b")
    found = prepare(entry, tmp_path / "t2")
    assert (found / "dossier" / "tp.py").read_bytes() == CORRECT
    empty = tmp_path / "vide"
    (empty / "a").mkdir(parents=True)
    (empty / "b").mkdir()
    entry = Entry(student="c", paths=[empty], label="c")
    assert prepare(entry, tmp_path / "t3") is None
    assert entry.problem == "aucun code du TP trouvé : reçu : a (dossier vide), b (dossier vide)"


def test_une_archive_dans_une_archive(tmp_path):
    """Une archive qui ne contient qu'une archive : celle-ci est ouverte (l'export de Moodle
    d'un rendu zippé) ; une de plus, non, et la raison le dit."""
    inner = make_zip(tmp_path / "dedans.zip", {"tp.py": CORRECT})
    make_zip(tmp_path / "deux.zip", {"dedans.zip": inner.read_bytes()})
    entry = Entry(student="deux", paths=[tmp_path / "deux.zip"], label="deux")
    assert (prepare(entry, tmp_path / "t1") / "tp.py").read_bytes() == CORRECT
    make_zip(tmp_path / "trois.zip", {"deux.zip": (tmp_path / "deux.zip").read_bytes()})
    entry = Entry(student="trois", paths=[tmp_path / "trois.zip"], label="trois")
    assert prepare(entry, tmp_path / "t2") is None
    assert entry.problem == (
        "aucun code du TP trouvé : reçu : dedans.zip (archive ZIP, non ouverte : une archive "
        "n'est ouverte que si elle est seule, et pas dans une autre)"
    )
