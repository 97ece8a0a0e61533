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

from grading.checks.load import describe_load
from grading.rescue import LoadReport, RescueFinder, decode_source, explain_syntax, load_source

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
    assert report.as_dict() == {"dropped": [], "skipped": [], "encoding": None}


def test_un_input_en_tete_est_passe_et_les_fonctions_restent():
    namespace, report = load('nom = input("Votre nom : ")\n' + textwrap.dedent(CORRECT))
    assert functions(namespace) == ["is_coord_ok", "is_finished"]
    assert namespace["is_coord_ok"](1, 1, 2, 2) is True
    [skipped] = report.skipped
    assert skipped == {
        "file": "tp.py",
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
        "line",
        "end",
        "error_line",
        "text",
        "message",
        "functions",
    }
    assert set(data["skipped"][0]) == {"file", "line", "text", "type", "message", "name"}


def test_un_fichier_en_windows_1252_se_lit():
    text, encoding = decode_source('MESSAGE = "Déjà ouverte"\n'.encode("cp1252"))
    assert text == 'MESSAGE = "Déjà ouverte"\n' and encoding == "cp1252"
    assert decode_source("x = 'é'\n".encode()) == ("x = 'é'\n", None)


def test_les_messages_de_python_sont_expliques_en_francais():
    assert explain_syntax("expected ':'").startswith("il manque « : »")
    assert "était" not in explain_syntax("unknown message")
    assert "« unknown message »" in explain_syntax("unknown message")


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
