"""Le jeu en ligne de commande (``python -m tp_demineur``), joué pour de vrai.

Chaque test lance le vrai jeu dans un sous-processus (répertoire courant : la
racine du dépôt), lui envoie des lignes sur son entrée standard et lit ce qu'il
affiche. Les plateaux attendus sont recalculés ici avec les fonctions de
référence, en tirant les mines comme le jeu le documente : ``random.seed(graine)``
puis ``initialise_mines`` sur une ligne qui tient lieu des cases permises (toutes
sauf le premier coup et ses voisines), ou sur tout le plateau avec les règles du TP.

Les meilleurs temps vont dans un dossier jetable (``XDG_DATA_HOME``), et la
largeur du terminal est fixée par ``COLUMNS``.
"""

import ast
import doctest
import json
import os
import random
import re
import select
import shutil
import signal
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # pytest lancé d'ailleurs que la racine du dépôt
    sys.path.insert(0, str(ROOT))

from tp_demineur import (  # noqa: E402
    cli,
    commands,
    game,
    levels,
    python_version,
    scores,
    screen,
    tp,
)
from tp_demineur import terminal as console  # noqa: E402  (« terminal » : la fixture tmux)

pytestmark = [pytest.mark.projet, pytest.mark.lent]

TIMEOUT = 600  # secondes par lancement du jeu : un garde-fou, même sur une machine chargée
ANSI = re.compile(r"\x1b\[[0-9;]*m")  # les codes de couleur, retirés pour chercher un texte
PROMPT = "Votre coup, x (colonne) y (ligne) : "
STATUS = "Cases à ouvrir : "
END_OF_INPUT = "Fin de l'entrée"
REPLAY = "Pour rejouer ce plateau :"
# Un UTF-8 strict en entrée, comme sur une machine en fr_FR.UTF-8 (la locale
# C.UTF-8 des conteneurs tolère les octets invalides et cacherait le problème).
BASE_ENV = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "COLUMNS": "200"}
for name in ("PYTHONSTARTUP", "NO_COLOR"):
    BASE_ENV.pop(name, None)

Cell = tuple[int, int]


# ---------------------------------------------------------------------------
# Outils
# ---------------------------------------------------------------------------


@pytest.fixture(autouse=True, scope="module")
def _scores_out_of_home(tmp_path_factory: pytest.TempPathFactory):
    """Les meilleurs temps des parties gagnées ici ne vont jamais chez l'utilisateur."""
    BASE_ENV["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("donnees_par_defaut"))
    yield
    del BASE_ENV["XDG_DATA_HOME"]


@pytest.fixture
def data_home(tmp_path: Path) -> Path:
    """Le dossier de données de l'utilisateur, pour les meilleurs temps."""
    folder = tmp_path / "donnees"
    folder.mkdir()
    return folder


def command(*args: object) -> list[str]:
    return [sys.executable, "-m", "tp_demineur", *map(str, args)]


def play(
    args: list[object],
    stdin: bytes | str = b"",
    data_home: Path | None = None,
    **env: str,
) -> subprocess.CompletedProcess[str]:
    """Lance le jeu avec ces options et cette entrée ; renvoie sa sortie décodée."""
    if isinstance(stdin, str):
        stdin = stdin.encode()
    environment = {**BASE_ENV, **env}
    if data_home is not None:
        environment["XDG_DATA_HOME"] = str(data_home)
    done = subprocess.run(
        command(*args),
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env=environment,
        timeout=TIMEOUT,
    )
    return subprocess.CompletedProcess(
        done.args,
        done.returncode,
        done.stdout.decode("utf-8", errors="replace"),
        done.stderr.decode("utf-8", errors="replace"),
    )


@pytest.mark.parametrize("script", ["tp.py", "__main__.py"])
def test_lance_comme_un_fichier_le_jeu_demarre(script: str) -> None:
    """F5 dans IDLE, Thonny ou EduPython lance le fichier ouvert depuis son dossier : tp.py
    ou __main__.py lancés ainsi font comme python -m tp_demineur, sans trace de la pile."""
    done = subprocess.run(
        [sys.executable, script, "--width", "3", "--height", "1", "--mines", "1", "--seed", "5"],
        input="0 0\n1 0\n2 0\nn\n",
        capture_output=True,
        text=True,
        cwd=ROOT / "tp_demineur",
        env=BASE_ENV,
        timeout=TIMEOUT,
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    assert "Gagné" in done.stdout or "Perdu" in done.stdout, done.stdout


def assert_clean(done: subprocess.CompletedProcess[str], code: int = 0) -> None:
    """Le code de sortie attendu, et jamais de trace d'exception."""
    assert "Traceback" not in done.stdout + done.stderr, done.stdout[-3000:] + done.stderr
    assert done.returncode == code, (done.returncode, done.stdout[-2000:], done.stderr)


def lines_of(*lines: object) -> str:
    return "".join(f"{line}\n" for line in lines)


def around(cell: Cell, width: int, height: int) -> list[Cell]:
    x, y = cell
    return [
        (cx, cy)
        for cy in range(y - 1, y + 2)
        for cx in range(x - 1, x + 2)
        if 0 <= cx < width and 0 <= cy < height
    ]


def expected_mines(
    width: int, height: int, nb_mines: int, seed: int, first: Cell | None
) -> list[list[bool]]:
    """Les mines de la partie ``--seed seed`` dont le premier coup est ``first``
    (``None`` : les règles du TP, mines tirées avant le premier coup)."""
    state = random.getstate()
    try:
        random.seed(seed)
        mines = [[False] * width for _ in range(height)]
        if first is None or nb_mines == width * height:
            tp.initialise_mines(mines, nb_mines)
            return mines
        every = [(x, y) for y in range(height) for x in range(width)]
        allowed = [cell for cell in every if cell not in around(first, width, height)]
        if len(allowed) < nb_mines:
            allowed = [cell for cell in every if cell != first]
        stand_in = [[False] * len(allowed)]
        tp.initialise_mines(stand_in, nb_mines)
        for (x, y), mined in zip(allowed, stand_in[0]):
            mines[y][x] = mined
        return mines
    finally:
        random.setstate(state)


def neigh_of(mines: list[list[bool]]) -> list[list[int]]:
    neigh = [[0] * len(mines[0]) for _ in mines]
    tp.compute_neigh(mines, neigh)
    return neigh


def safe_moves(mines: list[list[bool]], first: Cell | None) -> tuple[list[Cell], list[list[bool]]]:
    """Des coups qui gagnent : ``first``, puis chaque case sans mine encore fermée.

    Renvoie aussi la grille ``opened`` à la fin."""
    neigh = neigh_of(mines)
    opened = [[False] * len(mines[0]) for _ in mines]
    candidates = [first] if first else []
    candidates += [(x, y) for y in range(len(mines)) for x in range(len(mines[0]))]
    moves = []
    for x, y in candidates:
        if not mines[y][x] and not opened[y][x]:
            moves.append((x, y))
            opened[y][x] = True
            tp.propagate_open_cells(mines, neigh, opened)
    return moves, opened


def move_lines(moves: list[Cell], prefix: str = "") -> str:
    return "".join(f"{prefix}{x} {y}\n" for x, y in moves)


ROW = re.compile(r"^([ \d]\d)  (\S(?: \S)*)  (\d+)$")


def boards(output: str) -> list[list[str]]:
    """Les plateaux gradués affichés (disposition normale), chacun comme la liste
    de ses lignes de cases (« ■ 1 ⋄ … », sans les numéros de ligne)."""
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


def rows(mines: list[list[bool]], shown) -> list[str]:
    """Les lignes attendues ; ``shown(x, y, neigh)`` donne le symbole d'une case."""
    neigh = neigh_of(mines)
    return [" ".join(shown(x, y, neigh) for x in range(len(mines[0]))) for y in range(len(mines))]


def number(neigh: list[list[int]], x: int, y: int) -> str:
    return tp.EMPTY if neigh[y][x] == 0 else str(neigh[y][x])


def playing_rows(mines: list[list[bool]], opened: list[list[bool]], flags=()) -> list[str]:
    def shown(x: int, y: int, neigh) -> str:
        if opened[y][x]:
            return number(neigh, x, y)
        return screen.FLAG if (x, y) in flags else tp.CLOSED

    return rows(mines, shown)


def final_rows(mines: list[list[bool]], flags=(), exploded=()) -> list[str]:
    def shown(x: int, y: int, neigh) -> str:
        if mines[y][x]:
            if (x, y) in exploded:
                return screen.EXPLODED
            return screen.FLAG if (x, y) in flags else tp.MINE
        return screen.WRONG_FLAG if (x, y) in flags else number(neigh, x, y)

    return rows(mines, shown)


def answers(output: str) -> list[str]:
    """Ce que le jeu répond à chaque ligne lue à l'invite des coups."""
    return output.split(PROMPT)[1:]


def replay_args(output: str) -> list[str]:
    """Les options de la commande qui rejoue le plateau, lues dans la sortie."""
    lines = output.splitlines()
    index = lines.index(REPLAY)
    words = lines[index + 1].split()
    assert lines[index + 1].startswith("python -m tp_demineur "), lines[index + 1]
    return words[3:]


def without_time(output: str) -> str:
    return re.sub(r"Temps : [0-9:,]+", "Temps : …", output)


# ---------------------------------------------------------------------------
# Parties jouées jusqu'au bout
# ---------------------------------------------------------------------------

WON_GAMES = [
    # (options, largeur, hauteur, mines, graine, premier coup, règles du TP)
    (["--niveau", "debutant"], 9, 9, 10, 1, (4, 4), False),
    (["--niveau", "intermediaire"], 16, 16, 40, 2, (0, 0), False),
    (["--niveau", "expert"], 30, 16, 99, 3, (29, 15), False),
    (["--width", 50, "--height", 20, "--mines", 100], 50, 20, 100, 2024, (25, 10), False),
    (["--width", 5, "--height", 3, "--mines", 14], 5, 3, 14, 7, (2, 1), False),
    (["--width", 2, "--height", 1, "--mines", 1], 2, 1, 1, 0, (1, 0), False),
    (["--width", 50, "--height", 1, "--mines", 3, "--regles-du-tp"], 50, 1, 3, 11, None, True),
]


@pytest.mark.parametrize(
    ("options", "width", "height", "nb_mines", "seed", "first", "tp_rules"), WON_GAMES
)
def test_partie_gagnee(
    data_home: Path,
    options: list[object],
    width: int,
    height: int,
    nb_mines: int,
    seed: int,
    first: Cell | None,
    tp_rules: bool,
) -> None:
    mines = expected_mines(width, height, nb_mines, seed, None if tp_rules else first)
    moves, _ = safe_moves(mines, first)
    args = [*options, "--seed", seed]
    done = play(args, move_lines(moves) + "n\n", data_home)
    assert_clean(done)
    out = done.stdout
    title = levels.board_title(width, height, nb_mines)
    assert f"Démineur {title}, partie n° {seed}." in out
    # Chaque coup a été accepté : une invite par coup, un plateau avant chaque
    # coup, et la partie finit sur la victoire, pas sur la fin de l'entrée.
    assert out.count(PROMPT) == len(moves)
    assert out.count(STATUS) == len(moves)
    assert END_OF_INPUT not in out
    shown = boards(out)
    assert len(shown) == len(moves) + 1
    assert shown[0] == [" ".join([tp.CLOSED] * width)] * height
    # Le dernier plateau avant le dernier coup, puis tout le champ.
    assert shown[-1] == final_rows(mines)
    assert "Gagné !" in out and "Perdu" not in out
    assert f"{len(moves)} coup" in out and "0 annulation" in out
    assert out.rstrip().endswith(screen.REPLAY_PROMPT.rstrip())
    # Le meilleur temps est gardé, et montré.
    assert "Nouveau record !" in out
    assert f"Meilleurs temps, {title} :" in out
    saved = json.loads((data_home / "tp_demineur" / "meilleurs_temps.json").read_text("utf-8"))
    (entry,) = saved["temps"][scores.board_key(width, height, nb_mines)]
    assert entry["graine"] == seed
    # La commande donnée rejoue exactement ce plateau.
    again = replay_args(out)
    assert "--seed" in again and str(seed) in again
    if tp_rules:
        assert "--regles-du-tp" in again and "--premier-coup" not in again
        replay = play(again, move_lines(moves) + "n\n")
    else:
        assert again[-3:] == ["--premier-coup", str(first[0]), str(first[1])]
        replay = play(again, move_lines(moves[1:]) + "n\n")
        assert f"Premier coup joué : ({first[0]}, {first[1]})." in replay.stdout
    assert_clean(replay)
    assert boards(replay.stdout)[-1] == final_rows(mines)
    assert "Gagné !" in replay.stdout


def test_le_premier_coup_ouvre_une_zone() -> None:
    """Par défaut, le premier coup n'est jamais une mine et ouvre toujours une zone."""
    for seed in range(8):
        first = (seed % 30, seed % 16)
        done = play(["--niveau", "expert", "--seed", seed], f"{first[0]} {first[1]}\n")
        assert_clean(done)
        after = boards(done.stdout)[1]
        assert after[first[1]].split()[first[0]] == tp.EMPTY, (seed, first)


def test_regles_du_tp_le_premier_coup_peut_perdre() -> None:
    mines = expected_mines(9, 9, 10, 5, None)
    mine = next((x, y) for y in range(9) for x in range(9) if mines[y][x])
    done = play(["--niveau", "debutant", "--regles-du-tp", "--seed", 5], move_lines([mine]) + "n\n")
    assert_clean(done)
    assert "Règles du TP" in done.stdout
    assert f"Perdu : la case ({mine[0]}, {mine[1]}) cachait une mine." in done.stdout
    assert boards(done.stdout)[-1] == final_rows(mines, exploded=[mine])


class FlaggedLoss:
    """Une partie intermédiaire perdue après un drapeau juste et un drapeau faux : chaque
    symbole du jeu y paraît (fermée, vide, chiffres, drapeau, mine, mine qui a explosé,
    drapeau faux)."""

    width, height, nb_mines, seed, first = 16, 16, 40, 8, (8, 8)

    def __init__(self) -> None:
        self.args = ["--niveau", "intermediaire", "--seed", self.seed]
        width, height = self.width, self.height
        self.mines = mines = expected_mines(width, height, self.nb_mines, self.seed, self.first)
        mine_cells = [(x, y) for y in range(height) for x in range(width) if mines[y][x]]
        self.good_flag, self.lost_on = mine_cells[0], mine_cells[-1]
        self.opened = opened = [[False] * width for _ in range(height)]
        opened[self.first[1]][self.first[0]] = True
        tp.propagate_open_cells(mines, neigh_of(mines), opened)
        self.wrong_flag = next((x, y) for y in range(height) for x in range(width)
                               if not opened[y][x] and not mines[y][x])  # fmt: skip
        self.flags = [self.good_flag, self.wrong_flag]
        self.moves = [
            f"{self.first[0]} {self.first[1]}",
            f"d {self.good_flag[0]} {self.good_flag[1]}",
            f"d {self.wrong_flag[0]} {self.wrong_flag[1]}",
            f"{self.lost_on[0]} {self.lost_on[1]}",
        ]

    def last_boards(self) -> list[list[str]]:
        """Le dernier plateau de jeu, puis le champ final (symboles du jeu)."""
        playing = playing_rows(self.mines, self.opened, self.flags)
        return [playing, final_rows(self.mines, self.flags, exploded=[self.lost_on])]


def test_partie_perdue_avec_drapeaux_justes_et_faux(data_home: Path) -> None:
    game = FlaggedLoss()
    nb_mines, good_flag, lost_on = game.nb_mines, game.good_flag, game.lost_on
    stdin = lines_of(*game.moves, "n", "0 0")  # « 0 0 » n'est jamais lue
    done = play(game.args, stdin, data_home)
    assert_clean(done)
    out = done.stdout
    assert out.count(PROMPT) == 4
    assert f"Drapeau {screen.FLAG} posé en ({good_flag[0]}, {good_flag[1]})." in out
    assert boards(out)[-2:] == game.last_boards()
    final = boards(out)[-1]
    assert sum(row.count(tp.MINE) for row in final) == nb_mines - 2
    assert sum(row.count(screen.WRONG_FLAG) for row in final) == 1
    legend = out.split("\n".join(f"{y:>2}  {row}  {y}" for y, row in enumerate(final)))[1]
    assert legend.splitlines()[1] == (
        f"{screen.EXPLODED} mine qui a explosé · {tp.MINE} mine · "
        f"{screen.FLAG} drapeau juste · {screen.WRONG_FLAG} drapeau faux"
    )
    assert f"Perdu : la case ({lost_on[0]}, {lost_on[1]}) cachait une mine." in out
    # Deux coups ouvrent des cases ; les drapeaux ne sont pas des coups.
    assert "2 coups" in out and "Gagné" not in out
    assert out.rstrip().endswith(screen.REPLAY_OR_UNDO_PROMPT.rstrip())
    assert not (data_home / "tp_demineur").exists()  # une défaite ne garde aucun temps


def test_annuler_apres_la_defaite_puis_gagner(data_home: Path) -> None:
    seed, first = 12, (4, 4)
    mines = expected_mines(9, 9, 10, seed, first)
    moves, _ = safe_moves(mines, first)
    mine = next((x, y) for y in range(9) for x in range(9) if mines[y][x])
    stdin = move_lines(moves[:1]) + move_lines([mine]) + "peut-être\nu\n" + move_lines(moves[1:])
    done = play(["--niveau", "debutant", "--seed", seed], stdin + "n\n", data_home)
    assert_clean(done)
    out = done.stdout
    before_loss, after_loss = out.split("Perdu", 1)
    assert screen.YES_NO_UNDO in after_loss  # « peut-être » : la question est reposée
    assert "Dernier coup annulé." in after_loss
    # Le plateau d'après l'annulation est celui d'avant le coup perdant.
    assert boards(after_loss)[0] == boards(before_loss)[-2]
    assert "Gagné !" in after_loss
    # Le coup perdant, annulé, ne compte plus.
    assert f"{len(moves)} coups · 1 annulation" in after_loss
    assert "Temps non classé" in after_loss
    assert not (data_home / "tp_demineur").exists()


def test_ouvrir_autour_d_un_chiffre() -> None:
    seed, first = 4, (4, 4)
    mines = expected_mines(9, 9, 10, seed, first)
    neigh = neigh_of(mines)
    opened = [[False] * 9 for _ in range(9)]
    opened[4][4] = True
    tp.propagate_open_cells(mines, neigh, opened)
    # Un chiffre ouvert qui a des voisines fermées sans mine.
    cell, targets = next(
        ((x, y), [(cx, cy) for cx, cy in around((x, y), 9, 9) if not opened[cy][cx]])
        for y in range(9)
        for x in range(9)
        if opened[y][x]
        and neigh[y][x] > 0
        and any(not opened[cy][cx] and not mines[cy][cx] for cx, cy in around((x, y), 9, 9))
    )
    flags = [(cx, cy) for cx, cy in targets if mines[cy][cx]]
    stdin = lines_of(
        "4 4",
        f"{cell[0]} {cell[1]}",  # pas encore de drapeau : refusé
        *(f"d {x} {y}" for x, y in flags),
        f"{cell[0]} {cell[1]}",
    )
    done = play(["--niveau", "debutant", "--seed", seed], stdin)
    assert_clean(done)
    replies = answers(done.stdout)
    refused = replies[1].splitlines()[0]
    assert refused.startswith(f"La case ({cell[0]}, {cell[1]}) est déjà ouverte ; pour ouvrir")
    assert f"il faut {screen.count(neigh[cell[1]][cell[0]], 'drapeau')} autour" in refused
    assert "(il y en a 0)" in refused
    for x, y in targets:
        if not mines[y][x]:
            opened[y][x] = True
    tp.propagate_open_cells(mines, neigh, opened)
    chord_reply = replies[2 + len(flags)]
    assert re.search(rf"\d+ cases? ouvertes? autour de \({cell[0]}, {cell[1]}\)\.", chord_reply)
    if tp.is_finished(mines, opened) == 0:
        assert boards(chord_reply)[0] == playing_rows(mines, opened, flags)


# ---------------------------------------------------------------------------
# Rejouer, quitter, l'aide
# ---------------------------------------------------------------------------


def test_rejouer_le_meme_plateau_et_de_nouvelles_mines() -> None:
    mines = expected_mines(2, 1, 1, 3, (0, 0))
    assert not mines[0][0]
    stdin = "0 0\no\n0 0\nO\n"  # deux victoires, puis la fin de l'entrée
    done = play(["--width", 2, "--height", 1, "--mines", 1, "--seed", 3], stdin)
    assert_clean(done)
    numbers = re.findall(r"partie n° (\d+)\.", done.stdout)
    assert len(numbers) == 3 and numbers[0] == "3"
    assert len(set(numbers)) >= 2  # de nouvelles graines (sauf hasard extraordinaire)
    assert done.stdout.count("Démineur 2×1, 1 mine") == 3  # mêmes tailles
    assert done.stdout.count("Gagné !") == 2
    assert END_OF_INPUT in done.stdout


def test_quitter_demande_confirmation() -> None:
    stdin = lines_of("4 4", "q", "non", "q", "peut-être", "", "o", "1 1")
    done = play(["--niveau", "debutant", "--seed", 1], stdin)
    assert_clean(done)
    out = done.stdout
    assert out.count(screen.QUIT_PROMPT) == 4
    assert "La partie continue." in out
    assert out.count(screen.YES_NO) == 2
    assert "Partie abandonnée." in out
    assert out.count(PROMPT) == 3  # « 1 1 » n'est jamais lue
    assert replay_args(out) == "--niveau debutant --seed 1 --premier-coup 4 4".split()
    assert END_OF_INPUT not in out and "Rejouer" not in out


def test_quitter_avant_le_premier_coup() -> None:
    done = play(["--niveau", "expert"], "q\nOUI\n")
    assert_clean(done)
    assert "Partie abandonnée." in done.stdout
    assert REPLAY not in done.stdout  # aucune mine n'était encore placée


def test_aide_et_indice() -> None:
    done = play(["--niveau", "debutant", "--seed", 1], "aide\n?\n")
    assert_clean(done)
    replies = answers(done.stdout)
    assert replies[0].startswith(screen.help_text() + "\n" + STATUS)
    assert replies[1].startswith("Indice : toute case est sûre au premier coup")
    assert all(len(line) <= 80 for line in screen.help_text().splitlines())


def test_la_ligne_d_etat() -> None:
    first = (4, 4)
    mines = expected_mines(9, 9, 10, 6, first)
    opened = [[False] * 9 for _ in range(9)]
    opened[4][4] = True
    tp.propagate_open_cells(mines, neigh_of(mines), opened)
    left = sum(not opened[y][x] and not mines[y][x] for y in range(9) for x in range(9))
    done = play(["--niveau", "debutant", "--seed", 6], "4 4\nd 0 0\nd 1 0\nd 0 0\n")
    statuses = [line for line in done.stdout.splitlines() if line.startswith(STATUS)]
    assert statuses[0] == "Cases à ouvrir : 71 · Mines − drapeaux : 10 · Coups : 0 · Temps : 0:00"
    # Un drapeau n'est pas un coup : seule l'ouverture compte.
    expected = [(left, 10, 1), (left, 9, 1), (left, 8, 1), (left, 9, 1)]
    for line, (cells, mines_left, moves) in zip(statuses[1:], expected, strict=True):
        assert re.fullmatch(
            rf"Cases à ouvrir : {cells} · Mines − drapeaux : {mines_left} · Coups : {moves}"
            r" · Temps : \d+:\d\d",
            line,
        ), line


# ---------------------------------------------------------------------------
# Lignes incorrectes et coups refusés
# ---------------------------------------------------------------------------

# (ligne, début de la réponse attendue)
BAD_LINES: list[tuple[bytes, str]] = [
    (b"", "Ligne vide"),
    (b"   ", "Ligne vide"),
    (b"\t \t", "Ligne vide"),
    (b"bonjour", "« bonjour » n'est pas une commande"),
    (b"a b", "« a b » n'est pas une commande"),
    (b"x y", "« x y » n'est pas une commande"),
    (b"aidez-moi", "« aidez-moi » n'est pas une commande"),
    (b"7", "Tapez deux nombres entiers"),
    (b"1 2 3", "Tapez deux nombres entiers"),
    (b"1 2 3 4 5 6", "Tapez deux nombres entiers"),
    (b"1.5 2", "x et y doivent être des nombres entiers"),
    (b"2 1.5", "x et y doivent être des nombres entiers"),
    (b"1e3 2", "x et y doivent être des nombres entiers"),
    (b"1 deux", "x et y doivent être des nombres entiers"),
    (b"0x1 2", "« 0x1 2 » n'est pas une commande"),
    (b"-1 3", "La case (-1, 3) est hors du plateau : x va de 0 à 7 et y de 0 à 3."),
    (b"3 -1", "La case (3, -1) est hors du plateau"),
    (b"-0 -5", "La case (0, -5) est hors du plateau"),
    (b"8 0", "La case (8, 0) est hors du plateau"),
    (b"0 4", "La case (0, 4) est hors du plateau"),
    (b"999999999999999999999999999999 0", "La case (999999999999…, 0) est hors du plateau"),
    (b"1;2", "« 1;2 » n'est pas une commande"),
    (b"(1, 2)", "« (1, 2) » n'est pas une commande"),
    (b"x=1 y=2", "« x=1 y=2 » n'est pas une commande"),
    (b"d", "Un drapeau se pose ou s'enlève avec d x y"),
    (b"d 3", "Un drapeau se pose ou s'enlève avec d x y"),
    (b"d a b", "Un drapeau se pose ou s'enlève avec d x y"),
    (b"d 1 2 3", "Un drapeau se pose ou s'enlève avec d x y"),
    (b"d 9 9", "La case (9, 9) est hors du plateau"),
    (b"u u", "La commande « u » s'écrit seule"),
    (b"q tout de suite", "La commande « q » s'écrit seule"),
    (b"aide moi", "La commande « aide » s'écrit seule"),
    (b"? 1 2", "La commande « ? » s'écrit seule"),
    ("é ü 漢字".encode(), "« é ü 漢字 » n'est pas une commande"),
    ("🙂 🙂".encode(), "« 🙂 🙂 » n'est pas une commande"),
    ("①  ②".encode(), "« ①  ② » n'est pas une commande"),
    ("٣ ١".encode(), "« ٣ ١ » n'est pas une commande"),
    (b"\x1b[2J", "« �[2J » n'est pas une commande"),
    (b"\x07\x08\x7f", "« ��� » n'est pas une commande"),
    (b"\x00", "« � » n'est pas une commande"),
    (b"1\x002", "« 1�2 » n'est pas une commande"),
    (b"\xff\xfe", "« �� » n'est pas une commande"),
    (b"3 \xe9", "x et y doivent être des nombres entiers"),
    (b"9" * 5000, "Tapez deux nombres entiers"),
    (b"9" * 5000 + b" 0", "La case (999999999999…, 0) est hors du plateau"),
    (b"1 " * 50_000, "Tapez deux nombres entiers"),
    (b"z" * 100_000, "« zzzzzzzzzzzzzzzzzzzz… » n'est pas une commande"),
]


def test_lignes_incorrectes_puis_fin_de_l_entree() -> None:
    width, height, nb_mines, seed, first = 8, 4, 5, 5, (0, 0)
    mines = expected_mines(width, height, nb_mines, seed, first)
    opened = [[False] * width for _ in range(height)]
    opened[0][0] = True
    tp.propagate_open_cells(mines, neigh_of(mines), opened)
    assert tp.is_finished(mines, opened) == 0
    lines = [b"0 0", *(line for line, _ in BAD_LINES)]
    done = play(
        ["--width", width, "--height", height, "--mines", nb_mines, "--seed", seed],
        b"".join(line + b"\n" for line in lines),
    )
    assert_clean(done)
    assert done.stderr == ""
    replies = answers(done.stdout)
    # Une invite par ligne envoyée, plus la dernière, à laquelle répond la fin
    # de l'entrée : chaque ligne incorrecte a reçu sa réponse, puis la ligne
    # d'état et une nouvelle invite, sans arrêter le jeu.
    assert len(replies) == len(lines) + 1
    assert boards(replies[0]) == [playing_rows(mines, opened)]
    for (line, expected), reply in zip(BAD_LINES, replies[1:-1], strict=True):
        *message, status = reply.splitlines()
        assert message[0].startswith(expected), (line[:80], message)
        assert status.startswith(STATUS), (line[:80], reply[:300])
        if "n'est pas une commande" in expected:  # les formes attendues, avec un exemple
            assert len(message) == 2 and message[1].startswith("Exemples : « "), message
        else:
            assert len(message) == 1, (line[:80], message)
    assert END_OF_INPUT in replies[-1]


def test_exemples_sur_une_vraie_case_fermee() -> None:
    done = play(["--niveau", "debutant", "--seed", 1], "bonjour\n")
    assert "Exemples : « 4 4 » (ouvrir), « d 4 4 » (drapeau), u, q, aide." in done.stdout
    mines = expected_mines(9, 9, 10, 1, (4, 4))
    opened = [[False] * 9 for _ in range(9)]
    opened[4][4] = True
    tp.propagate_open_cells(mines, neigh_of(mines), opened)
    done = play(["--niveau", "debutant", "--seed", 1], "4 4\n3\nd\n")
    found = re.findall(r"« d? ?(\d) (\d) »", done.stdout)
    assert len(found) == 2
    for x, y in found:
        assert not opened[int(y)][int(x)]


def test_coups_refuses() -> None:
    seed, first = 9, (4, 4)
    mines = expected_mines(9, 9, 10, seed, first)
    mine = next((x, y) for y in range(9) for x in range(9) if mines[y][x])
    stdin = lines_of(
        "u",  # rien à annuler
        "4 4",
        "d 4 4",  # drapeau sur une case ouverte
        f"d {mine[0]} {mine[1]}",
        f"{mine[0]} {mine[1]}",  # case sous drapeau
        "4 4",  # un 0 : rien à ouvrir autour
    )
    done = play(["--niveau", "debutant", "--seed", seed], stdin)
    assert_clean(done)
    replies = [reply.splitlines()[0] for reply in answers(done.stdout)[:-1]]
    assert replies[0] == "Aucun coup à annuler."
    assert replies[2] == "La case (4, 4) est déjà ouverte : pas de drapeau sur une case ouverte."
    assert replies[4] == (
        f"La case ({mine[0]}, {mine[1]}) porte un drapeau {screen.FLAG} : "
        f"enlevez-le d'abord avec « d {mine[0]} {mine[1]} »."
    )
    assert replies[5] == "La case (4, 4) est déjà ouverte, et il n'y a rien à ouvrir autour d'elle."


def test_octets_invalides_ne_plantent_pas() -> None:
    """Des octets qui ne sont pas de l'UTF-8, aux questions de taille comme aux coups."""
    stdin = b"\xff\n\xc3\n3\n\xfe\xfe 1\n3\n2\n\x80 \x81\n0 0\n"
    done = play([], stdin)
    assert_clean(done)
    assert "n'est pas un nombre entier" in done.stdout
    assert "« � � » n'est pas une commande" in done.stdout
    assert done.stdout.count("Largeur du plateau") == 3


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        ([], ""),
        ([], "5\n"),
        (["--width", 5, "--height", 5, "--mines", 3], ""),
        (["--niveau", "debutant"], "q\n"),  # à la confirmation
        (["--width", 2, "--height", 1, "--mines", 1, "--seed", 0], "1 0\n"),  # à « Rejouer ? »
    ],
)
def test_fin_de_l_entree_partout(args: list[object], stdin: str) -> None:
    done = play(args, stdin)
    assert_clean(done)
    assert done.stdout.rstrip().endswith(f"{END_OF_INPUT} : le jeu s'arrête.")


def test_fin_de_l_entree_en_pleine_partie_dit_comment_la_rejouer() -> None:
    done = play(["--niveau", "debutant", "--seed", 5], "4 4\n")
    assert_clean(done)
    *_, end, title, replay = done.stdout.rstrip().splitlines()
    assert end == f"{END_OF_INPUT} : le jeu s'arrête."
    assert title == "Pour rejouer ce plateau :"
    assert replay == "python -m tp_demineur --niveau debutant --seed 5 --premier-coup 4 4"


# ---------------------------------------------------------------------------
# Tailles, niveaux et options
# ---------------------------------------------------------------------------


def test_tailles_demandees_au_clavier() -> None:
    lines = ["", "abc", "0", "51", "-3", "2.5", "50", "0", "21", "vingt", "20"]
    lines += ["0", "1001", "cent", "100"]
    done = play([], lines_of(*lines))
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
    assert board == [" ".join([tp.CLOSED] * 50)] * 20
    assert out.count(PROMPT) == 1
    assert END_OF_INPUT in out


def test_trop_de_mines_sans_les_tailles_en_option() -> None:
    done = play(["--height", 2, "--mines", 500], "3\n7\n6\nn\n")
    assert_clean(done)
    assert "Hauteur du plateau" not in done.stdout
    assert "500 mines ne tiennent pas sur un plateau de 6 cases" in done.stdout
    assert done.stdout.count("Nombre de mines (1 à 6) : ") == 2
    # 6 mines sur 6 cases : rien à ouvrir, la partie est gagnée sans un coup.
    assert "Gagné !" in done.stdout and PROMPT not in done.stdout
    assert "Meilleurs temps" not in done.stdout


def test_plateau_1x1() -> None:
    done = play(["--width", 1, "--height", 1], "1\nn\n")
    assert_clean(done)
    assert boards(done.stdout) == [[tp.MINE]]
    assert "Toutes les cases sont minées : rien à ouvrir" in done.stdout
    assert "Gagné !" in done.stdout and PROMPT not in done.stdout


@pytest.mark.parametrize("level", levels.LEVELS, ids=lambda level: level.name)
@pytest.mark.parametrize("spelling", ["name", "title", "TITLE"])
def test_niveaux(level: levels.Level, spelling: str) -> None:
    """Un niveau s'écrit sans accents, comme le jeu l'écrit (« débutant »), ou en capitales."""
    name = {"name": level.name, "title": level.title, "TITLE": level.title.upper()}[spelling]
    done = play(["--niveau", name], "", COLUMNS="80")
    assert_clean(done)
    assert f"Démineur {level.title} ({level.width}×{level.height}, {level.mines} mines)" in (
        done.stdout
    )
    (board,) = boards(done.stdout)  # disposition normale : les trois tiennent en 80 colonnes
    assert board == [" ".join([tp.CLOSED] * level.width)] * level.height
    assert f"Mines − drapeaux : {level.mines}" in done.stdout


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
        ["--niveau", "facile"],
        ["--niveau"],
        ["--niveau", "expert", "--width", "10"],
        ["--niveau", "expert", "--mines", "10"],
        ["--premier-coup", "1", "1"],
        ["--premier-coup", "1"],
        ["--premier-coup", "a", "b"],
        ["--niveau", "debutant", "--premier-coup", "9", "0"],
        ["--niveau", "debutant", "--premier-coup", "-1", "0"],
        ["--niveau", "debutant", "--premier-coup", "1", "1", "--regles-du-tp"],
        ["--regles-du-tp=oui"],
    ],
)
def test_options_incorrectes(args: list[str]) -> None:
    done = play(args, b"1\n1\n1\n")
    assert_clean(done, code=2)
    assert done.stdout == ""
    assert "utilisation :" in done.stderr
    assert "erreur :" in done.stderr
    assert not any(word in done.stderr.lower() for word in ENGLISH), done.stderr


def test_options_incorrectes_disent_pourquoi() -> None:
    done = play(["--width", "5", "--height", "5", "--mines", "26"])
    assert "26" in done.stderr and "25 cases" in done.stderr
    done = play(["--niveau", "facile"])
    assert "débutant, intermédiaire ou expert" in done.stderr
    done = play(["--niveau", "debutant", "--premier-coup", "9", "0"])
    assert "(9, 0) est hors du plateau 9×9" in done.stderr


def test_aide_en_francais() -> None:
    done = play(["--help"])
    assert_clean(done)
    text = done.stdout.lower()
    for word in ("utilisation", "largeur", "hauteur", "mines", "graine", "--niveau", "expert"):
        assert word in text
    for option in ("--regles-du-tp", "--premier-coup", "--scores"):
        assert option in text
    assert "usage:" not in text
    assert "show this help" not in text
    assert done.stderr == ""


# ---------------------------------------------------------------------------
# La graine
# ---------------------------------------------------------------------------


def test_meme_graine_meme_partie() -> None:
    args = ["--width", 50, "--height", 20, "--mines", 100, "--seed", 424242]
    moves = "25 10\n0 0\n49 19\nd 10 5\n40 15\nn'importe quoi\nu\n3 17\n"
    first, second = play(args, moves), play(args, moves)
    assert_clean(first)
    assert without_time(first.stdout) == without_time(second.stdout)


def test_la_graine_affichee_rejoue_la_partie() -> None:
    moves = "25 10\n0 0\n49 19\n10 5\n"
    args = ["--width", 50, "--height", 20, "--mines", 100]
    first = play(args, moves)
    assert_clean(first)
    match = re.search(r"partie n° (\d+)\.", first.stdout)
    assert match, first.stdout[:300]
    again = play([*args, "--seed", match.group(1)], moves)
    assert without_time(again.stdout) == without_time(first.stdout)


# ---------------------------------------------------------------------------
# Les meilleurs temps
# ---------------------------------------------------------------------------


def win(data_home: Path | None, seed: int, **env: str) -> subprocess.CompletedProcess[str]:
    mines = expected_mines(9, 9, 10, seed, (4, 4))
    moves, _ = safe_moves(mines, (4, 4))
    return play(
        ["--niveau", "debutant", "--seed", seed], move_lines(moves) + "n\n", data_home, **env
    )


def test_scores_vides_puis_remplis(data_home: Path) -> None:
    done = play(["--scores"], data_home=data_home)
    assert_clean(done)
    assert done.stdout.startswith("Aucun meilleur temps pour l'instant")
    for seed in (1, 2):
        assert_clean(win(data_home, seed))
    second = win(data_home, 3)
    assert re.search(r"  [123]\. +\d:\d\d,\d  le \d\d/\d\d/\d{4}  ← cette partie", second.stdout)
    done = play(["--scores"], data_home=data_home)
    assert_clean(done)
    lines = done.stdout.splitlines()
    assert lines[0] == "Meilleurs temps, débutant (9×9, 10 mines) :"
    assert [line.split(".")[0] for line in lines[1:4]] == ["  1", "  2", "  3"]
    assert lines[-1] == f"(fichier : {data_home / 'tp_demineur' / 'meilleurs_temps.json'})"
    assert done.stderr == ""
    # Les meilleurs temps d'un seul plateau : celui des options.
    assert play(["--scores", "--niveau", "débutant"], data_home=data_home).stdout == done.stdout
    size = ["--width", "9", "--height", "9", "--mines", "10"]
    assert play(["--scores", *size], data_home=data_home).stdout == done.stdout
    expert = play(["--scores", "--niveau", "expert"], data_home=data_home)
    assert_clean(expert)
    assert expert.stdout.startswith("Aucun meilleur temps pour ce plateau")


def test_scores_par_defaut_dans_home(tmp_path: Path) -> None:
    environment = {**BASE_ENV, "HOME": str(tmp_path)}
    environment.pop("XDG_DATA_HOME", None)
    done = subprocess.run(
        command("--scores"), capture_output=True, text=True, cwd=ROOT, env=environment
    )
    assert done.returncode == 0
    assert str(tmp_path / ".local" / "share" / "tp_demineur" / "meilleurs_temps.json") in (
        done.stdout
    )


def test_fichier_des_scores_abime(data_home: Path) -> None:
    path = data_home / "tp_demineur" / "meilleurs_temps.json"
    path.parent.mkdir()
    path.write_text('{"format": 1, "temps": {"9x9-10": [{"secondes": "', encoding="utf-8")
    done = play(["--scores"], data_home=data_home)
    assert_clean(done)
    (warning,) = done.stderr.splitlines()
    assert warning.startswith("Attention, meilleurs temps ignorés : le fichier")
    assert "abîmé" in warning
    # Une victoire remplace le fichier abîmé par un neuf, avec un avertissement.
    done = win(data_home, 1)
    assert_clean(done)
    assert len(done.stderr.splitlines()) == 1 and "abîmé" in done.stderr
    assert "Nouveau record !" in done.stdout
    assert scores.load(path)["9x9-10"][0].seed == 1


def test_fichier_des_scores_impossible_a_ecrire(tmp_path: Path) -> None:
    blocker = tmp_path / "fichier"
    blocker.write_text("pas un dossier", encoding="utf-8")
    done = win(blocker, 1)  # XDG_DATA_HOME est un fichier
    assert_clean(done)
    (warning,) = done.stderr.splitlines()
    assert "ne peut pas être écrit" in warning
    assert "Gagné !" in done.stdout and "Meilleurs temps" not in done.stdout
    assert done.stdout.rstrip().endswith(screen.REPLAY_PROMPT.rstrip())


def test_ni_xdg_data_home_ni_home() -> None:
    environment = {
        key: value for key, value in BASE_ENV.items() if key not in ("HOME", "XDG_DATA_HOME")
    }
    mines = expected_mines(2, 1, 1, 0, (1, 0))
    assert not mines[0][1]
    done = subprocess.run(
        command("--width", 2, "--height", 1, "--mines", 1, "--seed", 0),
        input="1 0\nn\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "Gagné !" in done.stdout
    assert done.stderr.splitlines() == [
        "Attention, meilleurs temps non gardés : ni XDG_DATA_HOME ni HOME n'est défini."
    ]


def test_fichier_des_scores_illisible(data_home: Path) -> None:
    (data_home / "tp_demineur" / "meilleurs_temps.json").mkdir(parents=True)
    done = win(data_home, 1)
    assert_clean(done)
    (warning,) = done.stderr.splitlines()
    assert "ne peut pas être lu" in warning
    done = play(["--scores"], data_home=data_home)
    assert_clean(done)
    assert len(done.stderr.splitlines()) == 1


# ---------------------------------------------------------------------------
# Disposition et couleurs (à travers un tube)
# ---------------------------------------------------------------------------


def compact_board(output: str, width: int, height: int) -> list[str]:
    """Les lignes de cases du dernier plateau compact affiché."""
    pattern = re.compile(rf"^([ \d]\d) (\S{{{width}}}) (\d+)$")
    found = [match for line in output.splitlines() if (match := pattern.match(line))]
    last = found[-height:]
    assert [int(match.group(1)) for match in last] == list(range(height))
    return [match.group(2) for match in last]


def test_plateau_compact_quand_le_terminal_est_etroit() -> None:
    args = ["--width", 50, "--height", 20, "--mines", 100, "--seed", 2024]
    mines = expected_mines(50, 20, 100, 2024, (25, 10))
    opened = [[False] * 50 for _ in range(20)]
    opened[10][25] = True
    tp.propagate_open_cells(mines, neigh_of(mines), opened)
    wide = play(args, "25 10\n", COLUMNS="120")
    narrow = play(args, "25 10\n", COLUMNS="80")
    assert_clean(wide)
    assert_clean(narrow)
    assert boards(wide.stdout)[-1] == playing_rows(mines, opened)
    assert not boards(narrow.stdout)
    assert compact_board(narrow.stdout, 50, 20) == [
        row.replace(" ", "") for row in playing_rows(mines, opened)
    ]
    # Tout tient en 80 colonnes, sauf la commande qui rejoue le plateau (à copier d'un bloc).
    lines = narrow.stdout.splitlines()
    widest = max(len(line) for line in lines if not line.startswith("python -m tp_demineur "))
    assert widest <= 80, widest
    header = narrow.stdout.split(PROMPT)[1].splitlines()[1:3]
    assert (
        header[0].rstrip()
        == "   " + "".join(str(x // 10) if x % 10 == 0 and x else " " for x in range(50)).rstrip()
    )
    assert header[1] == "   " + "".join(str(x % 10) for x in range(50))


def test_pas_de_couleur_dans_un_tube() -> None:
    done = play(["--niveau", "debutant", "--seed", 1], "4 4\n")
    assert "\x1b[" not in done.stdout


# ---------------------------------------------------------------------------
# Une console qui ne sait pas coder les symboles (cp1252, ASCII), ou --ascii
# ---------------------------------------------------------------------------

PLAIN = str.maketrans(console.PLAIN_SYMBOLS)
NOT_SHOWN = "Cette console ne sait pas afficher les symboles du plateau"


@pytest.mark.parametrize(
    "text, refused",
    [("-hx", True), ("-h=x", True), ("-h", False), ("--help", False), ("-5", False)],
)
def test_des_lettres_collees_a_une_option_sans_valeur(text: str, refused: bool, capsys) -> None:
    """``-hx`` est refusé avant toute action, quelle que soit la version de Python (3.13.0
    lit ``-h -x`` : l'aide, et le code 0)."""
    from tp_demineur.arguments import FrenchParser

    parser = FrenchParser(prog="demineur")
    parser.options_group()
    if not refused:
        parser.refuse_glued_letters(text)
        return
    with pytest.raises(SystemExit) as stopped:
        parser.refuse_glued_letters(text)
    assert stopped.value.code == 2
    assert f"demineur : erreur : option -h/--help : valeur en trop « {text[2:]} »" in (
        capsys.readouterr().err
    )


# Les autres Python installés par pyenv (3.13.0 a changé la lecture de « -hx »).
OTHER_PYTHONS = sorted(Path.home().glob(".pyenv/versions/3.1[0-9]*/bin/python"))


@pytest.mark.skipif(not OTHER_PYTHONS, reason="aucun autre Python 3.10+ installé par pyenv")
@pytest.mark.parametrize("python", OTHER_PYTHONS, ids=lambda path: path.parts[-3])
def test_hx_refuse_sur_chaque_version_de_python(python: Path) -> None:
    done = subprocess.run(
        [str(python), "-m", "tp_demineur", "-hx"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=BASE_ENV,
        timeout=TIMEOUT,
    )
    assert_clean(done, code=2)
    assert "demineur : erreur : option -h/--help : valeur en trop « x »" in done.stderr
    assert done.stdout == ""


def play_encoded(args: list[object], stdin: str, encoding: str) -> str:
    """La sortie du jeu vers une console ``encoding``, décodée strictement : chaque
    caractère écrit est un caractère de cette console."""
    done = subprocess.run(
        command(*args),
        input=stdin.encode(),
        capture_output=True,
        cwd=ROOT,
        env={**BASE_ENV, "PYTHONIOENCODING": encoding},
        timeout=TIMEOUT,
    )
    assert_clean(subprocess.CompletedProcess(done.args, done.returncode, "", done.stderr.decode()))
    return done.stdout.decode(encoding)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_console_qui_ne_sait_pas_coder_les_symboles(encoding: str) -> None:
    """Chaque symbole a son remplaçant, tous différents, dit une fois pour toutes les
    parties ; le reste du texte garde ce que la console sait écrire."""
    game = FlaggedLoss()
    out = play_encoded(game.args, lines_of(*game.moves, "o"), encoding)
    first, second = out.split("partie n")[1:]  # « Rejouer ? o » : une seconde partie
    assert out.count(NOT_SHOWN) == 1 and out.index(NOT_SHOWN) < out.index("partie n")
    plain = [[row.translate(PLAIN) for row in rows] for rows in game.last_boards()]
    assert boards(first)[-2:] == plain
    assert boards(second) == [[" ".join("#" * game.width)] * game.height]
    symbols = {cell for rows in plain for row in rows for cell in row.split()}
    assert set(console.PLAIN_SYMBOLS.values()) <= symbols  # tous présents, tous différents
    assert len(set(console.PLAIN_SYMBOLS.values())) == len(console.PLAIN_SYMBOLS)
    meanings = {"#": "fermée", ".": "sans mine autour", "D": "drapeau", "*": "mine", "@": "mine"}
    for symbol, meaning in meanings.items():
        assert console.plain(f"{symbol} {meaning}") in console.plain(" ".join(out.split()))
    assert "?" not in "".join(row for rows in boards(out) for row in rows)
    if encoding == "cp1252":
        assert "Démineur intermédiaire (16×16, 40 mines)" in out
        assert "Mines - drapeaux" in out  # « − » n'est pas dans cp1252
    else:
        assert "Demineur intermediaire (16x16, 40 mines)" in out


def test_ascii_demande_sur_une_console_utf8() -> None:
    """--ascii : les symboles simples, le reste du texte intact."""
    game = FlaggedLoss()
    out = play_encoded([*game.args, "--ascii"], lines_of(*game.moves, "n"), "utf-8")
    assert out.startswith("Symboles simples (--ascii).")
    assert out.count("Symboles simples") == 1
    assert boards(out)[-2:] == [
        [row.translate(PLAIN) for row in rows] for rows in game.last_boards()
    ]
    assert "Démineur intermédiaire (16×16, 40 mines)" in out and "Mines − drapeaux" in out
    assert not set(console.PLAIN_SYMBOLS) & set(out)


def test_une_console_utf8_garde_les_symboles() -> None:
    out = play_encoded(["--niveau", "debutant", "--seed", 1], "", "utf-8")
    assert "Symboles" not in out and tp.CLOSED in out


# ---------------------------------------------------------------------------
# Un Python trop ancien
# ---------------------------------------------------------------------------


def old_pythons() -> list[str]:
    """Les interpréteurs de la machine plus anciens que ce qu'il faut (3.6 à 3.9) : sur le
    chemin, ou installés par pyenv ; un seul par version."""
    found: dict[tuple[int, int], str] = {}
    pyenv = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    candidates = [shutil.which(f"python3.{minor}") for minor in range(6, 10)]
    candidates += [str(path) for path in sorted(pyenv.glob("3.[6-9].*/bin/python"))]
    for candidate in filter(None, candidates):
        try:
            done = subprocess.run(
                [candidate, "-c", "import sys; print(*sys.version_info[:2])"],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
        except OSError:
            continue
        words = done.stdout.split()
        if done.returncode == 0 and len(words) == 2:
            version = (int(words[0]), int(words[1]))
            if version < python_version.MINIMUM:
                found.setdefault(version, candidate)
    return [found[version] for version in sorted(found)]


OLD_PYTHONS = old_pythons()
TOO_OLD = "Ce programme demande Python {}.{} ou plus récent".format(*python_version.MINIMUM)


def assert_too_old(done: subprocess.CompletedProcess[str]) -> None:
    """Le message en français et son code, rien d'autre (ni trace, ni sortie)."""
    assert done.returncode == python_version.EXIT_TOO_OLD, done.stdout + done.stderr
    assert done.stderr.startswith(TOO_OLD), done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_python_trop_ancien_le_message() -> None:
    """La garde, appelée avec la version d'un Python trop ancien (sans en avoir un)."""
    script = "from tp_demineur.python_version import require_python; require_python((3, 9, 18))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=TIMEOUT
    )
    assert_too_old(done)
    assert "Python 3.9.18" in done.stderr and sys.executable in done.stderr
    assert python_version.require_python(python_version.MINIMUM) is None


def test_le_minimum_est_celui_du_paquet_et_du_readme() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    minimum = "{}.{}".format(*python_version.MINIMUM)
    assert f'requires-python = ">={minimum}"' in pyproject
    assert f"Python {minimum}, " in (ROOT / "README.md").read_text(encoding="utf-8")


def test_le_paquet_se_lit_avec_un_vieux_python() -> None:
    """Ce que Python lit avant la garde se lit en Python 3.6 (ni annotations évaluées, ni
    syntaxe récente) : la garde est atteinte avant toute erreur."""
    for path in (ROOT / "tp_demineur" / "__init__.py", ROOT / "tp_demineur" / "python_version.py"):
        ast.parse(path.read_text(encoding="utf-8"), feature_version=(3, 6))
    init = ast.parse((ROOT / "tp_demineur" / "__init__.py").read_text(encoding="utf-8"))
    first, second = init.body[1:3]  # après la documentation du module : la garde
    assert ast.unparse(first) == "from .python_version import require_python"
    assert ast.unparse(second) == "require_python()"


@pytest.mark.skipif(not OLD_PYTHONS, reason="aucun Python 3.6 à 3.9 sur cette machine")
@pytest.mark.parametrize("old", OLD_PYTHONS)
def test_le_jeu_avec_un_vrai_python_trop_ancien(old: str) -> None:
    done = subprocess.run(
        [old, "-m", "tp_demineur", "--niveau", "debutant"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env={**BASE_ENV, "PYTHONIOENCODING": "utf-8"},
        timeout=TIMEOUT,
    )
    assert_too_old(done)


# ---------------------------------------------------------------------------
# Ctrl-C
# ---------------------------------------------------------------------------


def ctrl_c_as_in_a_terminal() -> None:
    """Dans le processus lancé : Ctrl-C (SIGINT) a son effet ordinaire, même quand les
    tests eux-mêmes l'ignorent (lancés en arrière-plan par un shell, par exemple)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


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
    ("args", "before", "prompt", "replays"),
    [
        ([], b"", "Largeur du plateau", 0),
        # Rien à rejouer : les mines ne sont pas encore placées.
        (["--niveau", "expert", "--seed", 1], b"", PROMPT, 0),
        (["--niveau", "expert", "--seed", 1], b"q\n", screen.QUIT_PROMPT, 0),
        # Une partie en cours : comment la rejouer, comme après « q ».
        (["--niveau", "expert", "--seed", 1], b"0 0\n", "Coups : 1", 1),
        (["--niveau", "débutant", "--regles-du-tp", "--seed", 3], b"", PROMPT, 1),
        # Une partie finie l'a déjà dit, une seule fois.
        (["--width", 2, "--height", 1, "--mines", 1, "--seed", 0], b"1 0\n", "Rejouer", 1),
    ],
)
def test_ctrl_c(args: list[object], before: bytes, prompt: str, replays: int) -> None:
    process = subprocess.Popen(
        command(*args),
        stdin=subprocess.PIPE,  # gardée ouverte : le jeu attend une ligne
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=BASE_ENV,
        preexec_fn=ctrl_c_as_in_a_terminal,
    )
    try:
        assert process.stdin is not None
        process.stdin.write(before)
        process.stdin.flush()
        seen = read_until(process, prompt.encode(), TIMEOUT)
        assert prompt.encode() in seen, seen[-500:]
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    stdout = (seen + out).decode("utf-8", errors="replace")
    stderr = err.decode("utf-8", errors="replace")
    assert "Traceback" not in stdout + stderr, stdout[-2000:] + stderr
    assert "KeyboardInterrupt" not in stdout + stderr
    assert process.returncode == 130, (process.returncode, stdout[-500:], stderr)
    assert "interrompue" in stdout.lower()
    assert stdout.count("Pour rejouer ce plateau :") == replays, stdout[-500:]
    lines = stdout.splitlines()
    for index, line in enumerate(lines):
        if line == "Pour rejouer ce plateau :":
            replay = lines[index + 1]
            assert replay.startswith("python -m tp_demineur --") and "--seed " in replay


# ---------------------------------------------------------------------------
# N'importe quoi, en grande quantité
# ---------------------------------------------------------------------------

WIDTH, HEIGHT, MINES = 50, 20, 100
UNICODE = "éèàçœ«»€ßΩЖ漢字🙂①٣１\u00a0\u2003\u200b\ufeff\x00\x01\x07\x0b\x0c\x1b\x1c\x7f\r\t"


def garbage_line(rng: random.Random, safe_cells: list[Cell] | None) -> str:
    kind = rng.random()
    if kind < 0.2:  # texte imprimable au hasard (sans fin de ligne)
        alphabet = string.printable.replace("\n", "")
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
    if kind < 0.35:  # chiffres et séparateurs
        alphabet = "0123456789      \t-+.,;:_/()"
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 15)))
    if kind < 0.5:  # deux, un ou trois nombres, parfois hors du plateau
        count = rng.choice([1, 2, 2, 2, 3])
        numbers = [str(rng.randint(-5, 60)) for _ in range(count)]
        return rng.choice([" ", "  ", "\t", ", ", " \u00a0 ", " d "]).join(numbers)
    if kind < 0.6:  # les commandes du jeu, bien ou mal écrites
        return rng.choice(["u", "U", "aide", "?", "q", "q n", "d", "d 3", "d 1 1", "u 2"])
    if kind < 0.7:  # unicode, caractères de contrôle, NUL
        return "".join(rng.choice(UNICODE + "0123456789 ") for _ in range(rng.randint(1, 20)))
    if kind < 0.72:  # une très longue ligne
        return rng.choice(["9", "1 ", "a", "\u00e9"]) * rng.randint(1000, 20_000)
    # un coup valide (au sens de la syntaxe et du plateau)
    if safe_cells is None:
        x, y = rng.randrange(WIDTH), rng.randrange(HEIGHT)
    else:
        x, y = rng.choice(safe_cells)
    return rng.choice(["{} {}", " {}  {} ", "\t{}\t{}\t", "+{} +{}", "0{} 0{}", "{},{}"]).format(
        x, y
    )


def is_mine_move(line: str, mines: list[list[bool]]) -> bool:
    """La ligne ouvre-t-elle (ou ouvre-t-elle autour de) une case qui touche une mine ?"""
    command = commands.parse(line)
    if not isinstance(command, commands.Command) or command.kind is not commands.Kind.OPEN:
        return False
    x, y = command.x or 0, command.y or 0
    if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
        return False
    return any(mines[cy][cx] for cx, cy in around((x, y), WIDTH, HEIGHT))


@pytest.mark.parametrize(("seed", "only_safe_moves"), [(1, True), (3, False)])
def test_deux_mille_lignes_au_hasard(seed: int, only_safe_moves: bool) -> None:
    rng = random.Random(seed)
    first = (25, 10)
    mines = expected_mines(WIDTH, HEIGHT, MINES, seed, first)
    safe = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if not mines[y][x]]
    lines = [garbage_line(rng, safe if only_safe_moves else None) for _ in range(2000)]
    # Ni « q » (on y répondrait avec la ligne suivante), ni drapeau qui rendrait
    # sûre l'ouverture autour d'un chiffre : seules les cases voisines de mines comptent.
    lines = [line for line in lines if line.strip().lower() != "q"]
    if only_safe_moves:
        lines = [line for line in lines if not is_mine_move(line, mines)]
    lines.insert(0, "25 10")
    stdin = "".join(line + "\n" for line in lines).encode()
    done = play(["--width", WIDTH, "--height", HEIGHT, "--mines", MINES, "--seed", seed], stdin)
    assert_clean(done)
    assert done.stderr == ""
    replies = answers(done.stdout)
    for reply in replies[:-1]:  # toute ligne a une réponse, puis la ligne d'état
        assert STATUS in reply, reply[:300]
    tail = done.stdout.rstrip().splitlines()[-1]
    if only_safe_moves:
        assert "Perdu" not in done.stdout
    if END_OF_INPUT in tail and "Rejouer" not in done.stdout:
        assert len(replies) == len(lines) + 1  # chaque ligne a été lue, une par une


# ---------------------------------------------------------------------------
# Les doctests
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "module",
    [tp, cli, game, commands, screen, scores, levels, console],
    ids=lambda m: m.__name__,
)
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, verbose=False, report=True)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0


# ---------------------------------------------------------------------------
# Dans un vrai terminal (tmux) : couleurs, disposition compacte, règles
# ---------------------------------------------------------------------------

TMUX = shutil.which("tmux")


class Terminal:
    """Une session tmux de 80 colonnes qui fait tourner le jeu."""

    def __init__(
        self, args: list[object], tmp_path: Path, wrapper: str = "", columns: int = 80, **env: str
    ) -> None:
        """``wrapper`` : une commande qui lance le jeu (``luit`` : une console non UTF-8)."""
        assert TMUX is not None
        self.name = f"demineur-{os.getpid()}-{tmp_path.name}"
        self.socket = str(tmp_path / "tmux.sock")
        environment = {"XDG_DATA_HOME": str(tmp_path), "PYTHONPATH": str(ROOT), **env}
        exports = " ".join(f"{key}={value}" for key, value in environment.items())
        game_command = " ".join([wrapper, *command(*args)]).strip()
        self.tmux(
            "new-session", "-d", "-s", self.name, "-x", str(columns), "-y", "50",
            f"cd {ROOT} && env -u NO_COLOR -u COLUMNS {exports} {game_command}; sleep 30",
        )  # fmt: skip

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            [TMUX, "-S", self.socket, *args], capture_output=True, text=True, timeout=TIMEOUT
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def wait_for(self, text: str, colours: bool = False) -> str:
        """L'écran dès que ``text`` y paraît (tmux retire les espaces en fin de ligne)."""
        text = text.rstrip()
        deadline = time.monotonic() + TIMEOUT
        while True:
            screen_text = self.tmux(
                "capture-pane", "-p", *(["-e"] if colours else []), "-t", self.name
            )
            visible = ANSI.sub("", screen_text) if colours else screen_text
            if text in visible:
                return screen_text
            if time.monotonic() > deadline:
                pytest.fail(f"« {text} » n'a pas paru à l'écran en {TIMEOUT} s :\n{visible}")
            time.sleep(0.1)

    def send(self, line: str) -> None:
        self.tmux("send-keys", "-t", self.name, "-l", line)
        self.tmux("send-keys", "-t", self.name, "Enter")

    def close(self) -> None:
        subprocess.run([TMUX, "-S", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def terminal(tmp_path: Path):
    opened: list[Terminal] = []

    def start(args: list[object], wrapper: str = "", columns: int = 80, **env: str) -> Terminal:
        opened.append(Terminal(args, tmp_path, wrapper, columns, **env))
        return opened[-1]

    yield start
    for term in opened:
        term.close()


@pytest.mark.skipif(TMUX is None, reason="tmux n'est pas installé")
def test_terminal_couleurs_et_plateau_compact(terminal) -> None:
    term = terminal(["--width", 50, "--height", 20, "--mines", 100, "--seed", 2024])
    term.wait_for(PROMPT)
    term.send("25 10")
    term.wait_for("Coups : 1")
    term.send("d 0 0")
    # Un drapeau n'est pas un coup : « Coups » reste à 1, le message du drapeau paraît.
    # Le message vient avant le nouveau plateau : on attend la ligne d'état qui le suit,
    # sinon l'écran peut être pris au milieu du dessin.
    text = term.wait_for("Mines − drapeaux : 99")
    coloured = term.wait_for("Mines − drapeaux : 99", colours=True)
    assert "Drapeau" in text
    assert "Coups : 1" in text
    # La disposition compacte, dans 80 colonnes, règles alignées sur les cases.
    mines = expected_mines(50, 20, 100, 2024, (25, 10))
    opened = [[False] * 50 for _ in range(20)]
    opened[10][25] = True
    tp.propagate_open_cells(mines, neigh_of(mines), opened)
    expected = [row.replace(" ", "") for row in playing_rows(mines, opened, [(0, 0)])]
    assert compact_board(text, 50, 20) == expected
    lines = text.splitlines()
    units = next(line for line in reversed(lines) if line.startswith("   0123456789"))
    assert units == "   " + "".join(str(x % 10) for x in range(50))
    assert all(len(line) <= 80 for line in lines)
    # Des couleurs : les chiffres comme dans le démineur classique, le drapeau.
    assert "\x1b[" in coloured
    assert re.search(r"\x1b\[1m\x1b\[34m1", coloured) or "\x1b[1;34m1" in coloured
    assert screen.FLAG in coloured


@pytest.mark.skipif(TMUX is None, reason="tmux n'est pas installé")
def test_un_terminal_trop_etroit_le_dit(terminal) -> None:
    """28 colonnes pour le plateau expert (36 caractères en disposition compacte) : le jeu
    dit combien il en faut et comment faire, au lieu d'un plateau coupé en deux."""
    term = terminal(["--niveau", "expert", "--seed", 3], columns=28)
    # Tout est coupé entre les mots à 28 colonnes : l'écran se lit recollé.
    text = " ".join(term.wait_for("Votre coup").split())
    assert "Ce terminal n'a que 28 colonnes, et le plateau en demande 36" in text
    assert "Élargissez la fenêtre du terminal" in text
    assert "Traceback" not in text


@pytest.mark.skipif(TMUX is None, reason="tmux n'est pas installé")
def test_terminal_sans_couleur_avec_no_color(terminal) -> None:
    term = terminal(["--niveau", "debutant", "--seed", 1], NO_COLOR="1")
    term.wait_for(PROMPT)
    term.send("4 4")
    coloured = term.wait_for("Coups : 1", colours=True)
    assert "Coups : 1" in coloured
    codes = set(re.findall(r"\x1b\[([0-9;]*)m", coloured))
    assert codes <= {"", "0", "39", "49", "39;49"}, codes  # rien que des retours au défaut


@pytest.mark.skipif(TMUX is None, reason="tmux n'est pas installé")
def test_terminal_partie_perdue_en_couleurs(terminal) -> None:
    mines = expected_mines(9, 9, 10, 1, (4, 4))
    mine = next((x, y) for y in range(9) for x in range(9) if mines[y][x])
    term = terminal(["--niveau", "debutant", "--seed", 1])
    term.wait_for(PROMPT)
    term.send("4 4")
    term.wait_for("Coups : 1")
    term.send(f"{mine[0]} {mine[1]}")
    coloured = term.wait_for("Rejouer", colours=True)
    assert re.search(rf"\x1b\[[0-9;]*41m{screen.EXPLODED}", coloured), coloured  # fond rouge
    text = term.wait_for("Rejouer")
    assert f"Perdu : la case ({mine[0]}, {mine[1]}) cachait une mine." in text
    term.send("n")


@pytest.mark.skipif(TMUX is None, reason="tmux n'est pas installé")
def test_terminal_indice_coupe_entre_les_mots(terminal) -> None:
    """Un indice plus long que le terminal est coupé entre les mots, jamais dans une case."""
    term = terminal(["--niveau", "debutant", "--seed", 7])
    term.wait_for(PROMPT)
    term.send("4 4")
    term.wait_for("Coups : 1")
    term.send("?")
    text = term.wait_for("est sûre")
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Indice : "))
    end = next(i for i in range(start, len(lines)) if "est sûre" in lines[i])
    assert end > start, "l'indice tient sur une ligne : le test ne vérifie plus la coupure"
    assert all(len(line) < 80 for line in lines[start : end + 1])
    assert not any(re.search(r"\(\d+,$|^\d+\)", line) for line in lines[start : end + 1])


LUIT = shutil.which("luit")
# Une console Latin-1 (luit traduit entre elle et le terminal UTF-8 de tmux) : les lettres
# accentuées de cp1252 y sont les mêmes.
CONSOLES = [
    pytest.param("ascii", "", id="ascii"),
    pytest.param(
        "cp1252",
        f"{LUIT} -encoding ISO8859-1 --",
        id="cp1252",
        marks=pytest.mark.skipif(LUIT is None, reason="luit n'est pas installé"),
    ),
]


@pytest.mark.skipif(TMUX is None, reason="tmux n'est pas installé")
@pytest.mark.parametrize(("encoding", "wrapper"), CONSOLES)
def test_terminal_console_qui_ne_sait_pas_coder_les_symboles(terminal, encoding, wrapper) -> None:
    """Dans un vrai terminal : l'avis au début, puis le plateau en symboles simples ; les
    lettres accentuées restent sur une console qui les connaît."""
    game = FlaggedLoss()
    term = terminal(game.args, wrapper, PYTHONIOENCODING=encoding)
    title = "Démineur intermédiaire (16×16, 40 mines)"
    start = term.wait_for(PROMPT)
    assert NOT_SHOWN in start if encoding == "cp1252" else console.plain(NOT_SHOWN) in start
    assert (title if encoding == "cp1252" else console.plain(title)) in start
    for move in game.moves:
        term.send(move)
    text = term.wait_for("Rejouer")
    shown = [match.group(2) for match in map(ROW.match, text.splitlines()) if match]
    assert shown[-game.height :] == [row.translate(PLAIN) for row in game.last_boards()[1]]
    term.send("n")
