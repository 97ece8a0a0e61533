"""Le sujet (``sujet/sujet.md``) dit vrai : exemples, barème, signatures, transcriptions.

- Chaque bloc ```python du sujet qui contient ``>>>`` est exécuté comme un doctest
  avec les treize fonctions de la correction (un test par bloc, nommé
  ``sujet-ligne-N`` d'après la ligne de son ouverture).
- Les lignes ``**Barème : fonction — N points**`` et le tableau du barème
  reprennent exactement ``tests/grading/mark_scheme.py`` (total 20).
- Chaque fonction du contrat a, dans un bloc ```python, une ligne ``def`` dont les
  paramètres sont ceux du contrat et dont les annotations sont celles de
  ``tp_demineur/tp.py``.
- Chaque transcription précédée d'un commentaire ``<!-- rejeu : code -->`` est
  rejouée : le code est exécuté avec la correction, les réponses du joueur étant
  lues dans la transcription, et ce qui s'affiche doit être exactement le texte
  du sujet.
"""

import ast
import builtins
import contextlib
import doctest
import io
import random
import re
import sys
import textwrap
from pathlib import Path

import pytest

from grading import contract, mark_scheme

RACINE = Path(__file__).resolve().parents[2]
if str(RACINE) not in sys.path:  # pytest lancé d'ailleurs que la racine du dépôt
    sys.path.insert(0, str(RACINE))

import tp_demineur  # noqa: E402

pytestmark = pytest.mark.projet

SUJET = RACINE / "sujet" / "sujet.md"
REFERENCE = RACINE / "tp_demineur" / "tp.py"

# Les paramètres de chaque fonction, tels que le contrat les impose.
# Les fonctions que le sujet doit illustrer par au moins un doctest.
AVEC_DOCTEST = [
    "initialise_open",
    "is_coord_ok",
    "nb_adjacent_mines",
    "compute_neigh",
    "display_board",
    "is_move_ok",
    "propagate_open_cells",
    "is_finished",
]

# Les fonctions que le sujet doit illustrer par une transcription rejouée.
AVEC_TRANSCRIPTION = ["ask_move", "main"]

LIGNE_BAREME = re.compile(r"\*\*Barème : (\w+) — (\d+(?:,\d+)?) (points?)\*\*")
TITRE_SECTION = re.compile(r"## (\d+)\. ")
TITRE_SOUS_SECTION = re.compile(r"### (\d+\.\d+) ")
REJEU = re.compile(r"<!-- rejeu :(.*?)-->\n```text\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def lire_sujet() -> str:
    return SUJET.read_text(encoding="utf-8")


def blocs(texte: str) -> list[tuple[str, int, str]]:
    """Les blocs de code délimités par ``` : (étiquette, ligne d'ouverture, contenu)."""
    resultat = []
    ouvert = None
    contenu: list[str] = []
    for numero, ligne in enumerate(texte.splitlines(), start=1):
        if ouvert is None:
            if ligne.startswith("```"):
                ouvert = (ligne[3:].strip(), numero)
                contenu = []
        elif ligne.rstrip() == "```":
            resultat.append((ouvert[0], ouvert[1], "\n".join(contenu) + "\n"))
            ouvert = None
        else:
            contenu.append(ligne)
    assert ouvert is None, f"le bloc ouvert à la ligne {ouvert[1]} n'est jamais fermé"
    return resultat


def blocs_doctest() -> list[tuple[int, str]]:
    return [
        (ligne, code)
        for etiquette, ligne, code in blocs(lire_sujet())
        if etiquette == "python" and ">>>" in code
    ]


def rejeux() -> list[tuple[int, str, str]]:
    """Les transcriptions à rejouer : (ligne du commentaire, code, texte attendu)."""
    texte = lire_sujet()
    return [
        (
            texte.count("\n", 0, trouve.start()) + 1,
            textwrap.dedent(trouve.group(1)).strip(),
            trouve.group(2),
        )
        for trouve in REJEU.finditer(texte)
    ]


def format_points(points: float) -> str:
    """2.0 -> "2", 0.5 -> "0,5" : les points écrits comme dans le sujet."""
    return f"{points:g}".replace(".", ",")


def fonctions_de_reference() -> dict[str, object]:
    return {nom: getattr(tp_demineur, nom) for nom in contract.PARAMETERS}


def section_de_chaque_ligne(texte: str) -> list[str | None]:
    """Pour chaque ligne (indice 0 = ligne 1), le numéro de sa section : « 6 » sous
    ``## 6.``, « 5.2 » sous ``### 5.2``."""
    sections: list[str | None] = []
    courante = None
    for ligne in texte.splitlines():
        if ligne.startswith("## "):
            titre = TITRE_SECTION.match(ligne)
            courante = titre.group(1) if titre else None
        elif ligne.startswith("### ") and courante is not None:
            sous_titre = TITRE_SOUS_SECTION.match(ligne)
            courante = sous_titre.group(1) if sous_titre else courante.split(".")[0]
        sections.append(courante)
    return sections


# ---------------------------------------------------------------------------
# (a) Les exemples du sujet sont des doctests justes
# ---------------------------------------------------------------------------


def test_tp_py_exporte_les_fonctions_du_contrat():
    assert sorted(tp_demineur.__all__) == sorted(contract.NAMES)


def grilles_3x3() -> dict[str, list[list]]:
    """Un plateau 3×3 : une mine en (2, 0), rien d'ouvert."""
    mines = [[False, False, True], [False] * 3, [False] * 3]
    neigh = [[0, 1, 0], [0, 1, 1], [0, 0, 0]]
    return {"mines": mines, "neigh": neigh, "opened": [[False] * 3 for _ in range(3)]}


class EntreeComptee(io.StringIO):
    """Une entrée standard qui compte les lignes lues."""

    lues = 0

    def readline(self, *args):
        self.lues += 1
        return super().readline(*args)


@pytest.mark.parametrize("nom", [f.name for f in contract.TABLE if f.params])
def test_les_grilles_remplies_sont_celles_du_contrat(nom: str, monkeypatch):
    """La référence remplit sur place les grilles que la table dit, et aucune autre ; celles
    qu'elle remplit en entier peuvent arriver sales ; elle lit l'entrée si la table le dit."""
    fonction = contract.FUNCTIONS[nom]
    grilles = grilles_3x3()
    sale = {"mines": True, "neigh": 9, "opened": True}
    if fonction.overwrites:  # une grille sale, que la fonction récrit
        for grille in fonction.fills:
            grilles[grille] = [[sale[grille]] * 3 for _ in range(3)]
    if nom == "propagate_open_cells":
        grilles["opened"][2][0] = True  # l'inondation part d'une case ouverte
    valeurs = {"nb_mines": 1, "x": 0, "y": 2, "width": 3, "height": 3, **grilles}
    avant = {grille: [ligne[:] for ligne in valeurs[grille]] for grille in contract.GRIDS}
    entree = EntreeComptee("0 2\n" * 3)
    monkeypatch.setattr("sys.stdin", entree)
    random.seed(0)
    with contextlib.redirect_stdout(io.StringIO()):
        getattr(tp_demineur, nom)(*(valeurs[p] for p in fonction.params))
    remplies = tuple(g for g in contract.GRIDS if valeurs[g] != avant[g])
    assert remplies == fonction.fills, f"{nom} remplit {remplies}"
    assert (entree.lues > 0) == fonction.reads_input, f"{nom} a lu {entree.lues} ligne(s)"


def test_main_lit_l_entree_comme_le_dit_le_contrat(monkeypatch):
    entree = EntreeComptee("3\n3\n1\n" + "0 2\n1 2\n2 2\n0 1\n1 1\n2 1\n0 0\n1 0\n2 0\n")
    monkeypatch.setattr("sys.stdin", entree)
    with contextlib.redirect_stdout(io.StringIO()):
        tp_demineur.main()
    assert entree.lues > 3 and contract.FUNCTIONS["main"].reads_input


def test_le_sujet_a_des_doctests_pour_les_fonctions_demandees():
    code = "".join(code for _, code in blocs_doctest())
    absentes = [nom for nom in AVEC_DOCTEST if not re.search(rf"\b{nom}\(", code)]
    assert not absentes, f"aucun doctest du sujet n'appelle : {', '.join(absentes)}"


@pytest.mark.parametrize(
    ("ligne", "code"),
    blocs_doctest(),
    ids=[f"sujet-ligne-{ligne}" for ligne, _ in blocs_doctest()],
)
def test_exemple_du_sujet(ligne: int, code: str):
    # Le numéro donné à doctest est celui de la ligne ``` : les lignes de ses
    # rapports sont alors celles du fichier sujet.md.
    exemple = doctest.DocTestParser().get_doctest(
        code, fonctions_de_reference(), f"sujet-ligne-{ligne}", str(SUJET), ligne
    )
    rapport: list[str] = []
    runner = doctest.DocTestRunner(verbose=False)
    etat = random.getstate()
    try:
        runner.run(exemple, out=rapport.append)
    finally:
        random.setstate(etat)
    assert runner.tries > 0
    if runner.failures:
        pytest.fail("".join(rapport), pytrace=False)


# ---------------------------------------------------------------------------
# (b) Le barème du sujet est celui de tests/grading/mark_scheme.py
# ---------------------------------------------------------------------------


def test_chaque_fonction_a_sa_ligne_de_bareme_dans_sa_section():
    texte = lire_sujet()
    sections = section_de_chaque_ligne(texte)
    vues: dict[str, int] = {}
    for numero, ligne in enumerate(texte.splitlines(), start=1):
        if "Barème :" not in ligne or ligne.startswith("|"):
            continue
        trouve = LIGNE_BAREME.fullmatch(ligne.strip())
        assert trouve, f"ligne {numero} : barème mal écrit : {ligne!r}"
        nom, points, _ = trouve.groups()
        assert nom in mark_scheme.BAREME, f"ligne {numero} : {nom} n'est pas au barème"
        assert nom not in vues, f"{nom} a deux lignes de barème ({vues[nom]} et {numero})"
        vues[nom] = numero
        question, attendu = mark_scheme.BAREME[nom]
        assert points == format_points(attendu), (
            f"ligne {numero} : {nom} vaut {format_points(attendu)} dans mark_scheme.py, "
            f"{points} dans le sujet"
        )
        # La section du contrat, celle que citent les numéros des tests sur Gradescope.
        section = contract.FUNCTIONS[nom].section
        assert sections[numero - 1] == section and question == f"Q{section.split('.')[0]}", (
            f"ligne {numero} : la ligne de barème de {nom} devrait être dans la "
            f"section {section}, elle est dans la section {sections[numero - 1]}"
        )
    manquantes = sorted(set(mark_scheme.BAREME) - set(vues))
    assert not manquantes, f"pas de ligne de barème pour : {', '.join(manquantes)}"


def test_le_tableau_du_bareme_totalise_20():
    texte = lire_sujet()
    debut = texte.index("\n## Barème\n")
    fin = texte.index("\n## ", debut + 1)
    lignes = [ligne for ligne in texte[debut:fin].splitlines() if ligne.startswith("|")]
    assert len(lignes) >= 3, "le tableau du barème est introuvable"
    entete, separateur, *rangees = lignes
    assert [case.strip() for case in entete.strip("|").split("|")] == [
        "Question",
        "Fonction",
        "Points",
    ]
    assert set(separateur) <= set("|-: ")
    total = None
    vus: dict[str, str] = {}
    for rangee in rangees:
        question, fonction, points = (case.strip() for case in rangee.strip("|").split("|"))
        if question == "**Total**":
            assert fonction == ""
            total = points.strip("*")
            continue
        nom = fonction.strip("`")
        assert nom in mark_scheme.BAREME, f"{fonction} n'est pas au barème"
        assert nom not in vus, f"{nom} apparaît deux fois dans le tableau"
        vus[nom] = points
        attendu_q, attendu_points = mark_scheme.BAREME[nom]
        assert f"Q{question}" == attendu_q, f"{nom} : question {question} au lieu de {attendu_q}"
        assert points == format_points(attendu_points), f"{nom} : {points} points"
    assert set(vus) == set(mark_scheme.BAREME)
    somme = sum(float(points.replace(",", ".")) for points in vus.values())
    assert total == format_points(mark_scheme.TOTAL) == "20"
    assert somme == mark_scheme.TOTAL == 20


def test_chaque_ligne_du_bareme_a_son_test_et_chaque_test_sa_ligne():
    """Le barème ligne à ligne (``tools/bareme.py``) se lit sans erreur : chaque test noté a
    sa ligne dans mark_scheme.RUBRIC, chaque ligne son test, et les lignes font 20."""
    from classroom.rubric import rubric_lines

    lines = rubric_lines(Path(__file__).resolve().parents[1])
    assert len(lines) == sum(len(rubric) for rubric in mark_scheme.RUBRIC.values())
    assert abs(sum(line.points for line in lines) - 20) < 1e-9
    assert all(line.points > 0 for line in lines)


# ---------------------------------------------------------------------------
# (c) Les signatures du sujet sont celles du contrat et de la correction
# ---------------------------------------------------------------------------


def signatures_de_reference() -> dict[str, ast.FunctionDef]:
    module = ast.parse(REFERENCE.read_text(encoding="utf-8"))
    return {
        noeud.name: noeud
        for noeud in module.body
        if isinstance(noeud, ast.FunctionDef) and noeud.name in contract.PARAMETERS
    }


def lignes_def_du_sujet() -> dict[str, list[tuple[int, str]]]:
    trouvees: dict[str, list[tuple[int, str]]] = {}
    for etiquette, debut, code in blocs(lire_sujet()):
        if etiquette != "python":
            continue
        for decalage, ligne in enumerate(code.splitlines(), start=1):
            trouve = re.match(r"def (\w+)\(", ligne)
            if trouve:
                trouvees.setdefault(trouve.group(1), []).append((debut + decalage, ligne))
    return trouvees


@pytest.mark.parametrize("nom", list(contract.PARAMETERS))
def test_la_signature_du_sujet_est_celle_du_contrat(nom: str):
    reference = signatures_de_reference()[nom]
    parametres = tuple(a.arg for a in reference.args.args)
    assert parametres == contract.PARAMETERS[nom], "tp.py et le contrat"
    lignes = lignes_def_du_sujet().get(nom)
    assert lignes, f"le sujet n'a pas de ligne « def {nom}( » dans un bloc python"
    for numero, ligne in lignes:
        noeud = ast.parse(ligne.strip() + "\n    ...\n").body[0]
        assert isinstance(noeud, ast.FunctionDef)
        assert tuple(a.arg for a in noeud.args.args) == contract.PARAMETERS[nom], f"ligne {numero}"
        assert ast.unparse(noeud.args) == ast.unparse(reference.args), f"ligne {numero}"
        assert reference.returns is not None and noeud.returns is not None, f"ligne {numero}"
        assert ast.unparse(noeud.returns) == ast.unparse(reference.returns), f"ligne {numero}"


# ---------------------------------------------------------------------------
# (d) Les transcriptions du sujet sont celles de la correction
# ---------------------------------------------------------------------------


def test_le_sujet_a_des_transcriptions_pour_les_saisies():
    code = "\n".join(code for _, code, _ in rejeux())
    absentes = [nom for nom in AVEC_TRANSCRIPTION if not re.search(rf"\b{nom}\(", code)]
    assert not absentes, f"aucune transcription du sujet ne rejoue : {', '.join(absentes)}"


@pytest.mark.parametrize(
    ("ligne", "code", "attendu"),
    rejeux(),
    ids=[f"rejeu-ligne-{ligne}" for ligne, _, _ in rejeux()],
)
def test_transcription_du_sujet(ligne: int, code: str, attendu: str, monkeypatch):
    lignes = attendu.splitlines()
    sortie = io.StringIO()

    def saisie(question: str = "") -> str:
        # La question s'écrit, puis la réponse du joueur : celle-ci est la fin
        # de la ligne de la transcription qui commence par la question.
        sortie.write(question)
        deja_ecrit = sortie.getvalue()
        numero = deja_ecrit.count("\n")
        if numero >= len(lignes):
            raise EOFError
        debut = deja_ecrit.rsplit("\n", 1)[-1]
        prevue = lignes[numero]
        if prevue.startswith(debut):
            reponse = prevue[len(debut) :]
        elif prevue == debut.rstrip():
            reponse = ""
        else:
            pytest.fail(
                f"ligne {numero + 1} de la transcription : la correction affiche "
                f"{debut!r}, le sujet {prevue!r}",
                pytrace=False,
            )
        sortie.write(reponse + "\n")
        return reponse

    monkeypatch.setattr(builtins, "input", saisie)
    espace = {**fonctions_de_reference(), "random": random}
    etat = random.getstate()
    try:
        with contextlib.redirect_stdout(sortie):
            exec(compile(code, f"sujet-ligne-{ligne}", "exec"), espace)
    finally:
        random.setstate(etat)
    obtenu = [texte.rstrip() for texte in sortie.getvalue().splitlines()]
    assert obtenu == [texte.rstrip() for texte in lignes]
