"""Les règles du jeu complet (``tp_demineur/game.py``), sans entrée ni sortie."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tp_demineur import tp
from tp_demineur.game import (
    LOST,
    PLAYING,
    WON,
    Action,
    Game,
    Mark,
    MoveRefused,
    Refusal,
    neighbours,
    place_mines_among,
    safe_cells_for,
)

pytestmark = pytest.mark.projet


def board(*rows: str) -> list[list[bool]]:
    """Un plateau dessiné : « * » pour une mine, « . » sinon."""
    return [[cell == "*" for cell in row] for row in rows]


def refusal(move, *cell: int) -> Refusal:
    with pytest.raises(MoveRefused) as refused:
        move(*cell)
    return refused.value.reason


@st.composite
def new_games(draw, safe_first: bool = True):
    width = draw(st.integers(1, tp.MAX_WIDTH))
    height = draw(st.integers(1, tp.MAX_HEIGHT))
    nb_mines = draw(st.integers(1, width * height))
    first = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    seed = draw(st.integers(0, 2**32))
    return width, height, nb_mines, first, seed


# ---------------------------------------------------------------------------
# Le placement des mines
# ---------------------------------------------------------------------------


@settings(max_examples=200, deadline=None, database=None)
@given(new_games())
def test_premier_coup_sans_danger(case) -> None:
    width, height, nb_mines, first, seed = case
    random.seed(seed)
    game = Game(width, height, nb_mines)
    x, y = first
    if nb_mines == width * height:
        # Toutes les cases sont minées : rien à ouvrir, la partie est gagnée d'emblée.
        assert game.status == WON
        assert refusal(game.open, x, y) is Refusal.GAME_OVER
        return
    assert not game.placed and game.status == PLAYING
    game.open(x, y)
    assert sum(row.count(True) for row in game.mines) == nb_mines
    assert not game.mines[y][x] and game.opened[y][x]
    assert game.status != LOST
    zone = [(x, y), *neighbours(x, y, width, height)]
    if nb_mines <= width * height - len(zone):
        assert not any(game.mines[cy][cx] for cx, cy in zone)
        assert game.neigh[y][x] == 0  # le premier coup ouvre donc une zone
    for cy in range(height):
        for cx in range(width):
            assert game.neigh[cy][cx] == tp.nb_adjacent_mines(game.mines, cx, cy)
    assert game.first_move == first


@settings(max_examples=50, deadline=None, database=None)
@given(new_games())
def test_regles_du_tp_les_mines_de_initialise_mines(case) -> None:
    """Avec les règles du TP, les mines sont celles qu'``initialise_mines`` tire
    juste après ``random.seed`` (les plateaux d'avant se rejouent donc)."""
    width, height, nb_mines, _, seed = case
    random.seed(seed)
    game = Game(width, height, nb_mines, safe_first=False)
    random.seed(seed)
    mines = [[False] * width for _ in range(height)]
    tp.initialise_mines(mines, nb_mines)
    assert game.placed and game.mines == mines


def test_meme_graine_meme_premier_coup_meme_plateau() -> None:
    boards = []
    for _ in range(2):
        random.seed(99)
        game = Game(30, 16, 99)
        game.open(3, 3)
        boards.append(game.mines)
    assert boards[0] == boards[1]


def test_placement_uniforme_parmi_les_cases_permises() -> None:
    """3×3, premier coup dans le coin : 5 cases permises, 10 paires équiprobables."""
    rng_state = random.getstate()
    try:
        random.seed(2024)
        counts: Counter[tuple[tuple[int, int], ...]] = Counter()
        draws = 5000
        for _ in range(draws):
            game = Game(3, 3, 2)
            game.open(0, 0)
            counts[tuple((x, y) for y in range(3) for x in range(3) if game.mines[y][x])] += 1
    finally:
        random.setstate(rng_state)
    allowed = set(safe_cells_for((0, 0), 3, 3, 2))
    assert len(allowed) == 5
    assert len(counts) == 10 and all(set(pair) <= allowed for pair in counts)
    expected = draws / 10
    chi2 = sum((seen - expected) ** 2 / expected for seen in counts.values())
    assert chi2 < 27.9  # khi-deux à 9 degrés de liberté, seuil 0,1 %


def test_placement_quand_la_place_manque() -> None:
    # 2×2 et 3 mines : seule la case jouée est épargnée.
    assert safe_cells_for((0, 0), 2, 2, 3) == [(1, 0), (0, 1), (1, 1)]
    random.seed(1)
    game = Game(2, 2, 3)
    game.open(1, 1)
    assert game.mines == board("**", "*.")
    assert game.status == WON


def test_place_mines_among_ne_touche_que_les_cases_permises() -> None:
    mines = board("***", "***")
    place_mines_among(mines, 1, [(2, 1)])
    assert mines == board("...", "..*")


def test_nombre_de_mines_impossible() -> None:
    for nb_mines in (0, 7):
        with pytest.raises(ValueError):
            Game(3, 2, nb_mines)


# ---------------------------------------------------------------------------
# Ouvrir, inonder, gagner, perdre
# ---------------------------------------------------------------------------


def test_ouvrir_inonde_et_gagner() -> None:
    game = Game.from_mines(board(".*..", "*...", "...."))
    outcome = game.open(3, 2)
    assert outcome.action is Action.OPEN and outcome.opened == 8
    assert game.view() == [[None, None, 1, 0], [None, 2, 1, 0], [None, 1, 0, 0]]
    assert game.cells_left == 2 and game.status == PLAYING
    game.open(0, 0)
    assert game.status == PLAYING and game.cells_left == 1
    game.open(0, 2)
    assert game.status == WON and game.cells_left == 0


def test_perdre() -> None:
    game = Game.from_mines(board("*...", "...."))
    game.open(0, 0)
    assert game.status == LOST
    assert game.exploded == ((0, 0),)
    assert game.cells()[0][0] is Mark.EXPLODED
    for move in (game.open, game.toggle_flag):
        assert refusal(move, 1, 1) is Refusal.GAME_OVER


def test_hors_du_plateau() -> None:
    game = Game.from_mines(board("*.."))
    for x, y in ((3, 0), (0, 1), (-1, 0), (0, -1), (10**13, 0)):
        assert refusal(game.open, x, y) is Refusal.OFF_BOARD
        assert refusal(game.toggle_flag, x, y) is Refusal.OFF_BOARD


# ---------------------------------------------------------------------------
# Drapeaux
# ---------------------------------------------------------------------------


def test_drapeau_pose_enleve_et_protege() -> None:
    game = Game.from_mines(board("*..", "..."))
    assert game.toggle_flag(0, 0).action is Action.FLAG
    assert game.flags == 1 and game.mines_left == 0
    assert refusal(game.open, 0, 0) is Refusal.FLAGGED
    assert game.cells()[0][0] is Mark.FLAG
    assert game.view()[0][0] is None
    assert game.toggle_flag(0, 0).action is Action.UNFLAG
    assert game.flags == 0 and game.mines_left == 1
    game.open(2, 1)
    assert refusal(game.toggle_flag, 2, 1) is Refusal.FLAG_ON_OPEN


def test_plus_de_drapeaux_que_de_mines() -> None:
    game = Game.from_mines(board("*..", "..."))
    for x in range(3):
        game.toggle_flag(x, 0)
    assert game.mines_left == -2


def test_l_inondation_s_arrete_aux_drapeaux() -> None:
    # Sans drapeau, ouvrir (0, 2) ouvre tout sauf la mine ; le drapeau faux en
    # (2, 1) n'est pas ouvert, et l'inondation ne repart pas de lui.
    mines = board("....*", ".....", ".....")
    game = Game.from_mines(mines)
    game.toggle_flag(2, 1)
    game.open(0, 0)
    assert game.flagged[1][2] and not game.opened[1][2]
    assert game.cells_left == 1
    game.toggle_flag(2, 1)
    game.open(2, 1)
    assert game.status == WON


def test_l_inondation_ne_passe_pas_par_un_drapeau() -> None:
    # Un couloir : le drapeau (faux) en (2, 0) coupe l'inondation en deux.
    game = Game.from_mines(board("......*"))
    game.toggle_flag(2, 0)
    game.open(0, 0)
    assert game.view() == [[0, 0, None, None, None, None, None]]
    assert game.cells_left == 4


# ---------------------------------------------------------------------------
# Ouvrir autour d'un chiffre
# ---------------------------------------------------------------------------


def test_ouvrir_autour_d_un_chiffre() -> None:
    game = Game.from_mines(board("*..", "...", "..*"))
    game.open(1, 1)  # un 2
    assert refusal(game.open, 1, 1) is Refusal.FLAGS_MISMATCH
    game.toggle_flag(0, 0)
    with pytest.raises(MoveRefused) as refused:
        game.open(1, 1)
    assert (refused.value.number, refused.value.flags) == (2, 1)
    game.toggle_flag(2, 2)
    outcome = game.open(1, 1)
    assert outcome.action is Action.CHORD and outcome.opened == 6
    assert game.status == WON


def test_ouvrir_autour_avec_un_drapeau_faux_perd() -> None:
    game = Game.from_mines(board("*..", "...", "..*"))
    game.open(1, 1)
    game.toggle_flag(0, 0)
    game.toggle_flag(2, 0)  # faux : la mine est en (2, 2)
    game.open(1, 1)
    assert game.status == LOST
    assert game.exploded == ((2, 2),)
    final = game.revealed_cells()
    assert final[0][0] is Mark.FLAG
    assert final[0][2] is Mark.WRONG_FLAG
    assert final[2][2] is Mark.EXPLODED
    assert final[1][1] == 2 and final[2][0] == 0


def test_rien_a_ouvrir_autour() -> None:
    game = Game.from_mines(board("*..*", "....", "...."))
    game.open(1, 2)  # ouvre les lignes 1 (que des 1) et 2 (que des 0)
    assert refusal(game.open, 1, 2) is Refusal.ALREADY_OPEN  # un 0 : tout est ouvert autour
    game.toggle_flag(0, 0)
    assert game.open(0, 1).action is Action.CHORD  # ouvre (1, 0)
    assert game.status == PLAYING
    assert refusal(game.open, 0, 1) is Refusal.ALREADY_OPEN  # un 1 : seul le drapeau reste


# ---------------------------------------------------------------------------
# Annuler
# ---------------------------------------------------------------------------


def test_rien_a_annuler() -> None:
    assert refusal(Game(5, 5, 3).undo) is Refusal.NOTHING_TO_UNDO


def test_annuler_le_coup_perdant() -> None:
    game = Game.from_mines(board("*..", "..."))
    game.open(2, 1)
    game.open(0, 0)
    assert game.status == LOST
    assert game.undo().action is Action.UNDO
    assert game.status == PLAYING and game.exploded == ()
    # Le coup annulé ne compte plus.
    assert game.loss_undone and game.undos == 1 and game.moves == 1
    game.open(0, 1)
    assert game.status == WON


def test_les_coups_ne_comptent_ni_les_drapeaux_ni_les_coups_annules() -> None:
    game = Game.from_mines(board("*..", "..."))
    game.toggle_flag(0, 0)
    game.toggle_flag(0, 0)
    assert game.moves == 0
    game.open(2, 1)
    assert game.moves == 1
    game.toggle_flag(0, 0)
    game.undo()  # annule le drapeau : les coups restent
    assert game.moves == 1
    game.undo()  # annule l'ouverture
    assert game.moves == 0


def test_annuler_un_coup_sans_danger_ne_compte_pas_comme_une_defaite_annulee() -> None:
    game = Game.from_mines(board("*..", "..."))
    game.toggle_flag(0, 0)
    game.undo()
    assert not game.loss_undone and not game.flagged[0][0]


@settings(max_examples=100, deadline=None, database=None)
@given(
    seed=st.integers(0, 2**32),
    moves=st.lists(
        st.tuples(st.sampled_from(["open", "flag"]), st.integers(0, 7), st.integers(0, 5)),
        max_size=25,
    ),
)
def test_tout_annuler_revient_au_debut(seed: int, moves) -> None:
    random.seed(seed)
    game = Game(8, 6, 8)
    states = [([row[:] for row in game.opened], [row[:] for row in game.flagged])]
    for name, x, y in moves:
        move = game.open if name == "open" else game.toggle_flag
        try:
            move(x, y)
        except MoveRefused:
            continue
        states.append(([row[:] for row in game.opened], [row[:] for row in game.flagged]))
    assert len(game.history) == len(states) - 1
    while game.history:
        states.pop()
        game.undo()
        assert (game.opened, game.flagged) == states[-1]
    assert game.status == PLAYING
    assert not any(any(row) for row in game.opened)


# ---------------------------------------------------------------------------
# Ce que voit le joueur
# ---------------------------------------------------------------------------


@settings(max_examples=100, deadline=None, database=None)
@given(seed=st.integers(0, 2**32), cells=st.lists(st.integers(0, 47), max_size=10))
def test_la_vue(seed: int, cells: list[int]) -> None:
    random.seed(seed)
    game = Game(8, 6, 10)
    for number in cells:
        y, x = divmod(number, 8)
        try:
            (game.toggle_flag if number % 3 == 0 else game.open)(x, y)
        except MoveRefused:
            pass
    view = game.view()
    assert len(view) == 6 and all(len(row) == 8 for row in view)
    for y in range(6):
        for x in range(8):
            if game.opened[y][x]:
                assert view[y][x] == game.neigh[y][x]
            else:
                assert view[y][x] is None
    safe_closed = sum(
        not game.opened[y][x] and not game.mines[y][x] for y in range(6) for x in range(8)
    )
    if game.placed:
        assert game.cells_left == safe_closed
    assert game.mines_left == 10 - game.flags


def test_case_d_exemple_pres_du_centre() -> None:
    game = Game.from_mines(board("*....", ".....", "....."))
    assert game.closed_cell_near_centre() == (2, 1)
    game.open(4, 2)
    assert game.closed_cell_near_centre() == (0, 0)
