"""Le kit étudiant (``python tests/tools/build_kit.py DEST``), construit puis essayé.

Le kit est construit une fois pour tout le module, dans un dossier temporaire ;
chaque commande y est lancée dans un sous-processus, comme l'étudiant la tape :

- aucune ligne de solution de la référence ne se retrouve dans le kit (voir
  ``solution_lines`` pour la règle) ;
- le ``tp.py`` du kit garde signatures, documentations, constantes et
  commentaires, compile et passe ruff ;
- ``python -m pytest`` dans le kit intact : 0/20, sans plantage ni blocage, même
  sans hypothesis, une ligne par fonction à écrire puis le tableau, depuis la
  racine du kit comme depuis ses sous-dossiers ; avec la référence copiée dans le
  kit : 20/20 ;
- ``python -m tp_demineur`` dans le kit intact nomme la fonction à écrire et sa
  question ; avec la référence, il joue une partie jusqu'au bout.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from test_game_terminal import OLD_PYTHONS, assert_too_old

import corpus_grading
import typo_variants
from classroom import kit as kit_module
from classroom import rubric
from grading import mark_scheme
from tp_demineur import python_version, tp

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "tests" / "tools" / "build_kit.py"

pytestmark = [pytest.mark.projet, pytest.mark.lent]

REFERENCE = ROOT / "tp_demineur" / "tp.py"
SUJET = ROOT / "sujet" / "sujet.md"
TIMEOUT = 1800  # secondes par commande : un garde-fou contre un blocage, même sur une machine
# très chargée (le besoin : quelques secondes)
QUESTIONS = {name: question for name, (question, _) in mark_scheme.BAREME.items()}

ENV = {
    key: value
    for key, value in os.environ.items()
    if not key.startswith("PYTEST_") and key not in ("PYTHONPATH", "PYTHONSTARTUP")
}
ENV.update({"PYTHONDONTWRITEBYTECODE": "1", "PYTHONIOENCODING": "utf-8"})
# Sans les greffons pytest installés sur la machine (pytest-benchmark écrit une ligne de plus
# de 80 colonnes en tête) : ces tests regardent ce que le kit écrit, lui.
ENV["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"

# Lancer pytest sans hypothesis, comme chez un étudiant qui n'a installé que pytest.
WITHOUT_HYPOTHESIS = (
    "import sys; sys.modules['hypothesis'] = None; import pytest; "
    "sys.exit(pytest.main(['-p', 'no:hypothesispytest']))"
)


def run(
    args: list[str],
    cwd: Path,
    stdin: str = "",
    prefix: list[str] | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*(prefix or []), sys.executable, *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=env or ENV,
        timeout=TIMEOUT,
    )


def build(dest: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return run([str(GENERATOR), str(dest), *options], cwd=ROOT)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """Le kit tel qu'on le distribue (à ne pas modifier)."""
    dest = tmp_path_factory.mktemp("kit") / "kit-etudiant"
    done = build(dest)
    assert done.returncode == 0, done.stdout + done.stderr
    return dest


@pytest.fixture(scope="module")
def solved_kit(kit, tmp_path_factory) -> Path:
    """Le même kit, avec la solution de référence à la place du tp.py à compléter."""
    dest = tmp_path_factory.mktemp("kit-resolu") / "kit-etudiant"
    shutil.copytree(kit, dest)
    shutil.copyfile(REFERENCE, dest / "tp_demineur" / "tp.py")
    return dest


def kit_texts(kit: Path) -> dict[str, str]:
    texts = {}
    for path in sorted(kit.rglob("*")):
        if path.is_file():
            texts[str(path.relative_to(kit))] = path.read_text(encoding="utf-8")
    return texts


def score_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip().startswith("Total")]
    assert lines, f"pas de ligne « Total » :\n{output}"
    return " ".join(lines[-1].split())


# ---------------------------------------------------------------------------
# (a) Aucune solution dans le kit
# ---------------------------------------------------------------------------

# Une instruction faite d'un mot-clé et d'au plus un nom ou une constante.
BARE_KEYWORD = re.compile(
    r"(return|except|while|if|elif|else|try|finally|break|continue|pass|raise)\b\s*[\w.]*\s*:?"
)
MIN_LENGTH = 12
# Un parcours du plateau ou des voisines, que chaque fonction du sujet fait.
LOOP_HEADER = re.compile(r"for \w+ in (range\(\w+\)|\(-1, 0, 1\)):")

# Les lignes de la solution que le kit contient forcément, fichier par fichier, et pourquoi.
ALLOWED = {
    "return 0 <= x < width and 0 <= y < height": (
        "tests/grading/worker.py",
        "la formule de is_coord_ok, que le sujet donne (§ 5.1) : le processus de travail "
        "du correcteur la prête telle quelle",
    ),
}


def said_by_the_sujet(line: str, sujet: str) -> bool:
    """Une affectation ``a = b`` que le sujet dit en mots : « `a` devient `b` »."""
    target, equals, value = line.partition(" = ")
    return bool(equals) and f"`{target}` devient `{value}`" in sujet


def solution_lines() -> list[str]:
    """Les lignes de la référence qui trahiraient une solution si le kit les contenait.

    Ce sont les lignes entre ``# BEGIN SOLUTION`` et ``# END SOLUTION``, sans leurs
    espaces autour, sauf :

    - les lignes vides et les commentaires (les commentaires de la solution sont
      retirés avec elle, mais un commentaire ne donne pas de code) ;
    - les lignes de moins de 12 caractères (``else:``, ``try:``, ``count = 0``,
      ``print(``, ``return x, y``) : du Python banal, qu'on trouve partout ;
    - les instructions faites d'un mot-clé et d'au plus un nom (``while True:``,
      ``except ValueError:``, ``return value``), aussi banales ;
    - les en-têtes de boucle qui parcourent le plateau ou les voisines d'une case
      (``for y in range(height):``, ``for dx in (-1, 0, 1):``), dans chaque fonction ;
    - les lignes que le sujet écrit lui-même, mot pour mot : le sujet est public
      (ce sont les appels que le sujet impose, ``compute_neigh(mines, neigh)``…), et
      les affectations qu'il dit en mots (« `opened[y][x]` devient `True` »).
    """
    sujet = SUJET.read_text(encoding="utf-8")
    lines, inside = [], False
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if text == kit_module.BEGIN:
            inside = True
        elif text == kit_module.END:
            inside = False
        elif inside and text and not text.startswith("#"):
            if len(text) < MIN_LENGTH or BARE_KEYWORD.fullmatch(text) or text in sujet:
                continue
            if LOOP_HEADER.fullmatch(text) or said_by_the_sujet(text, sujet):
                continue
            lines.append(text)
    return lines


def test_la_regle_garde_l_essentiel_de_la_solution():
    lines = solution_lines()
    assert len(lines) >= 60, lines
    for must in (
        "for number in random.sample(range(width * height), nb_mines):",
        "if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:",
        'print(f"La case ({x}, {y}) est déjà ouverte.")',
    ):
        assert must in lines, must


def test_aucune_ligne_de_solution_dans_le_kit(kit):
    texts = kit_texts(kit)
    leaks = []
    for line in solution_lines():
        for name, text in texts.items():
            if line in text and ALLOWED.get(line, ("",))[0] != name:
                leaks.append(f"{name} : {line}")
    assert not leaks, "lignes de la solution dans le kit :\n" + "\n".join(leaks)


def test_le_kit_n_a_ni_oracle_ni_strategie_ni_reference(kit):
    names = set(kit_texts(kit))
    for forbidden in (
        "tests/grading/expected.py",
        "tests/grading/strategies.py",
        "tp_demineur/cli.py",
    ):
        assert forbidden not in names
    assert not [name for name in names if name.startswith("tests/test_q")]
    assert "def ask_int" not in (kit / "tp_demineur" / "tp.py").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# (b) Le tp.py du kit : signatures, documentations, constantes, commentaires
# ---------------------------------------------------------------------------


def functions_of(source: str) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)}


def test_signatures_et_documentations_gardees(kit):
    reference = functions_of(REFERENCE.read_text(encoding="utf-8"))
    student = functions_of((kit / "tp_demineur" / "tp.py").read_text(encoding="utf-8"))
    for name, question in QUESTIONS.items():
        ref, mine = reference[name], student[name]
        assert ast.dump(mine.args) == ast.dump(ref.args), name
        assert ast.dump(mine.returns) == ast.dump(ref.returns), name
        assert [ast.dump(d) for d in mine.decorator_list] == [
            ast.dump(d) for d in ref.decorator_list
        ]
        assert ast.get_docstring(mine, clean=False) == ast.get_docstring(ref, clean=False), name
        # Le corps : la documentation, puis le raise qui nomme la fonction et sa question.
        assert len(mine.body) == 2, name
        message = f"{name} : à écrire (question {question})"
        assert ast.unparse(mine.body[1]) == f"raise NotImplementedError({message!r})"
    assert set(student) == set(QUESTIONS)  # ni ask_int, ni autre fonction de la référence


def test_constantes_et_commentaires_gardes(kit):
    reference = REFERENCE.read_text(encoding="utf-8")
    student = (kit / "tp_demineur" / "tp.py").read_text(encoding="utf-8")

    def constants(source: str) -> dict[str, object]:
        found = {}
        for node in ast.parse(source).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                found[ast.unparse(node.targets[0])] = node.value.value
        return found

    assert constants(student) == constants(reference)
    outside, inside = [], False
    for line in reference.splitlines():
        text = line.strip()
        if text in (kit_module.BEGIN, kit_module.END):
            inside = text == kit_module.BEGIN
        elif not inside and text.startswith("#"):
            outside.append(line)
    assert outside, "la référence n'a pas de commentaire de section ?"
    for line in outside:
        assert line in student.splitlines(), line
    doc = ast.get_docstring(ast.parse(student))
    assert "raise NotImplementedError" in doc


def test_le_tp_du_kit_compile_et_passe_ruff(kit):
    path = kit / "tp_demineur" / "tp.py"
    compile(path.read_text(encoding="utf-8"), str(path), "exec")
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff n'est pas installé")
    done = subprocess.run(
        [ruff, "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"), str(path)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_le_paquet_du_kit_expose_les_treize_fonctions(kit):
    init = (kit / "tp_demineur" / "__init__.py").read_text(encoding="utf-8")
    tree = ast.parse(init)
    imported = [a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names]
    assert sorted(imported) == sorted(QUESTIONS)
    exported = next(
        ast.literal_eval(n.value)
        for n in tree.body
        if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "__all__"
    )
    # __all__ suit l'ordre du module tp.py du kit (celui de la référence).
    assert exported == kit_module.names_in_order(REFERENCE.read_text(encoding="utf-8"), exported)
    assert sorted(exported) == sorted(QUESTIONS)


# ---------------------------------------------------------------------------
# Les cas publics
# ---------------------------------------------------------------------------


def test_chaque_test_note_du_depot_a_ses_cas_publics(kit):
    """Un test du kit par test noté : même fonction, même nom, même ligne au barème (donc
    mêmes points) ; des cas déclarés."""
    entries = json.loads((kit / "tests" / "cas_publics.json").read_text(encoding="utf-8"))
    items = rubric.collect_graded_tests(ROOT / "tests")
    assert len(entries) == len(items) >= 20
    from grading import scoring

    by_name = {entry["name"]: entry for entry in entries}
    assert len(by_name) == len(entries) == len({entry["id"] for entry in entries})
    for item in items:
        entry = by_name[scoring.test_name(item)]
        assert entry["function"] == item.get_closest_marker("question").args[0]
        assert entry["ligne"] == scoring.test_line(item)
        assert entry["question"] == QUESTIONS[entry["function"]]
        assert entry["cases"], item.nodeid
        for case in entry["cases"]:
            assert kit_module.check_function(case["check"]), case["check"]


def test_un_exemple_public_est_aussi_un_exemple_du_correcteur():
    """``public_example`` ajoute l'exemple au test noté : l'enseignant le vérifie toujours."""
    items = rubric.collect_graded_tests(ROOT / "tests")
    shared = 0
    for item in items:
        hypothesis_examples = getattr(item.obj, "hypothesis_explicit_examples", [])
        explicit = [example.kwargs for example in hypothesis_examples]
        for marker in item.iter_markers("public"):
            if marker.kwargs in explicit:
                shared += 1
    assert shared >= 20  # les exemples des tests notés, devenus publics


def test_le_kit_est_reproductible(kit, tmp_path):
    again = tmp_path / "encore"
    done = build(again)
    assert done.returncode == 0, done.stderr
    assert kit_texts(again) == kit_texts(kit)


# ---------------------------------------------------------------------------
# (c), (d) python -m pytest dans le kit
# ---------------------------------------------------------------------------


def test_pytest_dans_le_kit_intact_donne_zero_sans_hypothesis(kit):
    done = run(["-c", WITHOUT_HYPOTHESIS], cwd=kit)
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert score_line(output) == "Total 0,00 / 20", output
    for bad in ("Traceback", "INTERNALERROR", "error", "hypothesis"):
        assert bad not in output, f"« {bad} » dans la sortie :\n{output}"
    for function, question in QUESTIONS.items():
        line = f"{function} n'est pas encore écrite (question {question})."
        assert output.splitlines().count(line) == 1, output
    # Le bilan de pytest, en français comme tout le reste.
    assert re.search(r"\b0 réussi\(s\), \d+ raté\(s\) en \d+,\d s", output), output
    assert not re.search(r"\b(passed|failed)\b", output), output
    # Une ligne par fonction à écrire, le tableau, et les lignes de pytest : rien de répété.
    assert len(output.splitlines()) <= 60, output
    assert "a levé une exception" not in output


@pytest.mark.parametrize("folder", ["tp_demineur", "tests", "sujet"])
def test_pytest_depuis_un_sous_dossier_du_kit(kit, folder):
    done = run(["-m", "pytest", "-q"], cwd=kit / folder)
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert score_line(output) == "Total 0,00 / 20", output
    assert "Error importing" not in output and "INTERNALERROR" not in output


def test_les_fichiers_python_du_kit_passent_ruff(kit):
    """Les modèles remplis par le générateur restent du Python propre."""
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff n'est pas installé")
    paths = [kit / "conftest.py", *sorted((kit / "tp_demineur").glob("*.py"))]
    paths.append(kit / "tests" / "test_publics.py")
    done = subprocess.run(
        [ruff, "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"), *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    main_py = (kit / "tp_demineur" / "__main__.py").read_text(encoding="utf-8")
    assert f'    "main": "{QUESTIONS["main"]}",' in main_py


def test_le_readme_du_kit_cree_un_environnement_virtuel(kit):
    readme = (kit / "README.md").read_text(encoding="utf-8")
    venv = readme.index("-m venv .venv")
    assert venv < readme.index("pip install pytest") < readme.index("python -m pytest")
    assert "py -m venv .venv" in readme and ".venv\\Scripts\\activate" in readme


def test_pytest_dans_le_kit_avec_la_reference_donne_20(solved_kit):
    done = run(["-m", "pytest", "-q"], cwd=solved_kit)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert score_line(output) == "Total 20,00 / 20", output
    assert "à revoir" not in output and "failed" not in output


def test_submission_dans_le_kit(kit):
    """La commande que le README du kit donne pour noter un fichier."""
    done = run(["-m", "pytest", "tests", "-q", "--submission", str(REFERENCE)], cwd=kit)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert score_line(output) == "Total 20,00 / 20", output


# ---------------------------------------------------------------------------
# Le kit note comme l'enseignant : jamais plus, et autant sur un test raté
# ---------------------------------------------------------------------------

SAMPLE = corpus_grading.KIT_SAMPLE


def graded_json(
    cwd: Path,
    submission: Path,
    out: Path,
    prefix: list[str] | None = None,
    functions: set[str] | None = None,
    env: dict[str, str] | None = None,
) -> dict[str, dict]:
    """Les tests notés d'un rendu (results.json), par nom : fonction, points, statut ;
    ceux des seules ``functions`` si elles sont données (chaque test porte dans son nom
    celui de sa fonction : ``-k`` les choisit)."""
    arguments = ["-m", "pytest", "tests", "-q", "--submission", str(submission)]
    arguments += ["--results-json", str(out)]
    if functions is not None:
        arguments += ["-k", " or ".join(sorted(functions))]
    done = run(arguments, cwd=cwd, prefix=prefix, env=env)
    assert out.is_file(), done.stdout + done.stderr
    tests = json.loads(out.read_text(encoding="utf-8"))["tests"]
    return {test["name"]: test for test in tests}


def per_function(tests: dict[str, dict]) -> dict[str, float]:
    points: dict[str, float] = {}
    for test in tests.values():
        function = test["tags"][0]
        points[function] = points.get(function, 0.0) + test["score"]
    return points


def test_deux_fautes_dans_le_kit_chacune_a_sa_place(kit, tmp_path):
    """is_coord_ok avec <= et une inondation qui s'arrête après 200 cases : deux fonctions à
    revoir, et l'échec sur le grand plateau ne dessine que la région où les grilles
    diffèrent."""
    student = tmp_path / "kit"
    shutil.copytree(kit, student)
    names = ["is_coord_ok_inferieur_ou_egal.py", "propagate_s_arrete_apres_200_cases.py"]
    faults = [(corpus_grading.CORPUS / name).read_text(encoding="utf-8") for name in names]
    text = "\n\n".join([REFERENCE.read_text(encoding="utf-8"), *faults])
    (student / "tp_demineur" / "tp.py").write_text(text, encoding="utf-8")
    done = run(["-m", "pytest"], cwd=student)
    output = done.stdout + done.stderr
    to_review = [line.split()[1] for line in output.splitlines() if "← à revoir" in line]
    assert to_review == ["is_coord_ok", "propagate_open_cells"], output
    # La région montrée part de la case ouverte la plus proche des différences (un coin de
    # la pièce de 50×20 du balayage des passes, ouvert d'avance).
    region = "voici la région x = 0 à 23, y = 0 à 15, autour des premières cases qui "
    region += "diffèrent et de la case ouverte (1, 1) :"
    assert region in " ".join(output.split()), output
    # Tout tient en 80 colonnes, sauf le chemin du rendu noté.
    wide = [row for row in output.splitlines() if len(row) > 80 and "Notation de :" not in row]
    assert not wide, wide
    full_ruler = "x: " + " ".join(str(x % 10) for x in range(50))
    assert full_ruler not in output, output


def test_une_parenthese_en_trop_dans_le_kit_comme_chez_l_enseignant(kit, tmp_path):
    """Un « ) » en trop dans initialise_mines (typo_variants.SAMPLE) : dans le kit, les mêmes
    points, fonction par fonction, que chez l'enseignant ; seule initialise_mines perd ses
    points, la note n'en dit qu'une phrase, et le jeu explique la ligne."""
    student = tmp_path / "kit"
    shutil.copytree(kit, student)
    (student / "tp_demineur" / "tp.py").write_text(typo_variants.SAMPLE.text, encoding="utf-8")
    in_kit = per_function(graded_json(student, student / "tp_demineur", tmp_path / "kit.json"))
    submission = tmp_path / "tp.py"
    submission.write_text(typo_variants.SAMPLE.text, encoding="utf-8")
    teacher = per_function(graded_json(ROOT, submission, tmp_path / "enseignant.json"))
    assert in_kit == teacher
    assert {name for name, points in teacher.items() if points == 0} == {"initialise_mines"}
    done = run(["-m", "pytest"], cwd=student)
    note = " ".join(done.stdout.split("= note =")[1].split("Notation de :")[0].split())
    assert note.count("ne se compile pas") == 1, note
    line = typo_variants.SAMPLE.line
    assert f"Ligne {line} de tp.py" in note and "/sandbox" not in note, note
    game = run(["-m", "tp_demineur"], cwd=student)
    assert f"Votre fichier tp.py ne se compile pas, ligne {line} :" in game.stderr
    assert "« ) » fermée sans avoir été ouverte" in game.stderr


# Des fautes typiques de débutant, chacune écrite après la référence (la dernière définition
# l'emporte) : la faute, les tests à lancer, et ce que le retour doit en dire, dans le kit
# comme chez l'enseignant (la construction de Python en cause, en français).
TYPICAL_FAULTS = {
    "initialise_mines_randint_borne_comprise": (
        """
def initialise_mines(mines, nb_mines):
    for ligne in mines:
        for x in range(len(ligne)):
            ligne[x] = False
    posees = 0
    while posees < nb_mines:
        x = random.randint(0, len(mines[0]))
        y = random.randint(0, len(mines))
        if not mines[y][x]:
            mines[y][x] = True
            posees += 1
""",
        "initialise_mines",
        "random.randint(a, b) tire un entier entre a et b, b compris : randint(0, largeur) "
        "peut donner largeur",
    ),
    "initialise_mines_sans_verifier_la_case": (
        """
def initialise_mines(mines, nb_mines):
    for ligne in mines:
        for x in range(len(ligne)):
            ligne[x] = False
    for _ in range(nb_mines):
        mines[random.randrange(len(mines))][random.randrange(len(mines[0]))] = True
""",
        "initialise_mines",
        "la même case a été tirée deux fois",
    ),
    "nb_adjacent_mines_compte_la_case": (
        """
def nb_adjacent_mines(mines, x, y):
    total = 0
    for j in range(y - 1, y + 2):
        for i in range(x - 1, x + 2):
            if is_coord_ok(i, j, len(mines[0]), len(mines)) and mines[j][i]:
                total += 1
    return total
""",
        "nb_adjacent_mines",
        "elle-même est minée, et elle a été comptée : la case elle-même ne compte jamais",
    ),
    "is_coord_ok_inferieur_ou_egal": (
        """
def is_coord_ok(x, y, width, height):
    return 0 <= x <= width and 0 <= y <= height
""",
        "is_coord_ok",
        "x = 1 = largeur : les colonnes vont de 0 à 0, il n'y a pas de colonne 1",
    ),
    "play_turn_indice_transpose": (
        """
def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[x][y] = True
    propagate_open_cells(mines, neigh, opened)
""",
        "play_turn",
        "opened[x][y] : l'indice est transposé. Une grille se lit ligne d'abord, opened[y][x] ; "
        "ici, pour le coup (4, 0), opened[4][0] : x = 4 dépasse la dernière ligne",
    ),
    "play_the_game_continue_apres_la_defaite": (
        """
def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) != 1:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    print("gagné")
    return 1
""",
        "play_the_game",
        "play_the_game a rejoué play_turn alors que is_finished venait de renvoyer 2 (partie "
        "perdue) : la boucle doit s'arrêter dès que is_finished ne vaut plus 0",
    ),
    "play_the_game_ne_redemande_pas_is_finished": (
        """
def play_the_game(mines, neigh, opened):
    state = is_finished(mines, opened)
    while state == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    print("perdu" if state == 2 else "gagné")
    return state
""",
        "play_the_game",
        "play_the_game a rejoué play_turn sans redemander is_finished depuis le tour d'avant",
    ),
    "play_the_game_joue_avant_de_tester": (
        """
def play_the_game(mines, neigh, opened):
    while True:
        play_turn(mines, neigh, opened)
        if is_finished(mines, opened) != 0:
            break
    display_board(mines, neigh, opened)
    result = is_finished(mines, opened)
    print("gagné" if result == 1 else "perdu")
    return result
""",
        "play_the_game",
        "play_the_game a joué play_turn sans demander d'abord is_finished",
    ),
    "play_the_game_dit_les_deux_mots": (
        """
def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    result = is_finished(mines, opened)
    print("Gagné !" if result == 1 else "Perdu ! Vous n'avez pas gagné.")
    return result
""",
        "play_the_game",
        "elle dit aussi « gagné », que le correcteur lit comme l'autre verdict (même dans « pas "
        "gagné ») ; n'écrivez que « perdu »",
    ),
    "is_move_ok_indice_negatif": (
        """
def is_move_ok(opened, x, y):
    try:
        return not opened[y][x]
    except IndexError:
        return False
""",
        "is_move_ok",
        "En Python, opened[0][-1] ne lève pas d'erreur : un indice négatif compte depuis la fin "
        "de la liste, et la case (-1, 0), hors du plateau, est lue comme (2, 0).",
    ),
    "nb_adjacent_mines_indice_negatif": (
        """
def nb_adjacent_mines(mines, x, y):
    count = 0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx, dy) != (0, 0):
                try:
                    count += mines[y + dy][x + dx]
                except IndexError:
                    pass
    return count
""",
        "nb_adjacent_mines and not every",
        "un indice négatif compte depuis la fin de la liste",
    ),
    "propagate_recursion_sans_fin": (
        """
def propagate_open_cells(mines, neigh, opened):
    def flood(x, y):
        opened[y][x] = True
        if neigh[y][x] == 0 and not mines[y][x]:
            for ny in range(y - 1, y + 2):
                for nx in range(x - 1, x + 2):
                    if 0 <= nx < len(opened[0]) and 0 <= ny < len(opened):
                        flood(nx, ny)

    for y in range(len(opened)):
        for x in range(len(opened[0])):
            if opened[y][x] and neigh[y][x] == 0 and not mines[y][x]:
                flood(x, y)
""",
        "propagate_open_cells and not large",
        "la récursion ne s'arrête pas : quelque 5 000 appels imbriqués sur un plateau de 25 cases",
    ),
    "is_coord_ok_parametres_changes": (
        """
def is_coord_ok(x, y, size):
    return 0 <= x < size and 0 <= y < size
""",
        "is_coord_ok",
        "TypeError : is_coord_ok est appelée avec 4 argument(s), mais elle est définie avec 3 "
        "paramètre(s) (Python : « is_coord_ok() takes 3 positional arguments but 4 were "
        "given ») (gardez les paramètres du sujet : is_coord_ok(x, y, width, height))",
    ),
    "main_compute_neigh_avant_initialise_mines": (
        """
def main():
    width = ask_int("Largeur : ", 1, 50)
    height = ask_int("Hauteur : ", 1, 20)
    nb_mines = ask_int("Mines : ", 1, width * height)
    mines = [[False] * width for _ in range(height)]
    neigh = [[0] * width for _ in range(height)]
    opened = [[False] * width for _ in range(height)]
    compute_neigh(mines, neigh)
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    play_the_game(mines, neigh, opened)
""",
        "main",
        "main doit appeler initialise_mines avant compute_neigh",
    ),
    "main_largeur_et_hauteur_echangees": (
        """
def main():
    width = ask_int("Largeur : ", 1, 50)
    height = ask_int("Hauteur : ", 1, 20)
    nb_mines = ask_int("Mines : ", 1, width * height)
    mines = [[False] * height for _ in range(width)]
    neigh = [[0] * height for _ in range(width)]
    opened = [[False] * height for _ in range(width)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
""",
        "main",
        "la grille mines doit avoir",
    ),
    "ask_move_rattrape_la_fin_de_l_entree": (
        """
def ask_move(opened):
    while True:
        try:
            x, y = map(int, input("Coup : ").split())
        except:
            print("Il faut deux nombres entiers.")
            continue
        if is_move_ok(opened, x, y):
            return x, y
        print("Case impossible.")
""",
        "ask_move",
        "l'entrée est finie, et ask_move a redemandé une ligne 10 fois de plus : l'EOFError "
        "levée par input() est rattrapée (par un « except: » sans nom d'exception",
    ),
}


@pytest.mark.parametrize("fault", sorted(TYPICAL_FAULTS))
def test_une_faute_typique_nommee_dans_le_kit_comme_chez_l_enseignant(kit, tmp_path, fault):
    """Le kit nomme la faute de l'étudiant, comme le correcteur de l'enseignant, jamais
    lui-même (« le kit ne connaît pas cet appel »)."""
    code, selected, phrase = TYPICAL_FAULTS[fault]
    submission = tmp_path / f"{fault}.py"
    submission.write_text(REFERENCE.read_text(encoding="utf-8") + code, encoding="utf-8")
    outputs = {}
    for where, cwd in (("kit", kit), ("enseignant", ROOT)):
        result = tmp_path / f"{where}.json"
        done = run(
            ["-m", "pytest", "tests", "-k", selected, "--submission", str(submission),
             "--results-json", str(result)],
            cwd=cwd,
        )  # fmt: skip
        output = " ".join((done.stdout + done.stderr).split())
        assert done.returncode == 1, output
        assert phrase in output, (where, output)
        assert "le kit ne connaît pas" not in output
        outputs[where] = json.loads(result.read_text(encoding="utf-8"))["tests"]
    stops = {test["extra_data"]["stop"] for test in outputs["kit"] if test["status"] == "failed"}
    assert "cpu" not in stops  # nommée sans attendre la limite de temps d'un appel
    kit_failed = {test["name"] for test in outputs["kit"] if test["status"] == "failed"}
    teacher_failed = {t["name"] for t in outputs["enseignant"] if t["status"] == "failed"}
    assert kit_failed and kit_failed <= teacher_failed


def test_un_appel_inconnu_dit_en_quoi_il_s_ecarte_du_sujet(kit, tmp_path):
    """Une faute que les remplaçants ne connaissent pas : le message compare l'appel à celui
    que fait le sujet, case par case."""
    code = """
def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[y][x] = True
    opened[0][4] = True
    propagate_open_cells(mines, neigh, opened)
"""
    submission = tmp_path / "deux_cases.py"
    submission.write_text(REFERENCE.read_text(encoding="utf-8") + code, encoding="utf-8")
    done = run(["-m", "pytest", "tests", "-k", "play_turn", "--submission", str(submission)], kit)
    output = " ".join(done.stdout.split())
    expected = (
        "le kit ne connaît pas cet appel. Là où le code suit le sujet, propagate_open_cells "
        "reçoit ici d'autres grilles ; votre code lui a passé 1 case différente : opened : "
        "(4, 0) vaut True au lieu de False"
    )
    assert expected in output, output


def test_les_exceptions_de_python_en_francais():
    """Les messages des exceptions les plus courantes sont expliqués, l'original suit ; un
    message inconnu reste tel quel."""
    import doctest

    from grading import python_messages

    assert doctest.testmod(python_messages).failed == 0
    for english, french in (
        ("list index out of range", "indice hors de la liste"),
        ("'NoneType' object is not subscriptable", "None (ce que renvoie une fonction sans"),
        ("cannot unpack non-iterable int object", "x, y = ... sur un entier"),
        ("invalid literal for int() with base 10: 'a'", "int() ne sait pas lire 'a'"),
        ("name 'lenght' is not defined", "le nom lenght n'est défini nulle part"),
    ):
        explained = python_messages.explain_runtime(english)
        assert explained.startswith(french) and explained.endswith(f"(Python : « {english} »)")
    assert python_messages.explain_runtime("quelque chose d'autre") == "quelque chose d'autre"


@pytest.mark.parametrize(
    "fault",
    [
        "min([])",
        "max(x for x in [])",
        "len(None)",
        "range(2.5)",
        "'ab'[5]",
        "(1,)[3]",
        "[].pop()",
        "[1].index(5)",
        "[1].remove(5)",
        "random.choice([])",
        "random.randrange(0)",
        "random.sample(range(3), 5)",
        "{[1]: 2}",
        "[1] * 1.5",
        "int('1' * 5000)",
        "[d.pop(k) for d in [{1: 2}] for k in d]",
    ],
)
def test_les_exceptions_de_cette_version_de_python_en_francais(fault):
    """Le message que ce Python-ci donne réellement (il change d'une version à l'autre :
    « min() arg is an empty sequence », puis « min() iterable argument is empty ») est
    expliqué en français."""
    import random

    from grading import python_messages

    if fault.startswith("int(") and not hasattr(sys, "get_int_max_str_digits"):
        pytest.skip("ce Python lit les entiers de toute longueur")
    with pytest.raises(Exception) as raised:
        eval(fault, {"random": random})
    english = str(raised.value)
    explained = python_messages.explain_runtime(english)
    assert explained.endswith(f"(Python : « {english} »)"), english


def test_une_partie_des_tests_se_dit_au_singulier(solved_kit):
    done = run(["-m", "pytest", "-k", "is_move_ok and not every"], solved_kit)
    assert "(seule une partie des tests a été lancée : 1 point sur 20)" in done.stdout


def test_une_fonction_qui_boucle_montre_son_appel(kit, tmp_path):
    """Un appel interrompu (boucle infinie) est montré avec ses grilles : on peut le rejouer."""
    student = tmp_path / "kit"
    shutil.copytree(kit, student)
    loop = "\n\ndef propagate_open_cells(mines, neigh, opened):\n    while True:\n        pass\n"
    text = REFERENCE.read_text(encoding="utf-8") + loop
    (student / "tp_demineur" / "tp.py").write_text(text, encoding="utf-8")
    done = run(["-m", "pytest", "-k", "propagate_open_cells and not large"], cwd=student)
    output = done.stdout + done.stderr
    assert "Test interrompu (Q8, propagate_open_cells)" in output, output
    assert "Appel interrompu : propagate_open_cells(mines, neigh, opened)" in output, output
    assert "opened (o ouverte, ■ fermée) :" in output, output


def test_les_remplacants_ne_connaissent_que_les_cas_publics(kit):
    from grading import publics, standins

    stand_ins = standins.load(kit / "tests" / "remplacants.json")
    assert stand_ins.nb_adjacent_mines(publics.SUJET_MINES, 3, 2) == 3
    # Des plateaux 13×7 d'un motif qu'aucun cas public n'a (les balayages publics couvrent
    # les petits plateaux, case par case).
    mines = [[(x * 7 + y * 3) % 5 == 0 for x in range(13)] for y in range(7)]
    with pytest.raises(standins.UnknownCall, match="le kit ne connaît pas cet appel"):
        stand_ins.nb_adjacent_mines(mines, 6, 3)
    neigh = [[0] * 13 for _ in range(7)]
    opened = [[x == y for x in range(13)] for y in range(7)]
    with pytest.raises(standins.UnknownCall):
        stand_ins.propagate_open_cells(mines, neigh, opened)


@pytest.fixture(scope="session")
def graded_class(tmp_path_factory) -> Path:
    """La classe du corpus notée par le correcteur de l'enseignant (une fois pour toute la
    session)."""
    return corpus_grading.graded_class(tmp_path_factory)


@pytest.fixture(scope="session")
def graded_draws(tmp_path_factory) -> dict[tuple[str, str], dict]:
    """Les rendus d'étudiants du corpus notés par le correcteur sur leurs seules fonctions,
    dans chacun de leurs tirages (une fois pour toute la session)."""
    return corpus_grading.graded_draws(tmp_path_factory)


STUDENT_ENTRIES = corpus_grading.STUDENT_ENTRIES


def kit_graded_functions(entry: Path) -> set[str] | None:
    """Les fonctions d'un rendu du corpus à noter dans le kit, comme chez l'enseignant :
    toutes pour un rendu noté en entier (l'échantillon, une erreur de débutant reconnue,
    un fichier complet : ``corpus_grading.graded_in_full``) ; pour les autres, celles que
    le rendu écrit ou doit perdre (les autres sont celles de la référence : le kit les
    note seules, par les remplaçants, et leur donne tous leurs points, comme le vérifie
    ``test_pytest_dans_le_kit_avec_la_reference_donne_20``)."""
    if corpus_grading.graded_in_full(entry):
        return None
    return corpus_grading.graded_functions(entry)


def grade_corpus_in_kit(kit: Path, folder: Path) -> dict[str, dict[str, dict]]:
    """Chaque rendu du corpus (sauf les attaques) noté dans le kit, autant à la fois que
    la machine a de cœurs."""

    def grade(entry: Path) -> dict[str, dict]:
        if corpus_grading.cancelled():
            raise RuntimeError("notation dans le kit annulée : la session s'arrête")
        submission = folder / entry.name
        submission.write_text(corpus_grading.build_submission(entry), encoding="utf-8")
        result = folder / f"{entry.stem}.json"
        functions = kit_graded_functions(entry)
        return graded_json(kit, submission, result, corpus_grading.YIELDING, functions, COMPILED)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return dict(zip([e.stem for e in STUDENT_ENTRIES], pool.map(grade, STUDENT_ENTRIES)))


# Le kit construit pour noter le corpus n'est lu par aucun autre test : Python y garde ses
# fichiers .pyc, et chaque notation d'un rendu ne recompile plus le correcteur du kit.
COMPILED = {key: value for key, value in ENV.items() if key != "PYTHONDONTWRITEBYTECODE"}


def build_kit_and_grade_corpus(folder: Path) -> dict[str, dict[str, dict]]:
    """Le même travail sur un kit construit pour lui (le kit est reproductible) : ce que
    lance l'arrière-plan de la session (corpus_grading.start_background)."""
    kit_folder = folder / "kit-etudiant"
    done = build(kit_folder)
    assert done.returncode == 0, done.stdout + done.stderr
    return grade_corpus_in_kit(kit_folder, folder)


@pytest.fixture(scope="module")
def kit_grades(tmp_path_factory) -> dict[str, dict[str, dict]]:
    """Chaque rendu du corpus (sauf les attaques) noté dans le kit, une seule fois."""
    background = corpus_grading.BACKGROUND
    if background is not None and "kit" in background.works:
        return background.result("kit")
    return build_kit_and_grade_corpus(tmp_path_factory.mktemp("corpus_dans_le_kit"))


# Ce que le kit ne sait pas encore juger comme l'enseignant : rendu → pourquoi.
KIT_DIFFERENCES = {
    "main_lignes_partagees.py": (
        "le kit, sans la référence, ne voit pas les appels de main : une partie qui échoue "
        "sur des grilles aux lignes partagées y coûte aussi la ligne des appels, que "
        "l'enseignant n'enlève pas (seule celle des grilles)"
    ),
}


def kit_difference(entry: Path):
    reason = KIT_DIFFERENCES.get(entry.name)
    return [pytest.mark.xfail(reason=reason, strict=True)] if reason else []


@pytest.mark.parametrize(
    "entry",
    [pytest.param(entry, marks=kit_difference(entry), id=entry.stem) for entry in STUDENT_ENTRIES],
)
def test_le_kit_ne_donne_jamais_plus_que_le_correcteur(
    kit_grades, graded_class, graded_draws, entry
):
    """Chaque rendu du corpus (sauf les attaques du bac à sable) : dans le kit, chaque
    fonction notée (``kit_graded_functions``) a entre 0 et ce que lui donne le
    correcteur avec le secret de la classe, et un test raté dans le kit est raté chez
    l'enseignant (il coûte donc autant)."""
    teacher_result = corpus_grading.verdict_with_class_secret(graded_class, graded_draws, entry)
    teacher = {test["name"]: test for test in teacher_result["tests"]}
    student = kit_grades[entry.stem]
    assert set(student) <= set(teacher)
    for test_name, test in student.items():
        assert test["max_score"] == pytest.approx(teacher[test_name]["max_score"]), test_name
        if test["status"] == "failed":
            # Un cas public raté : le kit retire ce que retire le correcteur pour ce test.
            assert teacher[test_name]["status"] == "failed", test_name
    teacher_points, kit_points = per_function(teacher), per_function(student)
    for function, points in kit_points.items():
        assert 0 <= points <= teacher_points[function] + 1e-9, (function, points)
    if entry.name in SAMPLE:
        # Chaque faute de l'échantillon se voit dans le kit, à sa place et seulement là.
        losses = corpus_grading.expected_losses(entry.read_text(encoding="utf-8"))
        lost = {f for f, points in kit_points.items() if points < mark_scheme.BAREME[f][1] - 1e-9}
        assert lost == losses, (lost, losses)
    phrase = corpus_grading.header(entry.read_text(encoding="utf-8"), "retour")
    if phrase:
        # Une erreur de débutant reconnue est nommée dans le kit aussi, dès le cas public,
        # et coûte ce qu'elle coûte chez l'enseignant.
        losses = corpus_grading.expected_losses(entry.read_text(encoding="utf-8"))
        failed = [t for t in student.values() if t["status"] == "failed"]
        assert failed and {t["tags"][0] for t in failed} <= losses, failed
        assert phrase in " ".join(failed[0]["output"].split()), failed[0]["output"]
        for function in losses:
            assert kit_points[function] == pytest.approx(teacher_points[function]), function


def test_l_echantillon_est_dans_le_corpus():
    assert {entry.name for entry in corpus_grading.ENTRIES} >= set(SAMPLE)


# ---------------------------------------------------------------------------
# (e), (f) python -m tp_demineur dans le kit
# ---------------------------------------------------------------------------


def test_le_jeu_du_kit_intact_nomme_la_fonction_a_ecrire(kit):
    done = run(["-m", "tp_demineur"], cwd=kit, stdin="3\n2\n1\n")
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "La fonction main n'est pas encore écrite : c'est la question Q3" in output
    assert "Traceback" not in output


@pytest.mark.parametrize("script", ["tp.py", "__main__.py"])
def test_lance_comme_un_fichier_le_jeu_du_kit_demarre_aussi(kit, solved_kit, script):
    """F5 dans IDLE, Thonny ou EduPython lance le fichier ouvert, depuis son dossier : tp.py
    (ou __main__.py) lancé ainsi fait comme python -m tp_demineur, en français, sans trace de
    la pile ; avec les fonctions écrites, la partie se joue."""
    done = run([script], cwd=kit / "tp_demineur", stdin="3\n2\n1\n")
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "La fonction main n'est pas encore écrite : c'est la question Q3" in output
    assert "Traceback" not in output
    moves = "".join(f"{x} {y}\n" for y in range(2) for x in range(3))
    played = run([script], cwd=solved_kit / "tp_demineur", stdin="3\n2\n1\n" + moves)
    assert played.returncode == 0, played.stdout + played.stderr
    assert "gagné" in played.stdout or "perdu" in played.stdout, played.stdout


def test_le_jeu_du_kit_avec_la_reference_joue_jusqu_au_bout(solved_kit):
    moves = "".join(f"{x} {y}\n" for y in range(2) for x in range(3))
    done = run(["-m", "tp_demineur"], cwd=solved_kit, stdin="3\n2\n1\n" + moves)
    assert done.returncode == 0, done.stdout + done.stderr
    verdict = done.stdout.rstrip().splitlines()[-1]
    assert "gagné" in verdict or "perdu" in verdict, done.stdout
    assert done.stderr == ""


# Une inondation récursive naïve (un appel par case ouverte) et une seule mine, en (0, 0).
DEEP_FLOOD = """

def initialise_mines(mines, nb_mines):
    for row in mines:
        row[:] = [False] * len(row)
    mines[0][0] = True


def propagate_open_cells(mines, neigh, opened):
    def open_from(x, y):
        for ny in range(y - 1, y + 2):
            for nx in range(x - 1, x + 2):
                if is_coord_ok(nx, ny, len(opened[0]), len(opened)) and not opened[ny][nx]:
                    opened[ny][nx] = True
                    if neigh[ny][nx] == 0:
                        open_from(nx, ny)

    for y in range(len(opened)):
        for x in range(len(opened[0])):
            if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                open_from(x, y)
"""


def test_le_jeu_du_kit_permet_la_recursion_du_correcteur(solved_kit, tmp_path):
    """Une inondation récursive, juste pour le correcteur (qui permet ``Limits.recursion``
    appels imbriqués), joue aussi dans le jeu du kit : 999 cases ouvertes d'un coup sur
    50×20, plus que la limite ordinaire de Python."""
    student = tmp_path / "kit"
    shutil.copytree(solved_kit, student)
    tp = student / "tp_demineur" / "tp.py"
    tp.write_text(tp.read_text(encoding="utf-8") + DEEP_FLOOD, encoding="utf-8")
    done = run(["-m", "tp_demineur"], cwd=student, stdin="50\n20\n1\n49 19\n")
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert "gagné" in done.stdout.rstrip().splitlines()[-1], done.stdout[-2000:]
    assert done.stderr == ""


def test_le_jeu_du_kit_fin_de_l_entree(solved_kit):
    done = run(["-m", "tp_demineur"], cwd=solved_kit, stdin="3\n2\n")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("Fin de l'entrée : partie abandonnée.")


def run_encoded(args: list[str], cwd: Path, stdin: str, encoding: str) -> str:
    """La sortie d'une commande du kit vers une console ``encoding``, décodée strictement."""
    done = subprocess.run(
        [sys.executable, *args],
        input=stdin.encode(),
        capture_output=True,
        cwd=cwd,
        env={**ENV, "PYTHONIOENCODING": encoding},
        timeout=TIMEOUT,
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    return done.stdout.decode(encoding)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_le_jeu_du_kit_sur_une_console_sans_les_symboles(solved_kit, encoding):
    """Le jeu de l'étudiant dit une fois ce que la console montre à la place des symboles du
    sujet, et le montre ; une case fermée, une case vide et une mine restent distinctes."""
    from tp_demineur.terminal import PLAIN_SYMBOLS

    # Un plateau 3×1 et une mine (placée au hasard) : les trois cases ouvertes une à une,
    # jusqu'à la fin de la partie.
    moves = "".join(f"{x} 0\n" for x in range(3))
    out = run_encoded(["-m", "tp_demineur"], solved_kit, "3\n1\n1\n" + moves, encoding)
    notice = "Cette console ne sait pas afficher les symboles du sujet"
    assert " ".join(out.split()).count(notice) == 1
    plain = {PLAIN_SYMBOLS[symbol] for symbol in (tp.CLOSED, tp.EMPTY, tp.MINE)}
    assert len(plain) == 3
    # Chaque ligne de plateau, après l'invite qui la précède peut-être (« ... : # # # »).
    lines = [line.rsplit(" : ", 1)[-1] for line in out.splitlines()]
    boards = [line.split() for line in lines if re.fullmatch(r"(\S )*\S", line)]
    assert boards and {cell for row in boards for cell in row} <= plain | set("12")
    assert PLAIN_SYMBOLS[tp.CLOSED] in boards[0]


def test_le_readme_du_kit_dit_ce_que_montre_une_console_sans_les_symboles(kit):
    from tp_demineur.terminal import PLAIN_SYMBOLS

    readme = " ".join((kit / "README.md").read_text(encoding="utf-8").split())
    for symbol, meaning in ((tp.CLOSED, "case fermée"), (tp.EMPTY, "case ouverte sans mine"),
                            (tp.MINE, "mine")):  # fmt: skip
        assert f"`{PLAIN_SYMBOLS[symbol]}` ({meaning}" in readme, symbol
        assert f"`{symbol}`" in readme


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_pytest_dans_le_kit_sur_une_console_sans_les_symboles(kit, tmp_path, encoding):
    """Les plateaux dessinés par les retours s'écrivent en symboles simples, au lieu des
    « \\u25a0 » de pytest."""
    from tp_demineur.terminal import PLAIN_SYMBOLS
    from tp_demineur.terminal import plain as console_plain

    student, _ = student_kit(kit, tmp_path, "initialise_open", "pass")
    out = run_encoded(["-m", "pytest", "-k", "initialise_open"], student, "", encoding)
    assert "\\u" not in out and "\\x" not in out, out
    assert f"opened (o ouverte, {PLAIN_SYMBOLS[tp.CLOSED]} ferm" in out, out
    table = console_plain(" ".join(out.split()))
    # pass : les cases restent ouvertes (une ligne perdue) ; les lignes, elles, sont gardées.
    kept = mark_scheme.points("initialise_open", "test_initialise_open_keeps_rows")
    earned = f"{kept:.2f}".replace(".", ",")
    assert console_plain(f"initialise_open {earned} / 0,5 <- à revoir") in table, out


def student_kit(kit: Path, tmp_path: Path, function: str, code: str) -> tuple[Path, str]:
    """Une copie du kit où l'étudiant a écrit ``code`` à la place du corps de ``function``
    (son ``raise NotImplementedError``) ; renvoie le dossier et le texte de tp.py."""
    student = tmp_path / "kit"
    shutil.copytree(kit, student)
    tp = student / "tp_demineur" / "tp.py"
    question = mark_scheme.BAREME[function][0]
    stub = f'raise NotImplementedError("{function} : à écrire (question {question})")'
    text = tp.read_text(encoding="utf-8")
    assert stub in text, stub
    text = text.replace(stub, code)
    tp.write_text(text, encoding="utf-8")
    return student, text


def test_le_jeu_du_kit_montre_l_erreur_de_l_etudiant(kit, tmp_path):
    student, _ = student_kit(kit, tmp_path, "main", 'width = int(input("Largeur : "))')
    done = run(["-m", "tp_demineur"], cwd=student, stdin="trois\n")
    assert done.returncode == 1
    assert "Votre code s'est arrêté sur une erreur (ValueError)" in done.stderr
    assert "Traceback" in done.stderr and "__main__.py" not in done.stderr
    assert done.stderr.rstrip().splitlines()[-1].startswith("ValueError")


def test_une_erreur_de_syntaxe_dans_le_kit(kit, tmp_path):
    """Le « : » oublié d'un débutant : le jeu l'explique en français, sans trace de Python,
    et la note de pytest ne parle que de lui (ni de __init__.py, ni de __main__)."""
    forgotten_colon = "for ligne in opened\n        for x in range(len(ligne)):\n"
    forgotten_colon += "            ligne[x] = False"
    student, text = student_kit(kit, tmp_path, "initialise_open", forgotten_colon)
    game = run(["-m", "tp_demineur"], cwd=student)
    assert game.returncode == 1
    assert "Traceback" not in game.stderr and "SyntaxError" not in game.stderr
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.endswith("in opened"))
    assert f"Votre fichier tp.py ne se compile pas, ligne {line} :" in game.stderr
    assert "il manque « : » à la fin de la ligne" in game.stderr
    tests = run(["-m", "pytest"], cwd=student)
    note = tests.stdout.split("= note =")[1].split("Notation de :")[0]
    assert f"Ligne {line} de tp.py, « for ligne in opened » ne se compile pas" in note
    assert "__init__.py" not in note and "__name__" not in note, note
    assert all(len(row) <= 80 for row in note.splitlines()), note


def test_le_jeu_du_kit_nomme_la_fonction_appelee_pas_encore_ecrite(kit, tmp_path):
    student, _ = student_kit(kit, tmp_path, "main", "initialise_open([[True]])")
    done = run(["-m", "tp_demineur"], cwd=student)
    assert done.returncode == 1
    assert "La fonction initialise_open n'est pas encore écrite : c'est la question Q4" in (
        done.stderr
    )
    assert "Traceback" not in done.stderr


# ---------------------------------------------------------------------------
# Un Python trop ancien : le kit, le correcteur et le générateur le disent d'abord
# ---------------------------------------------------------------------------


def first_loaded(kit: Path) -> list[Path]:
    """Ce que Python lit avant la garde : ce qu'on lance dans le kit (son conftest.py, son
    paquet), ce que pytest charge le premier chez l'enseignant (tests/options.py), le
    générateur."""
    package = kit / "tp_demineur"
    return [
        kit / "conftest.py",
        package / "__init__.py",
        package / "python_version.py",
        ROOT / "tests" / "options.py",
        GENERATOR,
    ]


def test_ce_qui_est_lu_avant_la_garde_se_lit_en_python_3_6(kit):
    for path in first_loaded(kit):
        ast.parse(path.read_text(encoding="utf-8"), feature_version=(3, 6))


@pytest.mark.skipif(not OLD_PYTHONS, reason="aucun Python 3.6 à 3.9 sur cette machine")
@pytest.mark.parametrize("old", OLD_PYTHONS)
def test_un_vrai_python_trop_ancien(kit, old):
    """Le jeu du kit ; chaque fichier lu avant la garde, lancé comme un programme (la garde
    passe avant pytest, qui peut manquer à ce Python) ; et pytest, s'il l'a."""

    def launched(args: list[str], cwd: Path) -> None:
        done = subprocess.run(
            [old, *args], capture_output=True, text=True, encoding="utf-8", cwd=cwd,
            env=ENV, timeout=TIMEOUT,
        )  # fmt: skip
        assert_too_old(done)

    launched(["-m", "tp_demineur"], kit)
    for path in (kit / "conftest.py", ROOT / "tests" / "options.py", GENERATOR):
        launched([str(path), str(kit / "autre-kit")], path.parent)
    has_pytest = subprocess.run([old, "-c", "import pytest"], capture_output=True).returncode == 0
    if has_pytest:
        launched(["-m", "pytest"], kit)
        launched(["-m", "pytest", "tests", "--submission", str(REFERENCE)], kit)
        launched(["-m", "pytest", "tests", "--submission", str(REFERENCE)], ROOT)


def test_le_readme_du_kit_dit_la_version_qu_il_faut(kit):
    readme = (kit / "README.md").read_text(encoding="utf-8")
    assert "Il faut Python {}.{} ou plus récent".format(*python_version.MINIMUM) in readme


# ---------------------------------------------------------------------------
# La ligne de commande du générateur
# ---------------------------------------------------------------------------


def test_dossier_non_vide_refuse_sans_force(tmp_path):
    dest = tmp_path / "kit"
    dest.mkdir()
    (dest / "a-garder.txt").write_text("mes notes\n", encoding="utf-8")
    done = build(dest)
    assert done.returncode == 2
    assert "n'est pas vide" in done.stderr and "--force" in done.stderr
    assert sorted(p.name for p in dest.iterdir()) == ["a-garder.txt"]
    done = build(dest, "--force")
    assert done.returncode == 0, done.stderr
    assert (dest / "a-garder.txt").read_text(encoding="utf-8") == "mes notes\n"
    assert (dest / "tp_demineur" / "tp.py").is_file()
    (dest / "tests" / "vieux_fichier.py").write_text("", encoding="utf-8")
    assert build(dest, "--force").returncode == 0
    assert not (dest / "tests" / "vieux_fichier.py").exists()


def test_depot_incomplet(tmp_path):
    fake = tmp_path / "depot"
    ignore = shutil.ignore_patterns("__pycache__", "corpus")
    for name in ("tp_demineur", "tests"):
        shutil.copytree(ROOT / name, fake / name, ignore=ignore)
    done = run([str(fake / "tests" / "tools" / "build_kit.py"), str(tmp_path / "kit")], cwd=fake)
    assert done.returncode == 2
    assert "le dossier sujet/ est introuvable" in done.stderr
    assert not (tmp_path / "kit").exists()


def test_aide_en_francais():
    done = run([str(GENERATOR), "--help"], cwd=ROOT)
    assert done.returncode == 0
    assert done.stdout.startswith("utilisation :")
    assert "--force" in done.stdout and "positional" not in done.stdout
    done = run([str(GENERATOR)], cwd=ROOT)
    assert done.returncode == 2
    assert "paramètre obligatoire manquant : DEST" in done.stderr
