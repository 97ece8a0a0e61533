"""Le chargement indulgent d'un rendu (``grading/rescue.py``), essayé dans ce processus.

Chaque fonction définie dans le fichier est chargée, même quand une instruction du
module plante (``input()``, ``main()``, ``sys.exit()``…) ou qu'une autre fonction ne
se compile pas ; chaque instruction passée ou passage retiré est rapporté.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import sys
import textwrap

import pytest

from classroom import received
from grading import rescue, worker
from grading.checks.common import explain_error
from grading.checks.load import describe_load
from grading.rescue import (
    LoadReport,
    RescueFinder,
    decode_source,
    explain_syntax,
    load_source,
    statement_starts,
)

pytestmark = pytest.mark.projet


def load(source: str, **options) -> tuple[dict, LoadReport]:
    """Charge ``source`` comme le ferait le processus de travail : entrée vide, sortie captée."""
    namespace = {"__name__": "soumission"}
    saved = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            report = load_source(textwrap.dedent(source), "/rendu/tp.py", namespace, **options)
    finally:
        sys.stdin = saved
    return namespace, report


def functions(namespace: dict) -> list[str]:
    return sorted(k for k, v in namespace.items() if callable(v) and not k.startswith("__"))


CORRECT = """\
    def is_coord_ok(x, y, width, height):
        return 0 <= x < width and 0 <= y < height


    def is_finished(mines, opened):
        return 0
"""


def test_un_fichier_correct_se_charge_sans_rien_rapporter():
    namespace, report = load(CORRECT)
    assert functions(namespace) == ["is_coord_ok", "is_finished"]
    assert report.as_dict() == {"dropped": [], "skipped": [], "encoding": None, "notebook": None}


def test_un_input_en_tete_est_passe_et_les_fonctions_restent():
    namespace, report = load('nom = input("Votre nom : ")\n' + textwrap.dedent(CORRECT))
    assert functions(namespace) == ["is_coord_ok", "is_finished"]
    assert namespace["is_coord_ok"](1, 1, 2, 2) is True
    [skipped] = report.skipped
    assert skipped == {
        "file": "tp.py",
        "cell": None,
        "line": 1,
        "text": 'nom = input("Votre nom : ")',
        "type": "EOFError",
        "message": skipped["message"],
        "name": None,
    }
    assert "input()" in skipped["message"]
    assert report.dropped == []


def test_un_main_qui_plante_un_print_qui_leve_et_un_sys_exit_sont_passes():
    source = """\
    import sys

    sys.exit()

    def main():
        largeur = int(input("Largeur : "))

    print(1 / 0)

    def is_coord_ok(x, y, width, height):
        return 0 <= x < width and 0 <= y < height

    main()
    """
    namespace, report = load(source)
    assert functions(namespace) == ["is_coord_ok", "main"]
    assert [(s["line"], s["type"]) for s in report.skipped] == [
        (3, "SystemExit"),
        (8, "ZeroDivisionError"),
        (13, "EOFError"),
    ]
    assert "sys.exit()" in report.skipped[0]["message"]
    assert "ZeroDivisionError" in report.skipped[1]["message"]
    assert [s["text"] for s in report.skipped] == ["sys.exit()", "print(1 / 0)", "main()"]


def test_une_erreur_de_syntaxe_ne_coute_que_sa_fonction():
    source = """\
    def is_coord_ok(x, y, width, height):
        return 0 <= x < width and 0 <= y < height


    def is_finished(mines, opened):
        for ligne in opened:
            if ligne[0] = True:
                return 2
        return 0


    def is_move_ok(opened, x, y):
        return is_coord_ok(x, y, len(opened[0]), len(opened)) and not opened[y][x]
    """
    namespace, report = load(source)
    assert functions(namespace) == ["is_coord_ok", "is_move_ok"]
    [dropped] = report.dropped
    assert (dropped["line"], dropped["end"], dropped["error_line"]) == (5, 9, 7)
    assert dropped["text"] == "if ligne[0] = True:"
    assert dropped["functions"] == ["is_finished"]
    assert "==" in dropped["message"] and "Python" in dropped["message"]
    # Les numéros de ligne sont gardés : la fonction d'après est bien à la ligne 12.
    assert namespace["is_move_ok"].__code__.co_firstlineno == 12
    assert report.skipped == []


# Trois fonctions justes ; chaque faute de frappe ci-dessous touche une ligne de la deuxième.
THREE = """\
def a(grille):
    return len(grille)


def b(grille, x, y):
    total = 0
    for ligne in grille:
        if ligne[x]:
            total += 1
    print("total :", total)
    return total


def c():
    return 3
"""

# Les fautes de frappe des débutants : (nom, ligne touchée, texte fautif, ce que le
# retour doit en dire). La ligne touchée est une ligne de b (lignes 5 à 11).
TYPOS = [
    ("parenthese_en_trop", 6, "    total = 0)", "« ) » fermée sans avoir été ouverte"),
    ("crochet_en_trop", 8, "        if ligne[x]]:", "« ] » fermé sans avoir été ouvert"),
    ("deux_points_oublies", 7, "    for ligne in grille", "il manque « : »"),
    ("parenthese_jamais_fermee", 10, '    print("total :", total', "« ( » ouverte ici"),
    ("crochet_jamais_ferme", 8, "        if ligne[x:", "« [ » ouvert ici"),
    ("guillemet_oublie", 10, '    print("total :, total)', "chaîne de caractères"),
    ("ligne_trop_decalee", 7, "      for ligne in grille:", "décalée (indentée) sans raison"),
    ("ligne_pas_assez_decalee", 10, '  print("total :", total)', "retrait de cette ligne"),
    ("def_casse", 5, "def b(grille, x y):", "syntaxe invalide"),
    ("tabulation_et_espaces", 9, "\t    total += 1", "tabulations et espaces"),
    ("triples_guillemets_jamais_fermes", 6, '    total = 0  """', "triples guillemets"),
    ("print_de_python_2", 10, '    print "total :", total', "print(...)"),
]


@pytest.mark.parametrize(
    ("line", "typo", "said"), [t[1:] for t in TYPOS], ids=[t[0] for t in TYPOS]
)
def test_une_faute_de_frappe_ne_coute_que_sa_fonction(line, typo, said):
    """La fonction fautive seule est retirée, une seule fois rapportée, avec la ligne de la
    faute et le message de Python expliqué ; les autres gardent leurs numéros de ligne."""
    lines = THREE.splitlines()
    lines[line - 1] = typo
    namespace, report = load("\n".join(lines) + "\n")
    assert functions(namespace) == ["a", "c"], report.dropped
    assert namespace["c"].__code__.co_firstlineno == 14
    [dropped] = report.dropped
    assert (dropped["line"], dropped["end"], dropped["functions"]) == (5, 11, ["b"])
    assert dropped["error_line"] == line and dropped["text"] == typo.strip()
    assert said in dropped["message"] and "Python" in dropped["message"], dropped["message"]
    assert report.skipped == []


def test_une_parenthese_en_trop_entre_deux_fonctions_ne_coute_rien():
    namespace, report = load(THREE.replace("\n\n\ndef c", "\n)\n\ndef c"))
    assert functions(namespace) == ["a", "b", "c"]
    [dropped] = report.dropped
    assert (dropped["line"], dropped["end"], dropped["functions"]) == (12, 12, [])
    note = describe_load({**report.as_dict(), "functions": ["a", "b", "c"]}, ["a", "b", "c"])
    assert note == (
        "Ligne 12 de tp.py, « ) » ne se compile pas : « ) » fermée sans avoir été ouverte : "
        "une parenthèse en trop ? (Python : « unmatched ')' »).\n"
        "  La ligne 12 a été retirée avant la notation."
    )


def test_des_triples_guillemets_en_trop_ne_coutent_que_leur_fonction():
    """Des guillemets triples ouverts en trop dans a se ferment sur la documentation de b :
    le texte de b et de c devient une chaîne pour Python. Chaque fonction essayée seule,
    seule a est perdue."""
    source = '''\
def a():
    """Un.""" """
    return 1


def b():
    """Deux : l'apostrophe."""
    return 2


def c():
    """Trois."""
    return 3
'''
    namespace, report = load(source)
    assert functions(namespace) == ["b", "c"]
    [dropped] = report.dropped
    assert (dropped["line"], dropped["error_line"], dropped["functions"]) == (1, 2, ["a"])
    assert "triples guillemets" in dropped["message"]
    assert "detected at line" not in dropped["message"]  # une ligne hors de a, vue seule


def test_un_texte_trop_long_ou_trop_imbrique_n_est_pas_donne_a_parso():
    """Au-delà des bornes, parso ne découpe rien (il y passerait des secondes et des
    centaines de Mio) ; le fichier est alors coupé avant chaque définition, et seule la
    fonction fausse est perdue."""
    deep = "def b():\n    return " + "(" * 5_000 + "\n"
    assert statement_starts(deep) is None
    assert statement_starts("x = 1\n" * (rescue.MAX_CHARACTERS // 6 + 1)) is None
    assert statement_starts(THREE) == [1, 5, 14]
    namespace, report = load(THREE.replace("def c", deep + "\n\ndef c"))
    assert functions(namespace) == ["a", "b", "c"]  # la première b, redéfinie
    assert [d["functions"] for d in report.dropped] == [["b"]]
    filler = "\n    x = 1" * (rescue.MAX_CHARACTERS // 10)  # 10 caractères par ligne
    big = THREE.replace("    return 3", "    return 3" + filler)
    namespace, report = load(big.replace("total = 0", "total = 0)"))
    assert functions(namespace) == ["a", "c"]
    assert [d["functions"] for d in report.dropped] == [["b"]]


@pytest.mark.parametrize("failure", [RecursionError, MemoryError, NotImplementedError])
def test_un_echec_de_parso_laisse_couper_avant_chaque_definition(monkeypatch, failure):
    """parso qui s'épuise (récursion, mémoire) ou ne connaît pas cette version de Python :
    le fichier est coupé avant chaque définition, et seule la fonction fausse est perdue."""

    def failing():
        raise failure("parso n'y arrive pas")

    monkeypatch.setattr(rescue, "import_parso", lambda: type("P", (), {"load_grammar": failing}))
    source = THREE.replace("total = 0", "total = 0)")
    assert statement_starts(source) is None
    namespace, report = load(source)
    assert functions(namespace) == ["a", "c"]
    assert [(d["line"], d["functions"]) for d in report.dropped] == [(5, ["b"])]


def test_deux_fonctions_fausses_sont_retirees_chacune():
    source = """\
    def a():
        return (1,

    def b():
        return 2

    def c(:
        pass

    def d():
        return 4
    """
    namespace, report = load(source)
    assert functions(namespace) == ["b", "d"]
    assert [(d["line"], d["functions"]) for d in report.dropped] == [(1, ["a"]), (7, ["c"])]


def test_une_fonction_sans_corps_ne_coute_pas_la_suivante():
    namespace, report = load("def a():\ndef b():\n    return 2\n")
    assert functions(namespace) == ["b"]
    assert report.dropped[0]["functions"] == ["a"]
    assert "ligne 1" in report.dropped[0]["message"]


def test_les_chaines_sur_plusieurs_lignes_ne_trompent_pas_le_decoupage():
    source = '''\
"""Mon TP.
texte en colonne 0 dans la documentation
def pas_une_fonction():
"""


def a():
    aide = """
def fausse():
    return 1 +
"""
    return aide


def b(:
    pass


def c():
    return 3
'''
    namespace, report = load(source)
    assert functions(namespace) == ["a", "c"]
    assert namespace["__doc__"].startswith("Mon TP.")
    assert [(d["line"], d["end"], d["functions"]) for d in report.dropped] == [(15, 16, ["b"])]


def test_une_chaine_jamais_fermee_ne_coute_que_son_instruction():
    namespace, report = load('s = """jamais fermée\n\ndef a():\n    return 1\n')
    assert functions(namespace) == ["a"]
    assert report.dropped[0]["line"] == 1 and report.dropped[0]["functions"] == []


def test_un_decorateur_part_avec_sa_fonction():
    source = """\
    import functools

    @functools.lru_cache
    @functools.lru_cache
    def a(x):
        return x +

    def b():
        return 2
    """
    namespace, report = load(source)
    assert functions(namespace) == ["b"]
    assert (report.dropped[0]["line"], report.dropped[0]["functions"]) == (3, ["a"])


def test_else_et_except_restent_avec_leur_bloc():
    source = """\
    try:
        import inexistant
    except ImportError:
        inexistant = None
    if inexistant is None:
        def a():
            return 1
    else:
        def a():
            return 2

    def b(:
        pass
    """
    namespace, report = load(source)
    assert functions(namespace) == ["a"] and namespace["a"]() == 1
    assert [d["line"] for d in report.dropped] == [12]


def test_from_future_annotations_vaut_pour_tout_le_fichier():
    source = """\
    from __future__ import annotations

    def a(grille: Grille) -> Inconnu:
        return 1
    """
    namespace, report = load(source)
    assert namespace["a"](None) == 1
    assert report.skipped == []


def test_seules_les_definitions_avec_definitions_only():
    source = """\
    import random
    TAILLE = [[0] * 3 for _ in range(2)]
    LARGEUR = 50

    def a():
        return LARGEUR

    while True:
        pass
    """
    namespace, report = load(source, definitions_only=True)
    assert namespace["a"]() == 50 and "random" in namespace
    assert "TAILLE" not in namespace  # un appel de fonction : pas une simple définition
    assert [(s["line"], s["type"]) for s in report.skipped] == [(2, None), (8, None)]


def test_un_caractere_nul_ne_coute_que_sa_ligne():
    namespace, report = load("x = 1\0\ndef a():\n    return 1\n")
    assert functions(namespace) == ["a"]
    assert report.dropped[0]["line"] == 1


def test_le_rapport_est_fait_de_donnees_json():
    _, report = load("print(1 / 0)\ndef a(:\n    pass\n")
    data = report.as_dict()
    assert json.loads(json.dumps(data)) == data
    assert set(data["dropped"][0]) == {
        "file",
        "cell",
        "line",
        "end",
        "error_line",
        "text",
        "message",
        "functions",
    }
    assert set(data["skipped"][0]) == {"file", "cell", "line", "text", "type", "message", "name"}


def test_un_fichier_en_windows_1252_se_lit():
    text, encoding = decode_source('MESSAGE = "Déjà ouverte"\n'.encode("cp1252"))
    assert text == 'MESSAGE = "Déjà ouverte"\n' and encoding == "cp1252"
    assert decode_source("x = 'é'\n".encode()) == ("x = 'é'\n", None)


def test_les_messages_de_python_sont_expliques_en_francais():
    assert explain_syntax("expected ':'").startswith("il manque « : »")
    assert "était" not in explain_syntax("unknown message")
    assert "« unknown message »" in explain_syntax("unknown message")


def test_un_notebook_est_decoupe_et_explique_cellule_par_cellule():
    """Chaque cellule se compile à part, comme dans Jupyter : des triples guillemets jamais
    fermés dans la cellule 5 n'avalent pas la cellule 6. Chaque ligne est dite par sa
    cellule (comptée avec les cellules de texte) et sa ligne dans la cellule ; l'appel qui
    lit le clavier se retire de sa cellule (un notebook n'a pas de __name__ == "__main__")."""
    cells = [
        ("markdown", "# Mon TP"),
        ("code", "import random"),
        ("code", "def a():\n    return 1)\n\n\ndef b():\n    return 2"),
        ("markdown", "## La suite"),
        ("code", 'aide = """jamais fermée\nx = 1'),
        ("code", "def c():\n    return 1 / 0"),
        ("code", "c\nnom = input()"),
    ]
    data = json.dumps({"cells": [{"cell_type": k, "source": t} for k, t in cells]})
    source, _ = received.notebook_code(data.encode(), "nina.ipynb")
    namespace, report = load(source)
    assert functions(namespace) == ["b", "c"] and "random" in namespace
    assert report.notebook == "nina.ipynb"
    assert [
        (d["file"], d["cell"], d["line"], d["end"], d["error_line"]) for d in report.dropped
    ] == [
        ("nina.ipynb", 3, 1, 2, 2),
        ("nina.ipynb", 5, 1, 2, 1),
    ]
    assert [(s["cell"], s["line"], s["type"]) for s in report.skipped] == [(7, 2, "EOFError")]
    info = {**report.as_dict(), "functions": ["b", "c"], "read_input": True}
    note = describe_load(info, ["a", "b", "c"])
    assert "Cellule 3, ligne 2 de nina.ipynb, « return 1) » ne se compile pas" in note
    assert "Les lignes 1 à 2 de la cellule 3 (a) ont été retirées" in note
    assert "Cellule 7, ligne 2 de nina.ipynb, « nom = input() » n'a pas été exécutée" in note
    assert "retirez (ou mettez en commentaire) l'appel de la cellule 7" in note
    assert "Le reste du notebook a été chargé et noté." in note
    assert "__name__" not in note and ".py" not in note, note
    # Une erreur à l'exécution, plus tard, est située dans sa cellule elle aussi.
    try:
        namespace["c"]()
    except ZeroDivisionError as error:
        described = worker.describe_exception(error, "/rendu/")
    name, line, _, cell = described["line"]  # le texte de la ligne : lu dans le fichier
    assert (name, line, cell) == ("nina.ipynb", 2, 6)
    assert "\n  à la cellule 6, ligne 2 de nina.ipynb : " in explain_error(described)


def test_aucun_message_ne_nomme_les_dossiers_de_la_notation(monkeypatch):
    """Le chemin de la copie privée (ici /rendu/) n'apparaît dans aucun message : un import
    qui échoue le dirait, Python l'écrit dans son message."""
    monkeypatch.setattr(rescue, "FOLDERS", ["/rendu/"])
    error = ImportError("cannot import name 'main' from 'tp_demineur.tp' (/rendu/tp.py)")
    assert rescue.explain_exception(error) == (
        "elle importe « main » de tp_demineur.tp, qui ne le définit pas"
    )
    missing = FileNotFoundError(2, "No such file or directory")
    missing.filename = "/rendu/grille.txt"
    assert "/rendu/" not in rescue.explain_exception(missing)
    try:
        compile("x = (", "/rendu/tp.py", "exec")
    except SyntaxError as syntax:
        described = worker.describe_exception(syntax, "/rendu/")
    assert described["line"][:2] == ["tp.py", 1]
    assert "/rendu" not in described["message"] and "tp.py" not in described["message"]


@pytest.fixture
def package(tmp_path):
    """Un paquet rendu, comme celui du kit : __init__.py importe les fonctions de tp.py."""
    root = tmp_path / "soumission"
    folder = root / "paquet_rendu"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text(
        "from .tp import (\n    is_coord_ok,\n    is_finished,\n    is_move_ok,\n)\n",
        encoding="utf-8",
    )
    (folder / "tp.py").write_text(
        textwrap.dedent(
            """\
            nom = input("Votre nom : ")

            def is_coord_ok(x, y, width, height):
                return 0 <= x < width and 0 <= y < height

            def is_finished(mines, opened):
                if opened = mines:
                    return 2

            def is_move_ok(opened, x, y):
                return not opened[y][x]
            """
        ),
        encoding="utf-8",
    )
    yield root, folder
    for name in [n for n in sys.modules if n.split(".")[0] == "paquet_rendu"]:
        del sys.modules[name]


def test_un_paquet_garde_les_fonctions_de_ses_modules(package):
    root, folder = package
    report = LoadReport()
    finder = RescueFinder(str(root), report)
    init = str(folder / "__init__.py")
    spec = importlib.util.spec_from_file_location(
        "paquet_rendu",
        init,
        loader=finder.loader("paquet_rendu", init),
        submodule_search_locations=[str(folder)],
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["paquet_rendu"] = module
    saved = sys.stdin
    sys.stdin = io.StringIO("")
    finder.install()
    try:
        spec.loader.exec_module(module)
    finally:
        finder.uninstall()
        sys.stdin = saved
    assert finder not in sys.meta_path
    assert module.is_coord_ok(0, 0, 1, 1) is True and module.is_move_ok([[False]], 0, 0)
    assert not hasattr(module, "is_finished")
    assert [(d["file"], d["line"], d["functions"]) for d in report.dropped] == [
        ("paquet_rendu/tp.py", 6, ["is_finished"])
    ]
    # L'instruction de tp.py passée, puis le nom absent de l'import de __init__.py.
    assert [(s["file"], s["line"], s["type"], s["name"]) for s in report.skipped] == [
        ("paquet_rendu/tp.py", 1, "EOFError", None),
        ("paquet_rendu/__init__.py", 1, "ImportError", "is_finished"),
    ]
    # Le retour ne parle pas de l'import : le passage retiré explique déjà is_finished.
    info = {**report.as_dict(), "functions": ["is_coord_ok", "is_move_ok"]}
    note = describe_load(info, ["is_coord_ok", "is_finished", "is_move_ok"])
    assert "de paquet_rendu/tp.py, « if opened = mines: »" in note, note
    assert "__init__.py" not in note and "absentes" not in note, note
    assert "Le reste du fichier a été chargé et noté." in note
    assert "input()" in note and '__name__ == "__main__"' in note


def test_le_retour_dit_quelle_ligne_a_ete_passee_ou_retiree_et_pourquoi():
    source = """\
    nom = input("Votre nom : ")

    def is_coord_ok(x, y, width, height):
        return 0 <= x < width and 0 <= y < height

    def is_finished(mines, opened):
        if opened = mines:
            return 2
    """
    namespace, report = load(source)
    info = {"ready": True, "functions": functions(namespace), "read_input": True}
    info.update(report.as_dict())
    text = describe_load(info, ["is_coord_ok", "is_finished", "ask_move"])
    assert 'Ligne 1 de tp.py, « nom = input("Votre nom : ") » n\'a pas été exécutée' in text
    assert "input()" in text and '__name__ == "__main__"' in text
    assert "Ligne 7 de tp.py, « if opened = mines: » ne se compile pas" in text
    assert "Les lignes 6 à 8 (is_finished) ont été retirées" in text
    assert "is_finished n'a pas pu être notée" in text
    # Chaque fait une fois : ni « entrée fermée » en plus, ni is_finished « absente ».
    assert "entrée fermée" not in text
    assert text.endswith("Fonctions absentes de votre code : ask_move.")
