"""Les cas privés d'une classe : une table apprise par cœur sur le correcteur public ne vaut rien.

L'attaque, telle que la mènerait un étudiant qui a lu le correcteur : il note une fois
la solution de référence avec le correcteur public en enregistrant chaque appel (ses
arguments, sa réponse, ce qu'il affiche, les lignes qu'il lit), puis rend un fichier
sans aucune logique qui cherche chaque entrée dans cette table. Sans secret, les cas
sont ceux du correcteur public : la table gagne des points (on le vérifie, pour que le
test prouve quelque chose). Avec le secret d'une classe, chaque test tire d'autres cas :
la table n'a plus rien, sur aucune fonction.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import inspect
import io
import json
import os
import random
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from grading import mark_scheme, secret

pytestmark = [pytest.mark.projet, pytest.mark.lent]

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent

# Un greffon de pytest qui enregistre chaque appel que le correcteur fait à la soumission.
RECORDER = """
import json, os
from grading import judge
from grading.wire import clone

RECORDS = []
original_call, original_draws = judge.Submission.call, judge.Submission.draws


def call(self, name, *args, stdin=None, seed=None, stubs=True, seconds=None):
    before = clone(list(args))
    outcome = original_call(self, name, *args, stdin=stdin, seed=seed, stubs=stubs, seconds=seconds)
    RECORDS.append({"name": name, "args": before, "seed": seed, "ret": outcome.ret,
                    "after": outcome.args, "out": outcome.stdout, "reads": outcome.reads})
    return outcome


def draws(self, name, grid, *args, seeds, seconds):
    before = clone([grid, *args])
    series = original_draws(self, name, grid, *args, seeds=seeds, seconds=seconds)
    width = len(grid[0])
    for seed, after in zip(seeds, series):
        if type(after) is tuple:  # les cases minées, numérotées ligne après ligne
            mined = set(after)
            after = [[y * width + x in mined for x in range(width)] for y in range(len(grid))]
        if after is not None:
            RECORDS.append({"name": name, "args": before, "seed": seed, "ret": None,
                            "after": [after, *before[1:]], "out": "", "reads": []})
    return series


original_cases = judge.Submission.cases


def cases(self, name, args, positions, values, seconds):
    outcomes = original_cases(self, name, args, positions, values, seconds)
    for point, outcome in zip(values, outcomes):
        called = clone(list(args))
        for position, value in zip(positions, point):
            called[position] = value
        RECORDS.append({"name": name, "args": called, "seed": None, "ret": outcome.ret,
                        "after": called, "out": "", "reads": []})
    return outcomes


judge.Submission.call, judge.Submission.draws = call, draws
judge.Submission.cases = cases


def pytest_unconfigure(config):
    with open(os.environ["ENREGISTREMENT"], "w", encoding="utf-8") as file:
        json.dump(RECORDS, file)
"""

# Le rendu de l'attaquant : aucune logique, une table et de quoi la rejouer. Chaque appel
# y est rangé sous l'empreinte de ses arguments (``table_key``), avec les arguments tels que
# l'appel les a laissés s'il les a changés : la table se charge vite, à chaque processus.
TABLE_TEMPLATE = """
import base64, hashlib, json, random, zlib

TABLE = json.loads(zlib.decompress(base64.b64decode("{data}")))


def state():
    return hashlib.sha256(repr(random.getstate()).encode()).hexdigest()[:16]


{table_key}

def replay(name, args):
    record = TABLE[table_key(name, args, state() if name == "initialise_mines" else None)]
    start = 0
    for position in record["reads"]:
        print(record["out"][start:position], end="")
        start = position
        input()
    print(record["out"][start:], end="")
    for grid, after in zip(args, record.get("after", ())):
        if isinstance(grid, list):
            for row, new_row in zip(grid, after):
                row[:] = new_row
    return tuple(record["ret"]) if name == "ask_move" else record["ret"]


{functions}
"""


def state_of(seed) -> str | None:
    generator = random.Random()
    generator.seed(seed)
    return hashlib.sha256(repr(generator.getstate()).encode()).hexdigest()[:16]


def table_key(name, args, state):
    return hashlib.sha256(json.dumps([name, args, state]).encode()).hexdigest()[:24]


def table_submission(records: list[dict]) -> str:
    """Le fichier de l'attaquant, fait des appels enregistrés."""
    table = {}
    for record in records:
        mines = record["name"] == "initialise_mines"
        key = table_key(record["name"], record["args"], state_of(record["seed"]) if mines else None)
        table[key] = {k: record[k] for k in ("ret", "out", "reads")}
        if record["after"] != record["args"]:
            table[key]["after"] = record["after"]
    data = base64.b64encode(zlib.compress(json.dumps(table).encode(), 9)).decode()
    functions = "\n".join(
        f"def {name}(*args):\n    return replay({name!r}, list(args))\n"
        for name in mark_scheme.FUNCTIONS
    )
    return TABLE_TEMPLATE.format(
        data=data, table_key=inspect.getsource(table_key), functions=functions
    )


def grade(submission: Path, results: Path, *options: str, env=None) -> dict:
    command = [sys.executable, "-m", "pytest", str(TESTS), "-q", "--submission", str(submission)]
    command += ["--results-json", str(results), *options]
    if env is None:  # le secret n'arrive que si le test le donne
        env = {k: v for k, v in os.environ.items() if k != secret.ENVIRONMENT}
    subprocess.run(command, cwd=ROOT, capture_output=True, timeout=900, env=env)
    return json.loads(results.read_text(encoding="utf-8"))


def points_by_function(result: dict) -> dict[str, float]:
    points: dict[str, float] = {}
    for test in result["tests"]:
        points[test["tags"][0]] = points.get(test["tags"][0], 0.0) + test["score"]
    return points


@pytest.fixture(scope="module")
def table(tmp_path_factory) -> Path:
    """La table de l'attaquant, enregistrée en notant la référence avec le correcteur public."""
    folder = tmp_path_factory.mktemp("table")
    (folder / "enregistreur.py").write_text(RECORDER, encoding="utf-8")
    records = folder / "appels.json"
    env = {
        **{k: v for k, v in os.environ.items() if k != secret.ENVIRONMENT},
        "PYTHONPATH": f"{folder}:{TESTS}",
        "ENREGISTREMENT": str(records),
    }
    result = grade(
        ROOT / "tp_demineur",
        folder / "reference.json",
        "-p",
        "enregistreur",
        "--no-sandbox",
        env=env,
    )
    assert result["score"] == mark_scheme.TOTAL
    submission = folder / "table.py"
    submission.write_text(table_submission(json.loads(records.read_text())), encoding="utf-8")
    return submission


def test_table_wins_the_public_cases(table, tmp_path):
    """Sans secret, la table apprise sur le correcteur public gagne des points (l'attaque est
    réelle)"""
    result = grade(table, tmp_path / "public.json")
    points = points_by_function(result)
    learnt = {name for name, value in points.items() if value > 0}
    assert result["score"] >= 10, result["score"]
    assert {"is_coord_ok", "nb_adjacent_mines", "display_board", "propagate_open_cells"} <= learnt


# Des secrets fixes : le même verdict à chaque lancement de la suite.
CLASS_SECRETS = ["essai-secret-0", "essai-secret-3"]


@pytest.mark.parametrize("class_secret", CLASS_SECRETS)
def test_table_earns_nothing_with_a_class_secret(table, tmp_path, class_secret):
    """Avec le secret d'une classe, la même table n'a aucun point, sur aucune fonction :
    chaque test tire aussi des cas du secret"""
    result = grade(table, tmp_path / "secret.json", "--secret", class_secret)
    points = points_by_function(result)
    assert points == dict.fromkeys(points, 0.0), points
    assert result["score"] == 0


def test_the_secret_comes_from_the_environment_too(table, tmp_path):
    """TP_DEMINEUR_SECRET fait le même effet que --secret (pour Gradescope)"""
    by_option = grade(table, tmp_path / "option.json", "--secret", CLASS_SECRETS[1])
    env = {**os.environ, secret.ENVIRONMENT: CLASS_SECRETS[1]}
    by_environment = grade(table, tmp_path / "env.json", env=env)
    assert by_environment["score"] == by_option["score"] == 0
    assert by_environment["extra_data"]["cases"] == by_option["extra_data"]["cases"]


def test_same_secret_same_grade(tmp_path):
    """Un même secret donne la même note et les mêmes contre-exemples, test par test"""
    buggy = tmp_path / "faux.py"
    reference = (ROOT / "tp_demineur" / "tp.py").read_text(encoding="utf-8")
    # nb_adjacent_mines qui compte aussi la case elle-même : compute_neigh n'y perd rien.
    buggy.write_text(
        reference
        + "\n\ndef nb_adjacent_mines(mines, x, y):\n"
        + "    return sum(\n"
        + "        mines[j][i]\n"
        + "        for j in range(max(0, y - 1), min(len(mines), y + 2))\n"
        + "        for i in range(max(0, x - 1), min(len(mines[0]), x + 2))\n"
        + "    )\n",
        encoding="utf-8",
    )
    value = secret.draw()
    first = grade(buggy, tmp_path / "un.json", "--secret", value)
    second = grade(buggy, tmp_path / "deux.json", "--secret", value)
    assert [t["score"] for t in first["tests"]] == [t["score"] for t in second["tests"]]
    assert [t["output"] for t in first["tests"]] == [t["output"] for t in second["tests"]]
    lost = {t["tags"][0] for t in first["tests"] if t["score"] < t["max_score"]}
    assert lost == {"nb_adjacent_mines"}
    # Le même code, un commentaire de plus : un autre fichier, d'autres cas, même verdict.
    edited = tmp_path / "faux_commente.py"
    edited.write_text(buggy.read_text(encoding="utf-8") + "# renvoyé\n", encoding="utf-8")
    third = grade(edited, tmp_path / "trois.json", "--secret", value)
    assert {t["tags"][0] for t in third["tests"] if t["score"] < t["max_score"]} == lost


def test_the_cases_depend_on_every_byte_the_code_can_read(tmp_path):
    """L'empreinte mêlée au secret : la même pour le même fichier, une autre pour un octet
    de plus (un commentaire, que le code pourrait lire dans son propre fichier)."""
    from grading.private_copy import PrivateCopy

    code = tmp_path / "rendu.py"
    code.write_text("def is_coord_ok(x, y, width, height):\n    return True\n", "utf-8")
    prints = []
    for text in (None, None, "# un commentaire\n"):
        if text is not None:
            code.write_text(code.read_text("utf-8") + text, "utf-8")
        copy = PrivateCopy("file", code, 2**20, 10)
        prints.append(copy.print)
        copy.remove()
    assert prints[0] == prints[1] != prints[2]
    secret.use("essai-secret-0", prints[0])
    first = secret.seed("uniformité 3x2", 3002)
    secret.use("essai-secret-0", prints[2])
    assert secret.seed("uniformité 3x2", 3002) != first
    secret.use(None)


# La moisson par les retours : un fichier sans logique, renvoyé encore et encore contre un
# même secret (l'autograder de Gradescope). Chacune de ses fonctions cherche son entrée
# dans sa table ; une entrée inconnue lève une exception dont le message porte les
# entrées déjà vues dans le processus (un état gardé d'un appel à l'autre). Entre deux
# envois, l'attaquant lit les retours, calcule les réponses de ces entrées (avec la
# référence, hors du correcteur) et les ajoute à sa table.
HARVEST_TEMPLATE = """
import base64, json, zlib

TABLE = json.loads(zlib.decompress(base64.b64decode("{data}")))
SEEN = []


def answer(name, args):
    key = json.dumps([name, args])
    if key not in TABLE:
        SEEN.append(base64.urlsafe_b64encode(key.encode()).decode().rstrip("="))
        raise ValueError("inconnu " + ".".join(reversed(SEEN[-40:])) + " fin")
    record = TABLE[key]
    print(record["out"], end="")
    for grid, after in zip(args, record["after"]):
        if isinstance(grid, list):
            for row, new_row in zip(grid, after):
                row[:] = new_row
    return record["ret"]


{functions}
"""

# Les fonctions sans lecture ni hasard : leur réponse ne dépend que de leurs arguments.
HARVESTED = [
    "initialise_open",
    "is_coord_ok",
    "nb_adjacent_mines",
    "compute_neigh",
    "display_board",
    "is_move_ok",
    "propagate_open_cells",
    "is_finished",
]


def harvest_submission(table: dict) -> str:
    data = base64.b64encode(zlib.compress(json.dumps(table, sort_keys=True).encode(), 9))
    functions = "\n".join(
        f"def {name}(*args):\n    return answer({name!r}, list(args))\n" for name in HARVESTED
    )
    return HARVEST_TEMPLATE.format(data=data.decode(), functions=functions)


def leaked_inputs(result: dict) -> list[list]:
    """Les entrées que les messages d'exception cités par les retours ont laissé passer."""
    found = []
    for test in result["tests"]:
        for segment in re.findall(r"inconnu\s(.*?)\sfin", test["output"], re.DOTALL):
            for token in re.sub(r"\s+", "", segment).split("."):
                try:
                    text = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode()
                    name, args = json.loads(text)
                except ValueError:
                    continue  # un morceau coupé par la longueur du message
                if name in HARVESTED and type(args) is list:
                    found.append([name, args])
    return found


def reference_record(name: str, args: list) -> dict:
    """Ce que fait la référence de cette entrée : sa réponse, les grilles après, l'affichage."""
    sys.path.insert(0, str(ROOT))
    import tp_demineur

    called = json.loads(json.dumps(args))
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        ret = getattr(tp_demineur, name)(*called)
    return {"ret": ret, "after": called, "out": printed.getvalue()}


HARVEST_ROUNDS = 4


def test_a_harvest_through_feedback_learns_nothing(table, tmp_path):
    """Renvoyé quatre fois contre un même secret, en partant de la table apprise sur le
    correcteur public et en apprenant à chaque envoi les entrées que citent les retours, le
    fichier sans logique reste à 2/20 au plus : chaque retour ne cite que l'entrée de son
    contre-exemple (rejoué seul, dans un processus neuf), et l'envoi suivant, un autre
    fichier, a d'autres cas. L'attaque est réelle : des entrées sont apprises à chaque envoi."""
    learnt_table: dict[str, dict] = {}
    for record in json.loads((table.parent / "appels.json").read_text(encoding="utf-8")):
        if record["name"] in HARVESTED:
            learnt_table[json.dumps([record["name"], record["args"]])] = {
                key: record[key] for key in ("ret", "after", "out")
            }
    scores, learnt = [], []
    for round_number in range(HARVEST_ROUNDS):
        submission = tmp_path / f"envoi_{round_number}.py"
        submission.write_text(harvest_submission(learnt_table), encoding="utf-8")
        result = grade(submission, tmp_path / f"envoi_{round_number}.json", "--secret", "moisson")
        scores.append(result["score"])
        for test in result["tests"]:
            # Rejoué seul, le contre-exemple n'a vu que ses propres entrées : celles de sa
            # fonction, jamais celles des tests d'avant.
            cited = {name for name, _ in leaked_inputs({"tests": [test]})}
            assert cited <= {test["tags"][0]}, (test["name"], cited)
        new = 0
        for name, args in leaked_inputs(result):
            key = json.dumps([name, args])
            if key not in learnt_table:
                learnt_table[key] = reference_record(name, args)
                new += 1
        learnt.append(new)
    assert all(count > 0 for count in learnt), learnt
    assert max(scores) <= 2, (scores, learnt)
