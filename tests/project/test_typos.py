"""Une faute de frappe ne coûte que sa fonction : un « ) » ou un « ] » en trop à la fin de
chaque ligne de chaque fonction de deux solutions justes (``typo_variants.py``).

Chaque fichier est d'abord chargé ici, comme le processus de travail le charge
(``grading/rescue.py``) : toutes les fautes, une à une, ne retirent que la fonction
touchée, par un seul passage, à la ligne de la faute, et le retour n'en dit qu'une
phrase, sans aucun dossier de la notation. Puis un échantillon est noté en classe par
``grade_class.py``, comme le ferait un enseignant : la fonction touchée, seule, perd
ses points, et ni le retour, ni notes.csv, ni results.json ne nomment un dossier de
la notation.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import typo_variants
from grading import contract, mark_scheme
from grading.checks.load import describe_load
from grading.rescue import load_source

pytestmark = [pytest.mark.projet, pytest.mark.lent]

TESTS = Path(__file__).resolve().parents[1]
NAMES = list(contract.PARAMETERS)
# Le chemin qu'aurait la copie privée : aucun message ne doit le nommer.
PRIVATE = "/tmp/demineur-notation-essai/soumission/"
BROKEN = {")": "« ) » fermée sans avoir été ouverte", "]": "« ] » fermé sans avoir été ouvert"}


def loaded(text: str) -> tuple[dict, dict]:
    """Le fichier chargé comme dans le processus de travail (entrée vide, sortie captée) :
    son espace de noms et ce que le chargement rapporte."""
    namespace = {"__name__": "soumission"}
    saved = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            report = load_source(text, PRIVATE + "tp.py", namespace)
    finally:
        sys.stdin = saved
    return namespace, report.as_dict()


@pytest.mark.parametrize("solution", sorted(typo_variants.SOLUTIONS))
@pytest.mark.parametrize("function", NAMES)
def test_chaque_faute_ne_retire_que_sa_fonction(solution, function):
    found = typo_variants.typos(solution, [function])
    assert len(found) >= 4  # au moins la ligne def et une ligne du corps, deux fois
    for typo in found:
        namespace, report = loaded(typo.text)
        kept = {name for name in NAMES if callable(namespace.get(name))}
        assert kept == set(NAMES) - {function}, typo.name
        [dropped] = report["dropped"]
        assert dropped["functions"] == [function], typo.name
        assert dropped["error_line"] == typo.line, typo.name
        assert BROKEN[typo.closer] in dropped["message"], typo.name
        assert report["skipped"] == [], typo.name
        note = describe_load({**report, "functions": sorted(kept)}, NAMES)
        assert note.count("ne se compile pas") == 1, note
        assert f"Ligne {typo.line} de tp.py" in note and "demineur-notation" not in note, note


# L'échantillon noté en classe : dans chaque solution, la première, une du milieu et la
# dernière fonction du fichier, une fois « ) », une fois « ] ».
SAMPLE = [
    typo_variants.sample(solution, function, closer)
    for solution in sorted(typo_variants.SOLUTIONS)
    for function, closer in [("initialise_mines", ")"), ("display_board", "]"), ("main", ")")]
]


@pytest.fixture(scope="module")
def graded_sample(tmp_path_factory) -> tuple[Path, Path]:
    """L'échantillon noté comme une classe par grade_class.py ; renvoie (rendus, notes)."""
    root = tmp_path_factory.mktemp("fautes")
    rendus, out = root / "rendus", root / "notes"
    rendus.mkdir()
    for typo in SAMPLE:
        (rendus / f"{typo.name}.py").write_text(typo.text, encoding="utf-8")
    command = [sys.executable, str(TESTS / "tools" / "grade_class.py"), str(rendus)]
    run = subprocess.run(
        [*command, "--sortie", str(out)], capture_output=True, text=True, timeout=1800
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return root, out


@pytest.mark.parametrize("typo", SAMPLE, ids=lambda typo: typo.name)
def test_en_classe_seule_la_fonction_touchee_perd_ses_points(graded_sample, typo):
    _, out = graded_sample
    result = json.loads((out / "json" / f"{typo.name}.json").read_text(encoding="utf-8"))
    lost = {test["tags"][0] for test in result["tests"] if test["status"] != "passed"}
    assert lost == {typo.function}
    weight = mark_scheme.BAREME[typo.function][1]
    assert result["score"] == pytest.approx(mark_scheme.TOTAL - weight)
    feedback = (out / "retours" / f"{typo.name}.txt").read_text(encoding="utf-8")
    feedback = " ".join(feedback.split())  # sans les coupures à 80 colonnes
    assert feedback.count("ne se compile pas") == 1, feedback
    assert f"Ligne {typo.line} de {typo.name}.py" in feedback and BROKEN[typo.closer] in feedback


def test_aucun_dossier_de_la_notation_dans_ce_que_lisent_etudiants_et_enseignant(graded_sample):
    """Ni le dossier de la classe, ni la copie privée (/sandbox, le dossier jetable de la
    notation) dans les retours, notes.csv, les results.json ou la synthèse."""
    root, out = graded_sample
    texts = {
        path.relative_to(out): path.read_text(encoding="utf-8")
        for path in out.rglob("*")
        if path.is_file() and path.suffix in (".txt", ".csv", ".json", ".md")
    }
    assert any(name.parts[0] == "retours" for name in texts)
    for name, text in texts.items():
        for folder in (str(root), "/sandbox", "demineur-notation-"):
            assert folder not in text, f"{name} : {folder}"
    with (out / "notes.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter=";"))
    assert len(rows) == len(SAMPLE)
