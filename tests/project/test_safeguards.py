"""Les garde-fous du correcteur, pièce par pièce : messages vérifiés, relais bornés,
copie sans liens, textes échappés, filtre des appels système.

Les attaques de bout en bout (rendus hostiles notés seuls et en classe) sont dans
``test_sandbox.py`` et le corpus ; ici, chaque pièce est essayée seule.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from grading import landlock, lockdown, relay, sandbox
from grading.calls import draws_of
from grading.contract import PARAMETERS
from grading.loading import WORKER_CODE
from grading.locate import SubmissionError
from grading.private_copy import GraderChanged, PrivateCopy, private_copy
from grading.safe_text import printable, spreadsheet_cell
from grading.wire import Malformed, check_done, decode, parse
from grading.worker import Encoder, Worker, mine_string, strictly_equal
from tp_demineur import tp

pytestmark = pytest.mark.projet

GRADING = Path(__file__).resolve().parents[1] / "grading"


# -- les messages du processus de travail -----------------------------------------


@pytest.mark.parametrize(
    "line",
    [b"{", b"[1, 2]", b'"texte"', b"\xff\xfe", b"[" * 100_000 + b"]" * 100_000],
)
def test_unreadable_lines_are_malformed(line):
    with pytest.raises(Malformed):
        parse(line)


@pytest.mark.parametrize(
    "value",
    [
        {"L": "pas une liste", "id": 1},
        {"L": [1, 2]},  # pas de numéro d'identité
        {"L": [1.5], "id": 1},
        {"T": 3},
        {"x": 1},
        1.5,
        [1, 2],
    ],
)
def test_badly_encoded_values_are_malformed(value):
    with pytest.raises(Malformed):
        decode(value)


def test_deeply_nested_value_is_malformed():
    value = {"L": [], "id": 0}
    for index in range(200):
        value = {"L": [value, 1], "id": index + 1}
    with pytest.raises(Malformed):
        decode(value)


def test_opaque_values_never_equal_anything():
    opaque = decode({"O": "MonEntier", "r": "3"})
    assert opaque != 3
    assert not opaque == opaque


@pytest.mark.parametrize(
    "reply",
    [
        {"done": True, "ret": None, "args": [], "out": ""},  # un argument manque
        {"done": True, "ret": None, "args": [None], "out": 3},
        {"done": True, "ret": None, "args": [None], "out": "", "overflow": "non"},
        {"done": True, "ret": None, "args": [None], "out": "", "stderr": 1},
        {"done": True, "ret": None, "args": [None], "out": "", "error": "boum"},
        {"done": True, "ret": None, "args": [None], "error": {"type": 1, "message": ""}},
        {"done": True, "args": [None], "error": {"type": "E", "message": "", "line": [1]}},
    ],
)
def test_malformed_replies_are_refused(reply):
    with pytest.raises(Malformed):
        check_done(reply, 1, 1000)


def test_a_well_formed_reply_is_decoded():
    reply = {
        "done": True,
        "ret": {"T": [1, 2]},
        "args": [{"L": [{"L": [True], "id": 1}], "id": 2}],
        "error": {"type": "ValueError", "message": "x", "line": ["a.py", 3, "x = 1"]},
        "out": "ok\n",
    }
    done = check_done(reply, 1, 1000)
    assert done["ret"] == (1, 2) and done["args"] == [[[True]]]
    assert done["error"]["line"] == ["a.py", 3, "x = 1"]


@pytest.mark.parametrize(
    "reply",
    [
        {"done": True},  # pas de tirages
        {"done": True, "mines": []},  # aucun tirage
        {"done": True, "mines": "0110"},
        {"done": True, "mines": ["0110"] * 4},  # plus de tirages que de graines
        {"done": True, "mines": ["0110"] * 3, "last": None},
        {"done": True, "mines": ["011"]},  # une case de moins
        {"done": True, "mines": ["01a0"]},
        {"done": True, "mines": [[0, 1, 1, 0]]},
        {"done": True, "mines": [], "last": [[True, 1]]},  # pas une grille de booléens
        {"done": True, "mines": [], "last": "0110"},
    ],
)
def test_malformed_draws_are_refused(reply):
    with pytest.raises(Malformed):
        draws_of(reply, 3, 4)


def test_draws_become_mined_cells():
    """Chaque tirage, une chaîne de « 0 » et de « 1 » écrite par le processus de travail
    (``worker.mine_string``), devient ses cases minées ; le dernier peut revenir entier."""
    grids = [[[False, True], [True, False]], [[False, False], [False, True]]]
    strings = [mine_string(grid) for grid in grids]
    assert draws_of({"done": True, "mines": strings}, 3, 4) == [(1, 2), (3,)]
    other_shape = [[True, False, True]]
    reply = {"done": True, "mines": strings[:1], "last": other_shape}
    assert draws_of(reply, 3, 4) == [(1, 2), other_shape]
    assert draws_of({"done": True, "mines": [], "last": None}, 3, 4) == [None]


# -- les relais vers la référence -------------------------------------------------


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("compute_neigh", [[[False] * 440] * 440, [[0] * 440] * 440]),
        ("compute_neigh", [[[False] * 3] * 2, [[0] * 2] * 3]),  # dimensions différentes
        ("nb_adjacent_mines", [[[False]], 0, 1.5]),
        ("nb_adjacent_mines", [[[False]], 0, 10**12]),
        ("initialise_mines", [[[False] * 2] * 2, 5]),
        ("is_finished", [[[False], [False, True]], [[False], [False]]]),
        ("display_board", [[["x"]], [[0]], [[False]]]),
        ("initialise_open", [[]]),
    ],
)
def test_relay_requests_out_of_contract_never_reach_the_reference(name, args):
    class Reference:
        main = staticmethod(tp.main)  # seulement pour lire le graphe d'appels de la référence

        def __getattr__(self, attribute):
            raise AssertionError("la référence ne doit pas être appelée")

    message = {"rpc": name, "args": [Encoder().encode(a) for a in args]}
    reply, call, position = relay.serve(Reference(), message, "main", [], 0, 0)
    assert reply["raise"] and call.raised == reply["raise"] and position == 0


@pytest.mark.parametrize("message", [{"rpc": "open", "args": []}, {"rpc": "main", "args": 3}])
def test_unknown_relay_requests_are_malformed(message):
    with pytest.raises(Malformed):
        relay.serve(None, message, "main", [], 0, 0)


def test_a_grid_sent_by_number_is_the_one_the_judge_checked():
    """Une grille renvoyée par son numéro est celle que le juge a reçue et vérifiée ; un
    numéro inconnu est un message mal formé ; une grille que la référence remplit ne
    change pas celle que le juge garde."""
    import tp_demineur

    encoder = Encoder()
    mines = [[False, True, False], [False, False, False]]
    neigh = [[7, 7, 7], [7, 7, 7]]
    known: dict = {}
    full = {"rpc": "nb_adjacent_mines", "args": [encoder.encode_argument(mines), 0, 0]}
    reply, _, _ = relay.serve(tp_demineur, full, "compute_neigh", [], 0, 0, known)
    by_number = {"rpc": "nb_adjacent_mines", "args": [encoder.encode_argument(mines), 2, 1]}
    assert by_number["args"][0] == {"ref": full["args"][0]["id"]}
    reply, call, _ = relay.serve(tp_demineur, by_number, "compute_neigh", [], 0, 0, known)
    assert reply["ret"] == 1 and call.identities[0][0] == full["args"][0]["id"]
    mines[0][1] = 1  # la même valeur pour Python, un autre type : la grille repart en entier
    assert "L" in encoder.encode_argument(mines)
    unknown = {"rpc": "nb_adjacent_mines", "args": [{"ref": 999}, 0, 0]}
    with pytest.raises(Malformed):
        relay.serve(tp_demineur, unknown, "compute_neigh", [], 0, 0, known)
    fill = {"rpc": "compute_neigh", "args": [{"ref": full["args"][0]["id"]}, neigh]}
    fill["args"][1] = encoder.encode_argument(neigh)
    reply, _, _ = relay.serve(tp_demineur, fill, "main", [], 0, 0, known)
    assert reply["args"][1] == [[1, 0, 1], [1, 1, 1]]
    assert known[fill["args"][1]["id"]][0] == [[7, 7, 7], [7, 7, 7]]


def test_the_worker_answers_from_the_table_only_for_an_unchanged_neighbourhood():
    """Le processus de travail répond lui-même à nb_adjacent_mines (la table jointe par
    le juge) tant que ce dont dépend la réponse n'a pas changé : la hauteur, la largeur
    et les cases autour ; sinon le relais part, et le juge répond sur la grille telle
    qu'elle est."""
    import tp_demineur

    mines = [[False] * 5 for _ in range(4)]
    mines[0][0] = True
    encoder = Encoder()
    encoder.encode_argument(mines)
    encoder.tables[id(mines)] = relay.neighbour_table(tp_demineur, mines)
    assert encoder.known_count(mines, 1, 1) == 1
    mines[3][4] = True  # loin de (1, 1) : la table répond encore
    assert encoder.known_count(mines, 1, 1) == 1
    assert encoder.known_count(mines, 3, 2) is None  # à côté de la case changée
    mines[0][0] = 1  # même valeur pour Python, autre type : le juge répond
    assert encoder.known_count(mines, 1, 1) is None
    mines[0][0] = True
    mines[1].append(False)  # une ligne plus longue
    assert encoder.known_count(mines, 1, 1) is None
    mines[1].pop()
    mines[2] = list(mines[2])  # une ligne remplacée par une copie
    assert encoder.known_count(mines, 1, 1) is None
    assert encoder.known_count(mines, 1, 0) == 1  # loin de la ligne remplacée
    mines.append([False] * 5)  # une ligne de plus : la hauteur a changé
    assert encoder.known_count(mines, 1, 0) is None
    assert encoder.known_count(mines[:4], 1, 0) is None  # une autre grille : pas de table


def test_the_worker_answers_is_finished_only_on_the_grids_play_turn_left():
    """Le processus de travail répond lui-même à is_finished (la réponse que le juge joint
    au relais de play_turn, relay.finished_after_turn) seulement pour les deux grilles de
    ce tour, inchangées depuis ; sinon le relais part, et le juge répond sur les grilles
    telles qu'elles sont."""
    import tp_demineur

    mines = [[False, True, False], [False, False, False]]
    opened = [[False, False, False], [False, False, False]]
    encoder = Encoder()
    encoder.encode_argument(mines)
    encoder.encode_argument(opened)
    after = [[True, False, False], [False, False, False]]  # ce que play_turn a laissé
    answer = relay.finished_after_turn(tp_demineur, mines, after)
    assert answer == 0
    encoder.forget(opened)
    opened[0][0] = True  # la recopie de la réponse du juge
    encoder.remember_finished(mines, opened, after, answer)
    assert encoder.known_finished(mines, opened) == 0
    assert encoder.known_finished(mines, [list(row) for row in opened]) is None  # une copie
    opened[1][2] = True  # la fonction notée ouvre elle-même une case
    assert encoder.known_finished(mines, opened) is None
    opened[1][2] = False
    assert encoder.known_finished(mines, opened) == 0
    opened[0][0] = 1  # même valeur pour Python, autre type
    assert encoder.known_finished(mines, opened) is None
    opened[0][0] = True
    mines[0][1] = False  # les mines changent
    assert encoder.known_finished(mines, opened) is None
    mines[0][1] = True
    assert encoder.known_finished(mines, opened) == 0
    # Une recopie qui n'a pas donné la grille du juge (une ligne trop courte) : rien gardé.
    opened[1].pop()
    encoder.remember_finished(mines, opened, after, answer)
    assert encoder.known_finished(mines, opened) is None
    # Sans réponse jointe (le relais est refusé, ou la référence ne sait pas) : rien.
    opened[1].append(False)
    encoder.remember_finished(mines, opened, after, None)
    assert encoder.known_finished(mines, opened) is None
    assert relay.finished_after_turn(tp_demineur, mines, [[True]]) is None  # hors contrat


def test_the_worker_sees_every_change_of_a_grid_argument():
    """Après chaque cas d'une série (``run_cases``), le processus de travail compare les
    arguments à leur copie intacte : une grille égale case par case, même avec ses
    lignes recopiées, n'a pas changé ; une case d'un autre type (1 pour True), une
    ligne plus courte ou une case changée, si."""
    mines = [[False, True, False], [True, False, False]]
    neigh = [[2, 1, 1], [0, 2, 1]]
    copy = [[list(row) for row in mines], [list(row) for row in neigh], 3]
    assert strictly_equal([mines, neigh, 3], copy)
    assert strictly_equal([[list(row) for row in mines]], [mines])
    for change in (
        lambda grids: grids[0][0].__setitem__(1, 1),  # même valeur pour Python
        lambda grids: grids[1][1].__setitem__(2, True),
        lambda grids: grids[0][1].pop(),
        lambda grids: grids[0].__setitem__(1, grids[0][1] + [False]),
        lambda grids: grids[0][0].__setitem__(0, True),
        lambda grids: grids[1].__setitem__(0, tuple(grids[1][0])),
        lambda grids: grids.__setitem__(2, 3.0),
    ):
        changed = [[list(row) for row in mines], [list(row) for row in neigh], 3]
        change(changed)
        assert not strictly_equal(changed, copy)
        assert not strictly_equal(copy, changed)


def test_the_worker_lends_is_move_ok_as_the_reference_answers_it():
    """is_move_ok, que le processus de travail calcule lui-même (une inondation peut
    l'appeler 150 000 fois) : la réponse de la référence sur chaque case d'une grille et
    autour ; le relais part (le juge décide) dès que la grille ou les coordonnées sortent
    des formes du contrat, et pour toute fonction dont le juge n'accepterait pas le relais
    (pendant la notation de is_move_ok, de is_coord_ok qu'elle appelle…)."""
    worker = object.__new__(Worker)
    worker.contract = {name: list(params) for name, params in PARAMETERS.items()}
    worker.lent = frozenset({"is_move_ok", "is_coord_ok"})
    relayed = []
    worker.relay = lambda name, args: relayed.append((name, list(args))) or "relais"
    is_move_ok, is_coord_ok = worker.make_stub("is_move_ok"), worker.make_stub("is_coord_ok")
    opened = [[(x * 7 + y * 3) % 4 == 0 for x in range(5)] for y in range(3)]
    for y in range(-2, 5):
        for x in range(-2, 8):
            assert is_move_ok(opened, x, y) is tp.is_move_ok(opened, x, y)
            assert is_coord_ok(x, y, 5, 3) is tp.is_coord_ok(x, y, 5, 3)
    assert is_move_ok(opened, 10**100, 0) is False
    # Par leur nom, les arguments sont rangés dans l'ordre des paramètres.
    assert is_move_ok(opened, y=0, x=1) is tp.is_move_ok(opened, 1, 0)
    assert is_coord_ok(height=2, width=3, y=1, x=2) is tp.is_coord_ok(2, 1, 3, 2)
    assert not relayed
    ragged = [list(row) for row in opened]
    ragged[1].pop()
    bad = [
        ([], 0, 0),
        ([(False, False)], 0, 0),
        (opened, True, 0),
        (opened, 1.0, 0),
        (ragged, 1, 1),
        ([[False, 1]], 1, 0),
        ([[False], (False,)], 0, 1),
    ]
    for args in bad:
        assert is_move_ok(*args) == "relais", args
    assert relayed == [("is_move_ok", list(args)) for args in bad]
    # D'autres arguments que ceux du contrat : une TypeError, comme une vraie fonction.
    for args, kwargs in (
        ((opened, 1), {}),
        ((opened, 1), {"x": 1, "y": 0}),
        ((opened,), {"x": 1, "z": 0}),
    ):
        with pytest.raises(TypeError):
            is_move_ok(*args, **kwargs)
    relayed.clear()
    worker.lent = frozenset({"is_coord_ok"})
    assert is_move_ok(opened, 1, 0) == "relais"
    worker.lent = frozenset()
    assert is_coord_ok(0, 0, 1, 1) == "relais"
    assert worker.make_stub("nb_adjacent_mines")([[False]], 0, 0) == "relais"
    assert relayed == [
        ("is_move_ok", [opened, 1, 0]),
        ("is_coord_ok", [0, 0, 1, 1]),
        ("nb_adjacent_mines", [[[False]], 0, 0]),
    ]


def test_the_worker_sees_every_way_of_reseeding_random():
    """Le guet de watch_reseeding, posé avant le chargement du rendu (dans un Python à
    part : il change la classe random.Random) : random.seed, un seed importé par
    ``from random import seed``, random.setstate et la classe elle-même sont vus ; un
    générateur à soi (random.Random(5)) et un simple tirage, non."""
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(GRADING)!r})
        import random
        from types import SimpleNamespace
        from worker import watch_reseeding

        worker = SimpleNamespace(reseeded=False)
        watch_reseeding(worker)
        from random import seed  # comme un rendu chargé après le guet

        def seen(action):
            worker.reseeded = False
            action()
            return worker.reseeded

        print(seen(lambda: random.seed(1)), seen(lambda: seed()),
              seen(lambda: random.setstate(random.getstate())),
              seen(lambda: random.Random.seed(random._inst, 2)),
              seen(lambda: random.Random(5).random()), seen(lambda: random.random()))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.split() == ["True"] * 4 + ["False"] * 2, done.stdout + done.stderr


def test_relayed_reference_is_time_limited(monkeypatch):
    monkeypatch.setattr(relay, "SECONDS", 0.2)

    class Slow:
        main = staticmethod(tp.main)

        @staticmethod
        def is_finished(mines, opened):
            while True:
                pass

    message = {"rpc": "is_finished", "args": [Encoder().encode([[False]])] * 2}
    reply, call, _ = relay.serve(Slow(), message, "main", [], 0, 0)
    assert reply["raise"] and call.ret is None


# -- la copie privée du rendu --------------------------------------------------------


def test_copy_refuses_links_and_special_files(tmp_path):
    package = tmp_path / "tp_demineur"
    package.mkdir()
    (package / "__init__.py").write_text("from .tp import *\n")
    (package / "tp.py").write_text("x = 1\n")
    secret = tmp_path / "secret.txt"
    secret.write_text("le secret de l'enseignant")
    (package / "fuite.py").symlink_to(secret)
    (package / "zero.py").symlink_to("/dev/zero")
    (package / "projet").symlink_to(tmp_path)
    os.mkfifo(package / "tube")
    report = private_copy("package", package, tmp_path / "copie", 2**20, 100)
    assert sorted(report.copied) == ["__init__.py", "tp.py"]
    assert dict(report.refused) == {
        "fuite.py": "lien symbolique",
        "zero.py": "lien symbolique",
        "projet": "lien symbolique",
        "tube": "fichier spécial",
    }
    assert sorted(p.name for p in (tmp_path / "copie").iterdir()) == ["__init__.py", "tp.py"]


def test_copy_counts_bytes_and_files(tmp_path):
    big = tmp_path / "gros.py"
    big.write_bytes(b"#" * 5000)
    with pytest.raises(SubmissionError):
        private_copy("file", big, tmp_path / "copie.py", 4096, 10)
    many = tmp_path / "paquet"
    many.mkdir()
    for index in range(5):
        (many / f"m{index}.py").write_text("")
    with pytest.raises(SubmissionError):
        private_copy("package", many, tmp_path / "copie", 2**20, 3)


def test_a_linked_file_submission_is_refused(tmp_path):
    (tmp_path / "vrai.py").write_text("x = 1\n")
    (tmp_path / "rendu.py").symlink_to(tmp_path / "vrai.py")
    with pytest.raises(SubmissionError):
        private_copy("file", tmp_path / "rendu.py", tmp_path / "copie.py", 2**20, 10)


@pytest.mark.parametrize(
    "change",
    [
        "fichier réécrit",
        "fichier ajouté",
        "dossier ajouté",
        "fichier retiré",
        "lien vers un dossier",
    ],
)
def test_any_change_to_the_grader_copy_is_seen(tmp_path, change):
    """La copie privée du correcteur (parso dans ses sous-dossiers) est vérifiée en entier
    avant chaque lancement : un changement, à quelque profondeur que ce soit, arrête tout."""
    code = tmp_path / "rendu.py"
    code.write_text("x = 1\n")
    copy = PrivateCopy("file", code, 2**20, 10, WORKER_CODE)
    try:
        copy.check_grader()  # intacte
        assert "parso/python" in copy.grader_folders
        folder = copy.grader / "parso" / "python"
        if change == "fichier réécrit":
            (folder / "tree.py").write_text("raise SystemExit\n")
        elif change == "fichier ajouté":
            (folder / "tokenize.pyc").write_bytes(b"")
        elif change == "dossier ajouté":
            (folder / "__pycache__").mkdir()
        elif change == "fichier retiré":
            (folder / "tree.py").unlink()
        else:
            (folder / "ailleurs").symlink_to(tmp_path)
        with pytest.raises(GraderChanged):
            copy.check_grader()
    finally:
        copy.remove()


# -- les textes montrés à l'enseignant -----------------------------------------------


def test_control_characters_are_shown_escaped():
    text = "a\x1b[2J\x1b]0;titre\x07b\rc\u202ed\x9be\udcff\n\tf"
    shown = printable(text)
    assert not any(ord(c) < 32 and c not in "\n\t" for c in shown)
    assert "\u202e" not in shown and "\x9b" not in shown and "\udcff" not in shown
    assert shown.endswith("\n\tf") and "\\x1b[2J" in shown
    assert printable(shown) == shown


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_spreadsheet_formulas_are_neutralised(start):
    cell = spreadsheet_cell(start + 'HYPERLINK("http://exemple.invalid")')
    assert cell[0] not in "=+-@\t\r"
    assert spreadsheet_cell("Élodie Dupont") == "Élodie Dupont"


# -- le filtre des appels système et le bac à sable ------------------------------------

LOCKED_PROBE = textwrap.dedent(
    """
    import ctypes, json, os, resource, socket, sys, threading
    sys.path.insert(0, sys.argv[1])
    import lockdown
    state = lockdown.lock({"memory_limit": 256 * 2**20, "file_limit": 2**20})
    results = {"seccomp": state["seccomp"]}
    libc = ctypes.CDLL(None, use_errno=True)

    def syscall(number, *args):
        if libc.syscall(number, *args) < 0:
            raise OSError(ctypes.get_errno(), "refusé")

    # memfd_secret (447) n'est nommé nulle part dans le filtre : refusé quand même.
    attempts = {
        "fork": os.fork,
        "thread": lambda: threading.Thread(target=print).start(),
        "socket": socket.socket,
        "kill": lambda: os.kill(os.getppid(), 0),
        "exec": lambda: os.execv(sys.executable, [sys.executable, "-c", "pass"]),
        "memfd_create": lambda: os.memfd_create("x"),
        "memfd_secret": lambda: syscall(447, 0),
        "pipe": os.pipe,
        # Baisser sa propre limite, ce que le noyau permet toujours : seul le filtre refuse.
        "setrlimit": lambda: resource.setrlimit(resource.RLIMIT_AS, (2**20, 256 * 2**20)),
    }
    for name, attempt in attempts.items():
        try:
            attempt()
            results[name] = "permis"
        except (OSError, RuntimeError, ValueError):
            results[name] = "refusé"
    try:
        bytearray(400 * 2**20)
        results["memory"] = "permis"
    except MemoryError:
        results["memory"] = "refusé"
    files = []
    try:
        for _ in range(1000):
            files.append(open(os.devnull))
        results["descriptors"] = "permis"
    except OSError:
        results["descriptors"] = "refusé"
    print(json.dumps(results))
    """
)


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or os.uname().machine not in lockdown.NUMBERS,
    reason="filtre seccomp pour Linux x86-64 et arm64 seulement",
)
def test_the_worker_locks_itself_out_of_processes_signals_and_sockets():
    run = subprocess.run(
        [sys.executable, "-c", LOCKED_PROBE, str(GRADING)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    results = json.loads(run.stdout)
    assert results == {
        "seccomp": True,
        "fork": "refusé",
        "thread": "refusé",
        "socket": "refusé",
        "kill": "refusé",
        "exec": "refusé",
        "memfd_create": "refusé",
        "memfd_secret": "refusé",
        "pipe": "refusé",
        "setrlimit": "refusé",
        "memory": "refusé",
        "descriptors": "refusé",
    }


def test_seccomp_program_is_well_formed():
    for machine in lockdown.NUMBERS:
        for read_only in (False, True):
            program = lockdown.seccomp_program(machine, read_only)
            assert len(program) % 8 == 0 and len(program) // 8 < 4096


# Sous Landlock, borné à l'ABI donnée, avec ou sans le filtre qui refuse d'écrire : vider
# un fichier que Landlock laisse lire (O_TRUNC en lecture seule, truncate), l'ouvrir pour
# écrire, en créer un dans un dossier lisible.
TRUNCATION_PROBE = textwrap.dedent(
    """
    import json, os, sys
    sys.path.insert(0, sys.argv[1])
    import landlock, lockdown
    folder, abi, read_only = sys.argv[2], int(sys.argv[3]), sys.argv[4] == "oui"
    target = os.path.join(folder, "lisible.txt")
    used = landlock.restrict(landlock.python_paths() + [folder], [], highest=abi)
    assert lockdown.install_filter(read_only=read_only) is None
    attempts = {
        "O_TRUNC": lambda: os.close(os.open(target, os.O_RDONLY | os.O_TRUNC)),
        "truncate": lambda: os.truncate(target, 0),
        "écrire": lambda: os.close(os.open(target, os.O_WRONLY)),
        "créer": lambda: os.close(os.open(os.path.join(folder, "neuf"), os.O_CREAT | os.O_WRONLY)),
    }
    results = {"abi": used}
    for name, attempt in attempts.items():
        try:
            attempt()
            results[name] = "permis"
        except OSError:
            results[name] = "refusé"
    print(json.dumps(results))
    """
)


@pytest.mark.skipif(landlock.abi() < 3, reason="il faut Landlock ABI 3 ou plus pour l'essayer")
@pytest.mark.parametrize("abi", [1, 2, 3])
def test_an_old_landlock_cannot_empty_a_readable_file(tmp_path, abi):
    """Landlock ne sait refuser O_TRUNC sur un fichier qu'il laisse lire qu'à partir de son
    ABI 3 (Linux 6.2) : avant, c'est le filtre en lecture seule du processus de travail qui
    le refuse. Essayé en bornant l'ABI sur ce noyau ; sans le filtre, la faille est là."""

    def probe(read_only: bool) -> dict:
        (tmp_path / "lisible.txt").write_text("le correcteur\n")
        arguments = [str(GRADING), str(tmp_path), str(abi), "oui" if read_only else "non"]
        run = subprocess.run(
            [sys.executable, "-c", TRUNCATION_PROBE, *arguments],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert run.returncode == 0, run.stderr
        return json.loads(run.stdout)

    guarded = probe(read_only=True)
    assert guarded == {
        "abi": abi, "O_TRUNC": "refusé", "truncate": "refusé", "écrire": "refusé", "créer": "refusé"
    }  # fmt: skip
    assert (tmp_path / "lisible.txt").read_text() == "le correcteur\n"
    assert not (tmp_path / "neuf").exists()
    unguarded = probe(read_only=False)
    # (truncate n'est jamais permis par le filtre ; écrire et créer, Landlock les refuse.)
    assert unguarded["O_TRUNC"] == ("refusé" if abi >= 3 else "permis"), unguarded


def test_seccomp_allow_list_is_named_and_numbered():
    """Chaque appel permis existe sur chaque architecture sous le nom du noyau, avec son
    numéro ; libseccomp, quand elle est là, donne les mêmes numéros."""
    names = [name for family in lockdown.ALLOWED.values() for name in family]
    assert len(names) == len(set(names))
    for table in lockdown.NUMBERS.values():
        assert set(table) <= set(names)
    # Les appels qu'arm64 n'a pas (il n'a que leur version « at ») : c'est tout.
    assert set(names) - set(lockdown.NUMBERS["aarch64"]) == {
        "open", "stat", "lstat", "dup2", "readlink", "access", "unlink", "mkdir", "rename"
    }  # fmt: skip
    assert set(names) == set(lockdown.NUMBERS["x86_64"])
    try:
        import ctypes

        libseccomp = ctypes.CDLL("libseccomp.so.2")
    except OSError:
        pytest.skip("libseccomp absente : numéros non recoupés")
    libseccomp.seccomp_arch_resolve_name.restype = ctypes.c_uint32
    libseccomp.seccomp_syscall_resolve_name_arch.argtypes = [ctypes.c_uint32, ctypes.c_char_p]
    for machine, table in lockdown.NUMBERS.items():
        token = libseccomp.seccomp_arch_resolve_name(machine.encode())
        for name, number in table.items():
            assert libseccomp.seccomp_syscall_resolve_name_arch(token, name.encode()) == number


@pytest.mark.skipif(sandbox.probe().mode != "bwrap", reason="bubblewrap indisponible ici")
def test_the_sandbox_sees_nothing_of_the_machine(tmp_path):
    """Dans le bac à sable : ni le projet, ni le dossier personnel, ni /tmp, ni d'autres
    processus, rien d'écrivable dans l'installation de Python, et aucun chemin de la
    machine dans la table des montages hors de ce qui est montré (/usr, le préfixe de
    Python) : le rendu y est une copie, sans le chemin d'où elle vient."""
    (tmp_path / "rendu.py").write_text("x = 1\n")
    code = textwrap.dedent(
        """
        import json, os, sys
        seen = {}
        for path in ["/home", "/tmp", "/etc/passwd", "/proc/2", "/sys", *sys.argv[2:]]:
            seen[path] = os.path.exists(path)
        seen["pids"] = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
        home = sys.argv[1]
        seen["home"] = sorted(os.listdir(home)) if os.path.isdir(home) else []
        seen["uid"] = os.getuid()
        with open("/proc/self/mountinfo") as table:
            seen["roots"] = [line.split()[3] for line in table]
        with open("/sandbox/soumission/rendu.py") as copy:
            seen["code"] = copy.read()
        try:
            open("/usr/fichier", "w")
            seen["usr"] = "écrit"
        except OSError:
            seen["usr"] = "refusé"
        print(json.dumps(seen))
        """
    )
    info_read, info_write = os.pipe()
    sources, folders = sandbox.inside_paths(tmp_path / "rendu.py", "rendu.py")
    files = {inside: os.open(source, os.O_RDONLY) for inside, source in sources.items()}
    args = sandbox.command(files, folders, 2**20, info_write)
    project = Path(__file__).resolve().parents[2]
    outside = [str(project), str(tmp_path)]
    run = subprocess.run(
        [*args, str(sandbox.interpreter()), "-S", "-s", "-c", code, str(Path.home()), *outside],
        capture_output=True,
        text=True,
        timeout=600,
        pass_fds=(info_write, *files.values()),
        check=False,
    )
    for descriptor in (info_read, info_write, *files.values()):
        os.close(descriptor)
    seen = json.loads(run.stdout)
    hidden = ["/home", "/tmp", "/etc/passwd", "/proc/2", "/sys", *outside]
    assert [path for path in hidden if seen[path]] == []
    # Le dossier personnel n'existe que si Python y est installé, et ne montre que lui.
    prefix = Path(os.path.realpath(sys.base_prefix))
    home = Path.home()
    allowed = {prefix.relative_to(home).parts[0]} if prefix.is_relative_to(home) else set()
    assert set(seen["home"]) <= allowed
    assert seen["pids"] == [1] and seen["uid"] == 65534 and seen["usr"] == "refusé"
    assert seen["code"] == "x = 1\n"
    shown = ("/usr", "/etc/ld.so.cache", "/lib", str(prefix))
    machine_paths = [root for root in seen["roots"] if root.startswith(("/tmp", "/home", "/root"))]
    assert [root for root in machine_paths if not root.startswith(shown)] == []
    assert not [root for root in seen["roots"] if str(tmp_path) in root or str(project) in root]


# -- une note hors du barème n'est jamais retenue ------------------------------------


def test_class_keeps_no_grade_outside_the_mark_scheme():
    """Un résultat qu'un correcteur réécrit pourrait rendre (1000/20, des points inventés,
    une note qui n'est pas la somme de ses tests) n'est pas retenu par grade_class."""
    from classroom.runner import plausible

    test = {"score": 1.5, "max_score": 1.5}
    assert plausible({"score": 1.5, "tests": [test]}) is True
    assert plausible({"score": 1000, "tests": [{"score": 1000, "max_score": 1000}]}) is False
    assert plausible({"score": 20, "tests": [test]}) is False
    assert plausible({"score": -1, "tests": []}) is False
    assert plausible({"score": 1.5, "tests": [{"score": "x", "max_score": 1.5}]}) is False
    assert plausible({"output": "pas de tests"}) is None


class FakeMeter:
    """Un processus qui n'a ni calculé ni attendu : tout son temps, il l'a passé dans la
    file du processeur (une machine saturée)."""

    def __init__(self, clock: list[float]):
        self.clock = clock

    def cpu(self) -> float:
        return 0.0

    def queued(self) -> float:
        return self.clock[0]


def test_a_loaded_machine_never_trips_a_call_limit(monkeypatch):
    """L'horloge d'un appel ne compte pas l'attente d'un processeur libre : 1 000 s passées
    dans la file, sur une machine saturée, n'arrêtent pas un appel de 5 s ; le même temps
    passé à attendre sans calculer l'arrête."""
    from grading import channel
    from grading.limits import Limits

    now = [0.0]
    monkeypatch.setattr(channel.time, "monotonic", lambda: now[0])
    worker = object.__new__(channel.WorkerProcess)
    worker.meter, worker.scratch = FakeMeter(now), None
    clock = Limits().clock(5.0)
    now[0] = 1000.0
    worker.check(clock, 0.0, 0.0, 0.0)  # rien : c'était la charge
    worker.meter.queued = lambda: 0.0  # le même temps, hors de la file : de l'attente
    worker.stop = lambda: None
    with pytest.raises(channel.WorkerLost) as lost:
        worker.check(clock, 0.0, 0.0, 0.0)
    assert lost.value.kind == "idle"


def test_the_warning_without_isolation_says_what_to_do():
    """Sans isolation, la phrase dite à l'enseignant dit aussi comment l'obtenir : sous Linux,
    bubblewrap ou Landlock ; sous macOS et Windows, WSL 2 ou un conteneur, et la page qui
    donne la commande."""
    text = sandbox.Isolation("aucune", "bwrap est introuvable").sentence()
    assert text.startswith("ATTENTION") and "sudo apt install bubblewrap" in text
    assert "Landlock" in text and "docs/securite.md" in text
    for platform in ("darwin", "win32"):
        advice = sandbox.remedy(platform)
        assert "WSL 2" in advice and "conteneur" in advice and "docs/securite.md" in advice
