"""Le jeu en ligne de commande (``python -m tp_demineur``), joué pour de vrai.

Chaque test lance le vrai jeu dans un sous-processus (répertoire courant : la
racine du dépôt), lui envoie des lignes sur son entrée standard et lit ce qu'il
affiche. Les plateaux attendus sont recalculés ici avec les fonctions de
référence, en tirant les mines exactement comme ``cli.new_game`` :
``random.seed(graine)`` puis ``initialise_mines``.
"""

import doctest
import os
import random
import re
import select
import signal
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # pytest lancé d'ailleurs que la racine du dépôt
    sys.path.insert(0, str(ROOT))

from tp_demineur import cli, tp  # noqa: E402

pytestmark = [pytest.mark.projet, pytest.mark.lent]

TIMEOUT = 30  # secondes, pour chaque lancement du jeu (bien au-delà du besoin)
PROMPT = "Votre coup (x y) : "
END_OF_INPUT = "Fin de l'entrée"
# Les messages d'``ask_move`` pour une ligne refusée.
MOVE_ERRORS = (
    "Tapez deux nombres entiers",
    "doivent être des nombres entiers",
    "est hors du plateau",
    "est déjà ouverte",
)
# Un UTF-8 strict en entrée, comme sur une machine en fr_FR.UTF-8 (la locale
# C.UTF-8 des conteneurs tolère les octets invalides et cacherait le problème).
ENV = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
ENV.pop("PYTHONSTARTUP", None)


# ---------------------------------------------------------------------------
# Outils
# ---------------------------------------------------------------------------


def command(*args: object) -> list[str]:
    return [sys.executable, "-m", "tp_demineur", *map(str, args)]


def play(args: list[object], stdin: bytes | str = b"") -> subprocess.CompletedProcess[str]:
    """Lance le jeu avec ces options et cette entrée ; renvoie sa sortie décodée."""
    if isinstance(stdin, str):
        stdin = stdin.encode()
    done = subprocess.run(
        command(*args),
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        timeout=TIMEOUT,
    )
    return subprocess.CompletedProcess(
        done.args,
        done.returncode,
        done.stdout.decode("utf-8", errors="replace"),
        done.stderr.decode("utf-8", errors="replace"),
    )


def assert_clean(done: subprocess.CompletedProcess[str], code: int = 0) -> None:
    """Le code de sortie attendu, et jamais de trace d'exception."""
    assert "Traceback" not in done.stdout + done.stderr, done.stdout[-3000:] + done.stderr
    assert done.returncode == code, (done.returncode, done.stdout[-2000:], done.stderr)


def reference_board(
    width: int, height: int, nb_mines: int, seed: int
) -> tuple[list[list[bool]], list[list[int]]]:
    """Les mines et les nombres de voisines de la partie ``--seed seed``."""
    state = random.getstate()
    try:
        random.seed(seed)  # comme cli.new_game
        mines = [[False] * width for _ in range(height)]
        tp.initialise_mines(mines, nb_mines)
    finally:
        random.setstate(state)
    neigh = [[0] * width for _ in range(height)]
    tp.compute_neigh(mines, neigh)
    return mines, neigh


def winning_moves(
    mines: list[list[bool]], neigh: list[list[int]]
) -> tuple[list[tuple[int, int]], list[list[bool]]]:
    """Les coups qui gagnent : chaque case sans mine encore fermée, dans l'ordre.

    Renvoie aussi la grille ``opened`` après chaque coup joué (la dernière :
    toutes les cases sans mine ouvertes)."""
    opened = [[False] * len(mines[0]) for _ in mines]
    moves = []
    for y, row in enumerate(mines):
        for x, mined in enumerate(row):
            if not mined and not opened[y][x]:
                moves.append((x, y))
                opened[y][x] = True
                tp.propagate_open_cells(mines, neigh, opened)
    assert tp.is_finished(mines, opened) == 1
    return moves, opened


def glyph(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]], x, y) -> str:
    if not opened[y][x]:
        return tp.CLOSED
    if mines[y][x]:
        return tp.MINE
    return tp.EMPTY if neigh[y][x] == 0 else str(neigh[y][x])


ROW = re.compile(r"^([ \d]\d)  (\S(?: \S)*)  (\d+)$")


def boards(output: str) -> list[list[str]]:
    """Les plateaux gradués affichés, chacun comme la liste de ses lignes de cases
    (« ■ 1 ⋄ … », sans les numéros de ligne)."""
    found: list[list[str]] = []
    for line in output.splitlines():
        match = ROW.match(line)
        if not match:
            continue
        y = int(match.group(1))
        assert int(match.group(3)) == y, line
        if y == 0:
            found.append([])
        assert found and len(found[-1]) == y, f"ligne {y} inattendue : {line!r}"
        found[-1].append(match.group(2))
    return found


def expected_rows(
    mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]
) -> list[str]:
    return [
        " ".join(glyph(mines, neigh, opened, x, y) for x in range(len(mines[0])))
        for y in range(len(mines))
    ]


def moves_text(moves: list[tuple[int, int]]) -> str:
    return "".join(f"{x} {y}\n" for x, y in moves)


def answers(output: str) -> list[str]:
    """Ce que le jeu répond à chaque ligne lue : le texte entre deux invites."""
    return output.split(PROMPT)[1:]


# ---------------------------------------------------------------------------
# Parties jouées jusqu'au bout
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("width", "height", "nb_mines", "seed"),
    [(50, 20, 100, 2024), (9, 9, 10, 1), (5, 3, 14, 7), (1, 1, 1, 0), (50, 1, 3, 11)],
)
def test_partie_gagnee(width: int, height: int, nb_mines: int, seed: int) -> None:
    mines, neigh = reference_board(width, height, nb_mines, seed)
    moves, opened = winning_moves(mines, neigh)
    done = play(
        ["--width", width, "--height", height, "--mines", nb_mines, "--seed", seed],
        moves_text(moves),
    )
    assert_clean(done)
    assert f"Partie n° {seed}" in done.stdout
    # Chaque coup a été accepté du premier coup : une invite par coup, aucune
    # réponse d'erreur, et la partie s'arrête sur la victoire, pas sur l'entrée.
    assert done.stdout.count(PROMPT) == len(moves)
    assert not any(error in done.stdout for error in MOVE_ERRORS)
    assert END_OF_INPUT not in done.stdout
    last_line = done.stdout.rstrip().splitlines()[-1]
    assert "gagné" in last_line.lower()
    assert "perdu" not in done.stdout.lower()
    # Le plateau affiché avant chaque coup, puis le plateau final, sont ceux de
    # la référence : les mines sont bien celles de --seed.
    shown = boards(done.stdout)
    assert len(shown) == len(moves) + 1
    assert shown[-1] == expected_rows(mines, neigh, opened)


@pytest.mark.parametrize("safe_moves_first", [0, 3])
def test_partie_perdue(safe_moves_first: int) -> None:
    width, height, nb_mines, seed = 50, 20, 100, 31
    mines, neigh = reference_board(width, height, nb_mines, seed)
    moves, _ = winning_moves(mines, neigh)
    moves = moves[:safe_moves_first]
    opened = [[False] * width for _ in range(height)]
    for x, y in moves:
        opened[y][x] = True
        tp.propagate_open_cells(mines, neigh, opened)
    assert tp.is_finished(mines, opened) == 0
    mine = next((x, y) for y in range(height) for x in range(width) if mines[y][x])
    done = play(
        ["--width", width, "--height", height, "--mines", nb_mines, "--seed", seed],
        moves_text([*moves, mine]) + "0 0\n",  # une ligne de trop, jamais lue
    )
    assert_clean(done)
    assert done.stdout.count(PROMPT) == len(moves) + 1
    assert END_OF_INPUT not in done.stdout
    last_line = done.stdout.rstrip().splitlines()[-1]
    assert "perdu" in last_line.lower()
    assert f"({mine[0]}, {mine[1]})" in last_line
    assert "gagné" not in done.stdout.lower()
    # Le plateau final montre toutes les mines (★), les cases ouvertes pendant
    # la partie, et rien d'autre.
    revealed = [[opened[y][x] or mines[y][x] for x in range(width)] for y in range(height)]
    final = boards(done.stdout)[-1]
    assert final == expected_rows(mines, neigh, revealed)
    assert sum(row.count(tp.MINE) for row in final) == nb_mines


# ---------------------------------------------------------------------------
# Lignes incorrectes
# ---------------------------------------------------------------------------

BAD_LINES: list[bytes] = [
    b"",
    b"   ",
    b"\t \t",
    b"bonjour",
    b"a b",
    b"x y",
    b"7",
    b"1 2 3",
    b"1 2 3 4 5 6",
    b"1.5 2",
    b"2 1.5",
    b"1e3 2",
    b"0x1 2",
    b"-1 3",
    b"3 -1",
    b"-0 -5",
    b"8 0",
    b"0 4",
    b"999999999999999999999999999999 0",
    b"1,2",
    b"1;2",
    b"1, 2",
    b"(1, 2)",
    b"x=1 y=2",
    b"1 deux",
    "é ü 漢字".encode(),
    "🙂 🙂".encode(),
    "①  ②".encode(),
    b"\x1b[2J",
    b"\x07\x08\x7f",
    b"\x00",
    b"1\x002",
    b"1 \x00",
    b"\x00 \x00",
    b"\xff\xfe",
    b"3 \xe9",
    b"9" * 5000,
    b"9" * 5000 + b" 0",
    b"1 " * 50_000,
    b"z" * 100_000,
]


def test_lignes_incorrectes_puis_fin_de_l_entree() -> None:
    width, height, nb_mines, seed = 8, 4, 5, 5
    mines, neigh = reference_board(width, height, nb_mines, seed)
    # Un premier coup sûr qui n'ouvre pas tout le plateau, pour pouvoir le rejouer.
    safe = next(
        (x, y) for y in range(height) for x in range(width) if not mines[y][x] and neigh[y][x] > 0
    )
    lines = [f"{safe[0]} {safe[1]}".encode(), *BAD_LINES, f"{safe[0]} {safe[1]}".encode()]
    done = play(
        ["--width", width, "--height", height, "--mines", nb_mines, "--seed", seed],
        b"".join(line + b"\n" for line in lines),
    )
    assert_clean(done)
    replies = answers(done.stdout)
    # Une invite par ligne envoyée, plus la dernière, à laquelle répond la fin
    # de l'entrée : chaque ligne incorrecte a reçu une réponse et une nouvelle
    # invite, sans arrêter le jeu.
    assert len(replies) == len(lines) + 1
    assert boards(replies[0]), "le premier coup, valide, réaffiche le plateau"
    for line, reply in zip(lines[1:], replies[1:-1], strict=True):
        messages = reply.strip().splitlines()
        assert len(messages) == 1, (line[:80], reply[:300])
        assert any(error in messages[0] for error in MOVE_ERRORS), (line[:80], messages)
    assert "déjà ouverte" in replies[-2]
    assert f"({safe[0]}, {safe[1]})" in replies[-2]
    assert END_OF_INPUT in replies[-1]
    assert "hors du plateau" in replies[1 + BAD_LINES.index(b"8 0")]
    assert "hors du plateau" in replies[1 + BAD_LINES.index(b"-1 3")]
    assert "Tapez deux nombres" in replies[1 + BAD_LINES.index(b"1,2")]
    assert "Tapez deux nombres" in replies[1 + BAD_LINES.index(b"")]


def test_octets_invalides_ne_plantent_pas() -> None:
    """Des octets qui ne sont pas de l'UTF-8, aux questions de taille comme aux coups."""
    stdin = b"\xff\n\xc3\n3\n\xfe\xfe 1\n3\n2\n\x80 \x81\n0 0\n"
    done = play([], stdin)
    assert_clean(done)
    assert "n'est pas un nombre entier" in done.stdout
    assert "doivent être des nombres entiers" in done.stdout
    assert done.stdout.count("Largeur du plateau") == 3


def test_fin_de_l_entree_tout_de_suite() -> None:
    for args in ([], ["--width", 5, "--height", 5, "--mines", 3]):
        done = play(args, b"")
        assert_clean(done)
        assert END_OF_INPUT in done.stdout


# ---------------------------------------------------------------------------
# Tailles : au clavier et en options
# ---------------------------------------------------------------------------


def test_tailles_demandees_au_clavier() -> None:
    lines = ["", "abc", "0", "51", "-3", "2.5", "50", "0", "21", "vingt", "20"]
    lines += ["0", "1001", "cent", "100"]
    done = play([], "".join(line + "\n" for line in lines))
    assert_clean(done)
    out = done.stdout
    assert out.count("Largeur du plateau (1 à 50) : ") == 7
    assert out.count("Hauteur du plateau (1 à 20) : ") == 4
    assert out.count("Nombre de mines (1 à 1000) : ") == 4
    assert out.count("n'est pas un nombre entier") == 4
    assert out.count("Réponse vide") == 1
    assert out.count("compris entre 1 et 50") == 3
    assert out.count("compris entre 1 et 20") == 2
    assert out.count("compris entre 1 et 1000") == 2
    # La partie a commencé avec un plateau 50×20, puis l'entrée s'est terminée.
    (board,) = boards(out)
    assert len(board) == 20
    assert all(row == " ".join([tp.CLOSED] * 50) for row in board)
    assert out.count(PROMPT) == 1
    assert END_OF_INPUT in out


def test_trop_de_mines_sans_les_tailles_en_option() -> None:
    done = play(["--height", 2, "--mines", 500], "3\n7\n6\n")
    assert_clean(done)
    assert "Hauteur du plateau" not in done.stdout
    assert "500 mines ne tiennent pas sur un plateau de 6 cases" in done.stdout
    assert done.stdout.count("Nombre de mines (1 à 6) : ") == 2
    assert "gagné" in done.stdout  # 6 mines sur 6 cases : rien à ouvrir


ENGLISH = ("usage", "error", "invalid", "expected", "unrecognized", "argument ", "ignored")


@pytest.mark.parametrize(
    "args",
    [
        ["--width", "0"],
        ["--width", "51"],
        ["--width", "-5"],
        ["--height", "0"],
        ["--height", "21"],
        ["--mines", "0"],
        ["--mines", "-1"],
        ["--width", "5", "--height", "5", "--mines", "26"],
        ["--width", "50", "--height", "20", "--mines", "1001"],
        ["--width", "abc"],
        ["--height", "1.5"],
        ["--mines", ""],
        ["--seed", "-1"],
        ["--seed", "graine"],
        ["--width"],
        ["--foo"],
        ["en", "trop"],
        ["-hx"],
    ],
)
def test_options_incorrectes(args: list[str]) -> None:
    done = play(args, b"1\n1\n1\n")
    assert_clean(done, code=2)
    assert done.stdout == ""
    assert "utilisation :" in done.stderr
    assert "erreur :" in done.stderr
    assert not any(word in done.stderr.lower() for word in ENGLISH), done.stderr


def test_trop_de_mines_en_option_dit_pourquoi() -> None:
    done = play(["--width", "5", "--height", "5", "--mines", "26"])
    assert_clean(done, code=2)
    assert "26" in done.stderr and "25 cases" in done.stderr


def test_aide_en_francais() -> None:
    done = play(["--help"])
    assert_clean(done)
    text = done.stdout.lower()
    for word in ("utilisation", "largeur", "hauteur", "mines", "graine"):
        assert word in text
    assert "usage:" not in text
    assert "show this help" not in text
    assert done.stderr == ""


# ---------------------------------------------------------------------------
# La graine
# ---------------------------------------------------------------------------


def test_meme_graine_meme_partie() -> None:
    args = ["--width", 50, "--height", 20, "--mines", 100, "--seed", 424242]
    moves = "25 10\n0 0\n49 19\n10 5\n40 15\nn'importe quoi\n3 17\n"
    first, second = play(args, moves), play(args, moves)
    assert_clean(first)
    assert first.stdout == second.stdout
    # Et la partie est bien celle que la référence tire avec cette graine.
    mines, neigh = reference_board(50, 20, 100, 424242)
    opened = [[False] * 50 for _ in range(20)]
    assert boards(first.stdout)[0] == expected_rows(mines, neigh, opened)
    x, y = 25, 10
    opened[y][x] = True
    tp.propagate_open_cells(mines, neigh, opened)
    assert boards(first.stdout)[1] == expected_rows(mines, neigh, opened)


def test_la_graine_affichee_rejoue_la_partie() -> None:
    moves = "25 10\n0 0\n49 19\n10 5\n"
    args = ["--width", 50, "--height", 20, "--mines", 100]
    first = play(args, moves)
    assert_clean(first)
    match = re.search(r"--seed (\d+)", first.stdout)
    assert match, first.stdout[:300]
    again = play([*args, "--seed", match.group(1)], moves)
    assert again.stdout == first.stdout


# ---------------------------------------------------------------------------
# Ctrl-C
# ---------------------------------------------------------------------------


def read_until(process: subprocess.Popen[bytes], text: bytes, timeout: float) -> bytes:
    """Lit la sortie du jeu jusqu'à voir ``text`` (le jeu attend alors une ligne)."""
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + timeout
    while text not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        ready, _, _ = select.select([process.stdout], [], [], left)
        if ready:
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
    return seen


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX")
@pytest.mark.parametrize(
    ("args", "prompt"),
    [
        ([], "Largeur du plateau"),
        (["--width", 50, "--height", 20, "--mines", 100, "--seed", 1], PROMPT),
    ],
)
def test_ctrl_c(args: list[object], prompt: str) -> None:
    process = subprocess.Popen(
        command(*args),
        stdin=subprocess.PIPE,  # gardée ouverte : le jeu attend une ligne
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=ENV,
    )
    try:
        before = read_until(process, prompt.encode(), TIMEOUT)
        assert prompt.encode() in before, before[-500:]
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    stdout = (before + out).decode("utf-8", errors="replace")
    stderr = err.decode("utf-8", errors="replace")
    assert "Traceback" not in stdout + stderr, stdout[-2000:] + stderr
    assert "KeyboardInterrupt" not in stdout + stderr
    assert process.returncode == 130, (process.returncode, stdout[-500:], stderr)
    assert "interrompue" in stdout.lower()


# ---------------------------------------------------------------------------
# N'importe quoi, en grande quantité
# ---------------------------------------------------------------------------

WIDTH, HEIGHT, MINES = 50, 20, 100
UNICODE = "éèàçœ«»€ßΩЖ漢字🙂①٣１\u00a0\u2003\u200b\ufeff\x00\x01\x07\x0b\x0c\x1b\x1c\x7f\r\t"


def garbage_line(rng: random.Random, safe_cells: list[tuple[int, int]] | None) -> str:
    kind = rng.random()
    if kind < 0.2:  # texte imprimable au hasard (sans fin de ligne)
        alphabet = string.printable.replace("\n", "")
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
    if kind < 0.4:  # chiffres et séparateurs
        alphabet = "0123456789      \t-+.,;:_/()"
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 15)))
    if kind < 0.55:  # deux, un ou trois nombres, parfois hors du plateau
        count = rng.choice([1, 2, 2, 2, 3])
        numbers = [str(rng.randint(-5, 60)) for _ in range(count)]
        return rng.choice([" ", "  ", "\t", ", ", " \u00a0 "]).join(numbers)
    if kind < 0.7:  # unicode, caractères de contrôle, NUL
        return "".join(rng.choice(UNICODE + "0123456789 ") for _ in range(rng.randint(1, 20)))
    if kind < 0.73:  # une très longue ligne
        return rng.choice(["9", "1 ", "a", "\u00e9"]) * rng.randint(1000, 20_000)
    # un coup valide (au sens de la syntaxe et du plateau)
    if safe_cells is None:
        x, y = rng.randrange(WIDTH), rng.randrange(HEIGHT)
    else:
        x, y = rng.choice(safe_cells)
    return rng.choice(["{} {}", " {}  {} ", "\t{}\t{}\t", "+{} +{}", "0{} 0{}"]).format(x, y)


def hits_mine(line: str, mines: list[list[bool]]) -> bool:
    """La ligne est-elle, pour ``ask_move``, un coup sur une mine ?"""
    words = line.split()
    try:
        x, y = (int(word) for word in words)
    except ValueError:  # pas deux mots, ou pas des entiers
        return False
    return 0 <= x < WIDTH and 0 <= y < HEIGHT and mines[y][x]


@pytest.mark.parametrize(("seed", "only_safe_moves"), [(1, True), (2, True), (3, False)])
def test_deux_mille_lignes_au_hasard(seed: int, only_safe_moves: bool) -> None:
    rng = random.Random(seed)
    mines, _ = reference_board(WIDTH, HEIGHT, MINES, seed)
    safe = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if not mines[y][x]]
    lines = [garbage_line(rng, safe if only_safe_moves else None) for _ in range(2000)]
    if only_safe_moves:
        # Une ligne faite au hasard peut tomber sur un coup valide (« 3 4 », « ٣ ١ ») :
        # on écarte ceux qui sautent sur une mine, pour que la partie dure.
        lines = [line for line in lines if not hits_mine(line, mines)]
    stdin = "".join(line + "\n" for line in lines).encode()
    done = play(["--width", WIDTH, "--height", HEIGHT, "--mines", MINES, "--seed", seed], stdin)
    assert_clean(done)
    assert done.stderr == ""
    tail = done.stdout.rstrip().splitlines()[-1].lower()
    assert END_OF_INPUT.lower() in tail or "gagné" in tail or "perdu" in tail, tail
    replies = answers(done.stdout)
    for reply in replies[:-1]:  # toute ligne a une réponse : un message ou un plateau
        assert boards(reply) or any(error in reply for error in MOVE_ERRORS), reply[:300]
    if END_OF_INPUT.lower() in tail:
        assert len(replies) == len(lines) + 1  # chaque ligne a été lue, une par une
    if only_safe_moves:
        assert "perdu" not in tail


# ---------------------------------------------------------------------------
# Les doctests
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("module", [tp, cli], ids=["tp", "cli"])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, verbose=False, report=True)
    assert result.attempted > 0
    assert result.failed == 0


# ---------------------------------------------------------------------------
# Les règles graduées
# ---------------------------------------------------------------------------


def check_rulers(text: str, width: int, height: int) -> list[str]:
    """Vérifie les règles d'un plateau gradué ; renvoie ses lignes de cases."""
    lines = text.splitlines()
    header = 2 if width > 10 else 1
    assert len(lines) == header + height, text
    units, rows = lines[header - 1], lines[header:]
    tens = lines[0] if header == 2 else None
    for y, row in enumerate(rows):
        assert row[:4] == f"{y:>2}  ", row
        assert row.endswith(f"  {y}"), row
        assert len(row) == 4 + 2 * width - 1 + 2 + len(str(y)), row
    for x in range(width):
        column = 4 + 2 * x  # la colonne de texte de la case x
        assert units[column] == str(x % 10), (x, units)
        if tens is not None:
            assert tens[column] == (str(x // 10) if x >= 10 else " "), (x, tens)
        for row in rows:
            assert row[column] in "■★⋄12345678", (x, row)
            assert row[column + 1] == " ", (x, row)
    assert set(units[:4]) == {" "}
    assert set(units[5::2]) <= {" "}
    return [row[4 : 4 + 2 * width - 1] for row in rows]


def test_regles_du_plateau_50x20() -> None:
    width, height, nb_mines, seed = 50, 20, 100, 2024
    mines, neigh = reference_board(width, height, nb_mines, seed)
    # Un coup sur une case numérotée loin du coin : elle seule s'ouvre, et son
    # chiffre doit apparaître exactement sous le numéro de sa colonne.
    x, y = next(
        (x, y)
        for y in range(height - 1, -1, -1)
        for x in range(width - 1, 30, -1)
        if not mines[y][x] and neigh[y][x] > 0
    )
    done = play(
        ["--width", width, "--height", height, "--mines", nb_mines, "--seed", seed],
        f"{x} {y}\n",
    )
    assert_clean(done)
    blocks = done.stdout.split(PROMPT)
    first, second = blocks[0].split("\n\n", 1)[1], blocks[1].strip("\n")
    assert check_rulers(first, width, height) == [" ".join([tp.CLOSED] * width)] * height
    rows = check_rulers(second, width, height)
    header = second.splitlines()[:2]
    column = 4 + 2 * x
    assert header[0][column] == str(x // 10) and header[1][column] == str(x % 10)
    assert second.splitlines()[2 + y][column] == str(neigh[y][x])
    assert second.splitlines()[2 + y][:2] == f"{y:>2}"
    assert sum(row.count(tp.CLOSED) for row in rows) == width * height - 1


@settings(max_examples=150, deadline=None, database=None)
@given(
    width=st.integers(1, tp.MAX_WIDTH),
    height=st.integers(1, tp.MAX_HEIGHT),
    seed=st.integers(0, 2**32),
)
def test_regles_toutes_tailles(width: int, height: int, seed: int) -> None:
    rng = random.Random(seed)
    mines = [[rng.random() < 0.2 for _ in range(width)] for _ in range(height)]
    neigh = [[rng.randint(0, 8) for _ in range(width)] for _ in range(height)]
    opened = [[rng.random() < 0.5 for _ in range(width)] for _ in range(height)]
    rows = check_rulers(cli.board_with_rulers(mines, neigh, opened), width, height)
    assert rows == expected_rows(mines, neigh, opened)
