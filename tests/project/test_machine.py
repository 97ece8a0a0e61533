"""Le joueur-machine (``tp_demineur.machine``), vérifié par des calculs indépendants.

- les probabilités, comparées en fractions exactes à l'énumération brute de
  toutes les dispositions des mines, sur des centaines de petites vues ;
- les coups conseillés, rejoués sur des plateaux dont on connaît les mines :
  une case dite sûre n'a jamais de mine, une mine citée en est toujours une ;
- les plateaux sans hasard, résolus par un joueur logique écrit ici, à part :
  une case n'est ouverte que si aucune disposition compatible n'y met de mine.
"""

import doctest
import importlib
import itertools
import pkgutil
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # pytest lancé d'ailleurs que la racine du dépôt
    sys.path.insert(0, str(ROOT))

import tp_demineur.machine  # noqa: E402
from tp_demineur.machine import (  # noqa: E402
    Rule,
    best_move,
    enumeration,
    exact_mine_probabilities,
    mine_probabilities,
    no_guess_mines,
    play,
    view_of,
)
from tp_demineur.machine.choice import CANDIDATE_RATIO, Chooser  # noqa: E402
from tp_demineur.machine.knowledge import Knowledge  # noqa: E402
from tp_demineur.machine.probabilities import Analysis  # noqa: E402

pytestmark = [pytest.mark.projet, pytest.mark.lent]

N = None


def reproducible(examples: int) -> settings:
    """Les mêmes exemples à chaque lancement (hypothesis dérandomisé, sans base)."""
    return settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )


@pytest.mark.parametrize(
    "name", sorted(m.name for m in pkgutil.iter_modules(tp_demineur.machine.__path__))
)
def test_docstring_examples(name):
    module = importlib.import_module(f"tp_demineur.machine.{name}")
    failures, _ = doctest.testmod(module)
    assert failures == 0


# ---------------------------------------------------------------------------
# Outils indépendants du joueur
# ---------------------------------------------------------------------------


def around(x, y, width, height):
    return [
        (nx, ny)
        for ny in range(max(0, y - 1), min(height, y + 2))
        for nx in range(max(0, x - 1), min(width, x + 2))
        if (nx, ny) != (x, y)
    ]


def numbers_of(mines):
    height, width = len(mines), len(mines[0])
    return [
        [sum(mines[ny][nx] for nx, ny in around(x, y, width, height)) for x in range(width)]
        for y in range(height)
    ]


def brute_force(view, nb_mines):
    """Les probabilités en fractions, en essayant toutes les dispositions ; None si aucune
    disposition n'explique la vue."""
    height, width = len(view), len(view[0])
    closed = [(x, y) for y in range(height) for x in range(width) if view[y][x] is None]
    opened = [
        (x, y, view[y][x]) for y in range(height) for x in range(width) if view[y][x] is not None
    ]
    hits = dict.fromkeys(closed, 0)
    total = 0
    for layout in itertools.combinations(closed, nb_mines):
        mined = set(layout)
        if all(
            sum(cell in mined for cell in around(x, y, width, height)) == value
            for x, y, value in opened
        ):
            total += 1
            for cell in layout:
                hits[cell] += 1
    if total == 0:
        return None
    return [
        [Fraction(hits[(x, y)], total) if view[y][x] is None else Fraction(0) for x in range(width)]
        for y in range(height)
    ]


@st.composite
def small_views(draw):
    """Une petite vue (au plus 14 cases fermées), parfois rendue impossible exprès."""
    width = draw(st.integers(1, 6))
    height = draw(st.integers(1, 5))
    cells = [(x, y) for y in range(height) for x in range(width)]
    nb_mines = draw(st.integers(0, min(len(cells), 8)))
    mined = set(draw(st.permutations(cells))[:nb_mines])
    others = [c for c in cells if c not in mined]
    closed_extra = draw(st.integers(0, min(len(others), 14 - nb_mines)))
    closed = mined | set(draw(st.permutations(others))[:closed_extra])
    view = [
        [
            None if (x, y) in closed else sum(c in mined for c in around(x, y, width, height))
            for x in range(width)
        ]
        for y in range(height)
    ]
    tweak = draw(st.sampled_from(["aucun", "aucun", "aucun", "nombre", "mines"]))
    if tweak == "nombre" and len(closed) < len(cells):
        x, y = draw(st.sampled_from([c for c in cells if c not in closed]))
        view[y][x] = draw(st.integers(0, 8))
    elif tweak == "mines":
        nb_mines = draw(st.integers(0, len(closed)))
    return view, nb_mines


# ---------------------------------------------------------------------------
# Probabilités
# ---------------------------------------------------------------------------


@reproducible(400)
@given(case=small_views())
def test_probabilities_match_brute_force(case):
    view, nb_mines = case
    expected = brute_force(view, nb_mines)
    if expected is None:
        with pytest.raises(ValueError):
            exact_mine_probabilities(view, nb_mines)
        with pytest.raises(ValueError):
            mine_probabilities(view, nb_mines)
        return
    exact = exact_mine_probabilities(view, nb_mines)
    assert exact == expected, (view, nb_mines, exact, expected)
    floats = mine_probabilities(view, nb_mines)
    assert floats == [[float(p) for p in row] for row in expected]


@reproducible(150)
@given(case=small_views())
def test_counting_by_states_gives_the_same_fractions(case, monkeypatch):
    """Le calcul sans liste des solutions (pour les groupes trop grands) est exact lui aussi."""
    view, nb_mines = case
    expected = brute_force(view, nb_mines)
    monkeypatch.setattr(enumeration, "SEARCH_BUDGET", 0)
    if expected is None:
        with pytest.raises(ValueError):
            exact_mine_probabilities(view, nb_mines)
    else:
        assert exact_mine_probabilities(view, nb_mines) == expected


def test_probabilities_count_the_cells_far_from_the_numbers():
    # Le 1 a sa mine en (1, 0) ou en (1, 1) ; la seconde mine est dans l'une des 4
    # autres cases fermées : 2 × 4 dispositions, et les cases loin du 1 en ont 1/4.
    view = [[1, N, N], [N, N, N]]
    exact = exact_mine_probabilities(view, 2)
    assert exact[0][1] + exact[1][0] + exact[1][1] == 1
    assert exact[0][2] == exact[1][2] == brute_force(view, 2)[0][2]
    assert exact == brute_force(view, 2)


def test_big_positions_agree_between_the_two_exact_counts(monkeypatch):
    """Sur des positions réelles d'expert, énumération et calcul par états concordent."""
    rng = random.Random(7)
    for _ in range(3):
        mines = random_board(30, 16, 99, (3, 3), rng)
        view = partial_view(mines, (3, 3), rng, steps=6)
        exact = exact_mine_probabilities(view, 99)
        monkeypatch.setattr(enumeration, "SEARCH_BUDGET", 0)
        assert exact_mine_probabilities(view, 99) == exact
        monkeypatch.undo()
        assert sum(map(sum, exact)) == 99


@pytest.mark.parametrize(
    ("view", "nb_mines"),
    [
        ([[3, N]], 1),  # un 3 qui n'a qu'une voisine
        ([[1, 1], [N, 0]], 1),  # un 0 à côté d'une case qui devrait être une mine
        ([[0, N]], 1),
        ([[1, N, N]], 0),
        ([[N, N]], 3),  # plus de mines que de cases fermées
        ([[1, N, N, 1]], 1),  # chaque 1 a sa propre mine : il en faudrait 2
    ],
)
def test_impossible_views_are_refused_in_french(view, nb_mines):
    with pytest.raises(ValueError, match=r"disposition|mines"):
        mine_probabilities(view, nb_mines)
    with pytest.raises(ValueError):
        best_move(view, nb_mines)


@pytest.mark.parametrize(
    ("view", "nb_mines", "words"),
    [
        ([], 1, "liste non vide"),
        ([[1, N], [N]], 1, "même longueur"),
        ([[9, N]], 1, "de 0 à 8"),
        ([[True, N]], 1, "de 0 à 8"),
        ([[1, N]], -1, "positif ou nul"),
        ("abc", 1, "liste non vide"),
    ],
)
def test_malformed_views_are_refused_in_french(view, nb_mines, words):
    with pytest.raises(ValueError, match=words):
        mine_probabilities(view, nb_mines)


# ---------------------------------------------------------------------------
# Coups conseillés et explications
# ---------------------------------------------------------------------------


def random_board(width, height, nb_mines, first, rng):
    """Des mines tirées hors du carré 3×3 de la première case."""
    fx, fy = first
    cells = [
        (x, y) for y in range(height) for x in range(width) if abs(x - fx) > 1 or abs(y - fy) > 1
    ]
    mines = [[False] * width for _ in range(height)]
    for x, y in rng.sample(cells, nb_mines):
        mines[y][x] = True
    return mines


def open_cell(mines, numbers, opened, x, y):
    """Ouvre comme le jeu : un 0 ouvre ses voisines."""
    height, width = len(mines), len(mines[0])
    stack = [(x, y)]
    while stack:
        cx, cy = stack.pop()
        if opened[cy][cx]:
            continue
        opened[cy][cx] = True
        if numbers[cy][cx] == 0 and not mines[cy][cx]:
            stack.extend(around(cx, cy, width, height))


def view_from(numbers, opened):
    return [[n if o else None for n, o in zip(nr, orow)] for nr, orow in zip(numbers, opened)]


def partial_view(mines, first, rng, steps):
    """La vue après l'ouverture de ``first`` puis de quelques cases sans mine au hasard."""
    numbers = numbers_of(mines)
    opened = [[False] * len(mines[0]) for _ in mines]
    open_cell(mines, numbers, opened, *first)
    for _ in range(steps):
        closed_safe = [
            (x, y)
            for y, row in enumerate(mines)
            for x, mined in enumerate(row)
            if not mined and not opened[y][x]
        ]
        if closed_safe:
            open_cell(mines, numbers, opened, *rng.choice(closed_safe))
    return view_from(numbers, opened)


def check_move(move, view, mines, nb_mines):
    """Le coup ne contredit ni le plateau, ni les probabilités exactes."""
    exact = exact_mine_probabilities(view, nb_mines)
    assert view[move.y][move.x] is None
    assert f"({move.x}, {move.y})" in move.reason
    if move.safe:
        assert exact[move.y][move.x] == 0, move
        assert not mines[move.y][move.x], move
        assert move.rule is not Rule.GUESS and move.probability == 0
    else:
        closed = [exact[y][x] for y, row in enumerate(view) for x, v in enumerate(row) if v is None]
        risk, least = exact[move.y][move.x], min(closed)
        assert least > 0, "une case sûre existait"
        assert risk < 1, move
        assert move.probability == float(risk)
        if move.rule is Rule.GUESS:
            assert risk == least, move
        elif move.rule is Rule.TWO_MOVES:
            # Au moins 90 % de la meilleure chance d'être sûre.
            assert 1 - risk >= CANDIDATE_RATIO * (1 - least) - 1e-12, move
        else:  # fin de partie examinée (vérifiée plus bas) ou deviner inévitable
            assert move.rule in (Rule.ENDGAME, Rule.FORCED), move
    for x, y in move.mines:
        assert mines[y][x] and exact[y][x] == 1, (move, (x, y))


@pytest.mark.parametrize(("width", "height", "nb_mines"), [(9, 9, 10), (8, 8, 12), (16, 16, 40)])
def test_hints_never_contradict_the_board(width, height, nb_mines):
    """Des parties entières jouées en suivant les conseils, chaque conseil vérifié."""
    rng = random.Random(width * 100 + nb_mines)
    checked = 0
    for _ in range(3 if width < 16 else 1):
        mines = random_board(width, height, nb_mines, (2, 2), rng)
        numbers = numbers_of(mines)
        opened = [[False] * width for _ in range(height)]
        open_cell(mines, numbers, opened, 2, 2)
        while True:
            view = view_from(numbers, opened)
            hidden_safe = sum(
                not mines[y][x] and not opened[y][x] for y in range(height) for x in range(width)
            )
            if hidden_safe == 0:
                break
            move = best_move(view, nb_mines)
            check_move(move, view, mines, nb_mines)
            checked += 1
            if mines[move.y][move.x]:
                break
            open_cell(mines, numbers, opened, move.x, move.y)
    assert checked > 10


@reproducible(200)
@given(case=small_views())
def test_hints_on_small_views_agree_with_brute_force(case):
    view, nb_mines = case
    expected = brute_force(view, nb_mines)
    if expected is None:
        with pytest.raises(ValueError):
            best_move(view, nb_mines)
        return
    closed = [(x, y) for y, row in enumerate(view) for x, v in enumerate(row) if v is None]
    playable = [(x, y) for x, y in closed if expected[y][x] < 1]
    if not playable:
        with pytest.raises(ValueError, match="plus rien à ouvrir"):
            best_move(view, nb_mines)
        return
    move = best_move(view, nb_mines)
    p = expected[move.y][move.x]
    least = min(expected[y][x] for x, y in closed)
    assert move.safe == (p == 0)
    if move.safe or move.rule is Rule.GUESS:
        assert p == least
    elif move.rule is Rule.TWO_MOVES:
        assert 1 - p >= CANDIDATE_RATIO * (1 - least) - Fraction(1, 10**12)
    elif move.rule is Rule.ENDGAME:
        height, width = len(view), len(view[0])
        layouts = all_layouts(view, nb_mines)
        if len(layouts) <= 40:
            chances = [chance_after(c, layouts, closed, width, height)[0] for c in playable]
            chance = chance_after((move.x, move.y), layouts, closed, width, height)[0]
            assert chance == max(chances)
    else:
        assert move.rule is Rule.FORCED and p < 1
    for x, y in move.mines:
        assert expected[y][x] == 1


def test_a_number_that_has_its_mine_makes_its_other_cells_safe():
    view = [[0, 0, 0, 0, 0], [1, 2, 2, 1, 0], [N, N, N, 1, 0]]
    move = best_move(view, 2)
    assert (move.x, move.y, move.rule) == (0, 2, Rule.SINGLE)
    assert set(move.mines) == {(1, 2), (2, 2)}
    assert "le 1 en (0, 1) a déjà sa mine, en (1, 2)" in move.reason


def test_the_subset_argument_is_explained():
    view = [[0, 0, 1, N], [1, 1, 2, N], [N, N, N, N]]
    move = best_move(view, 3)
    assert (move.x, move.y, move.rule) == (2, 2, Rule.SUBSET)
    assert "le 1 en (0, 1)" in move.reason.lower() and "le 1 en (1, 1)" in move.reason


def test_when_only_all_the_cases_prove_a_cell():
    view = [[0, 1, N], [1, 2, N], [N, N, N]]
    move = best_move(view, 2)
    assert (move.x, move.y, move.rule, move.safe) == (2, 2, Rule.CASES, True)
    assert "il y en a 4" in move.reason


def test_the_least_risky_cell_comes_with_its_exact_probability():
    view = [[N, N, N, N], [N, 3, 2, N], [N, N, N, N]]
    move = best_move(view, 4)
    assert not move.safe and move.rule is Rule.ENDGAME
    p = exact_mine_probabilities(view, 4)[move.y][move.x]
    assert f"{p.numerator}/{p.denominator}" in move.reason
    assert "toutes les suites" in move.reason


def test_the_first_move_of_an_empty_board_is_a_corner():
    move = best_move([[N] * 9 for _ in range(9)], 10)
    assert (move.x, move.y) in {(0, 0), (8, 0), (0, 8), (8, 8)}
    assert "10/81" in move.reason


def test_the_view_of_a_tp_game():
    mines = [[True, False, False], [False, False, False]]
    opened = [[False, True, False], [False, False, True]]
    assert view_of(mines, opened) == [[N, 1, N], [N, N, 0]]
    with pytest.raises(ValueError, match="mine ouverte"):
        view_of(mines, [[True, False, False], [False, False, False]])


def test_nothing_to_open_is_said_in_french():
    with pytest.raises(ValueError, match="plus rien à ouvrir"):
        best_move([[1, N]], 1)


# ---------------------------------------------------------------------------
# Parties entières
# ---------------------------------------------------------------------------


def all_layouts(view, nb_mines) -> list[frozenset]:
    """Toutes les dispositions des mines qui expliquent la vue (ensembles de cases)."""
    height, width = len(view), len(view[0])
    closed = [(x, y) for y in range(height) for x in range(width) if view[y][x] is None]
    opened = [
        (x, y, view[y][x]) for y in range(height) for x in range(width) if view[y][x] is not None
    ]
    return [
        frozenset(layout)
        for layout in itertools.combinations(closed, nb_mines)
        if all(sum(c in layout for c in around(x, y, width, height)) == v for x, y, v in opened)
    ]


def chance_after(cell, layouts: list[frozenset], closed: list, width: int, height: int):
    """La probabilité de gagner en ouvrant ``cell``, puis en jouant au mieux (écrit ici, à
    part : des ensembles de cases plutôt que des bits, et sans raccourci)."""
    parts: dict[int, list[frozenset]] = {}
    for layout in layouts:
        if cell not in layout:
            shown = sum(n in layout for n in around(*cell, width, height))
            parts.setdefault(shown, []).append(layout)
    won = sum(len(part) * best_chance(part, closed, width, height) for part in parts.values())
    return Fraction(won, len(layouts)), parts


def best_chance(layouts: list[frozenset], closed: list, width: int, height: int) -> Fraction:
    """La meilleure probabilité de gagner quand ``layouts`` sont les dispositions possibles."""
    if len(layouts) == 1:
        return Fraction(1)
    best = Fraction(0)
    for cell in closed:
        parts: dict[int, list[frozenset]] = {}
        for layout in layouts:
            if cell not in layout:
                shown = sum(n in layout for n in around(*cell, width, height))
                parts.setdefault(shown, []).append(layout)
        if not parts or (len(parts) == 1 and sum(map(len, parts.values())) == len(layouts)):
            continue  # une mine partout, ou une case sûre qui n'apprend rien
        best = max(best, chance_after(cell, layouts, closed, width, height)[0])
    return best


@reproducible(400)
@given(case=small_views())
def test_the_endgame_search_finds_the_best_chance_of_winning(case):
    """La fin de partie examinée jusqu'au bout : la même probabilité de gagner que la
    recherche écrite ici, sur les vues de moins de 40 dispositions."""
    from tp_demineur.machine import endgame
    from tp_demineur.machine.view import read_view

    view, nb_mines = case
    height, width = len(view), len(view[0])
    closed = [(x, y) for y in range(height) for x in range(width) if view[y][x] is None]
    layouts = all_layouts(view, nb_mines)
    if not layouts or len(layouts) > 40:
        return
    found = endgame.best_cells(read_view(view, nb_mines))
    chances = {
        cell: chance_after(cell, layouts, closed, width, height)[0]
        for cell in closed
        if any(cell not in layout for layout in layouts)
    }
    if not chances:
        assert found is None
        return
    best = max(chances.values())
    assert found is not None, (view, nb_mines)
    cells, chance = found
    assert chance == best, (view, nb_mines, chance, best)
    assert {(c % width, c // width) for c in cells} <= {c for c, v in chances.items() if v == best}


@st.composite
def views_with_a_region(draw):
    """Une vue où les deux premières colonnes gardent des cases fermées (et des mines)
    au milieu de cases ouvertes, loin des deux dernières : souvent une région à part."""
    width = draw(st.integers(5, 7))
    height = draw(st.integers(2, 4))
    left = [(x, y) for y in range(height) for x in (0, 1)]
    right = [(x, y) for y in range(height) for x in (width - 2, width - 1)]
    region = set(draw(st.permutations(left))[: draw(st.integers(2, len(left)))])
    other = set(draw(st.permutations(right))[: draw(st.integers(1, len(right)))])
    mined = set(draw(st.permutations(sorted(region)))[: draw(st.integers(1, len(region) - 1))])
    mined |= set(draw(st.permutations(sorted(other)))[: draw(st.integers(0, len(other) - 1))])
    view = [
        [
            None
            if (x, y) in region or (x, y) in other
            else sum(c in mined for c in around(x, y, width, height))
            for x in range(width)
        ]
        for y in range(height)
    ]
    return view, len(mined)


@reproducible(400)
@given(case=views_with_a_region())
def test_a_region_apart_is_searched_to_the_end_on_its_own(case):
    """Un groupe à part (rien d'autre ne le touche, même nombre de mines dans toutes ses
    solutions) : la meilleure chance de le résoudre, cherchée sur ses seules cases, est
    celle de la recherche écrite ici sur les dispositions de la région."""
    from tp_demineur.machine import endgame
    from tp_demineur.machine.view import read_view

    view, nb_mines = case
    height, width = len(view), len(view[0])
    try:
        knowledge = read_view(view, nb_mines)
        knowledge.run_cheap()
        analysis = Analysis(knowledge)
    except ValueError:
        return
    group = Chooser(knowledge, analysis).forced_group()
    if group is None:
        return
    region = {(c % width, c // width) for cls in analysis.groups[group].classes for c in cls}
    layouts = list({layout & region for layout in all_layouts(view, nb_mines)})
    # Les dispositions de la région seule : celles du plateau, restreintes à la région.
    unknown, bits = endgame.layouts(analysis, group=group)
    assert {
        frozenset((c % width, c // width) for i, c in enumerate(unknown) if b >> i & 1)
        for b in bits
    } == set(layouts)
    assert len(bits) == len(layouts)
    if len(layouts) > 40:
        return
    found = endgame.best_cells(knowledge, analysis, group=group)
    cells = sorted(region)
    chances = {
        cell: chance_after(cell, layouts, cells, width, height)[0]
        for cell in cells
        if any(cell not in layout for layout in layouts)
    }
    best = max(chances.values())
    assert found is not None, (view, nb_mines)
    chosen, chance = found
    assert chance == best, (view, nb_mines, chance, best)
    assert {(c % width, c // width) for c in chosen} <= {c for c, v in chances.items() if v == best}


@reproducible(300)
@given(case=small_views())
def test_what_a_cell_would_show_and_the_next_safest_cell_match_brute_force(case, monkeypatch):
    """Pour chaque case : la probabilité de chaque nombre qu'elle montrerait (si elle est
    sûre), les cases que ce nombre rendrait sûres, et la meilleure chance d'être sûre de
    la position d'après, comparées à l'énumération de toutes les dispositions (vues d'un
    seul groupe : les groupes lointains gardent, eux, leur probabilité d'aujourd'hui)."""
    from tp_demineur.machine import choice
    from tp_demineur.machine.view import read_view

    monkeypatch.setattr(choice, "BLEND_FIRST", 1.0)  # la meilleure chance seule
    view, nb_mines = case
    height, width = len(view), len(view[0])
    try:
        knowledge = read_view(view, nb_mines)
        analysis = Analysis(knowledge)
    except ValueError:
        return
    if len(analysis.groups) > 1:
        return
    layouts = all_layouts(view, nb_mines)
    closed = [(x, y) for y in range(height) for x in range(width) if view[y][x] is None]
    chooser = Chooser(knowledge, analysis)
    for cell in closed:
        safe_layouts = [layout for layout in layouts if cell not in layout]
        if not safe_layouts:
            continue
        outlook = chooser.outlook(cell[1] * width + cell[0])
        assert outlook is not None
        shown: dict[int, list[frozenset]] = {}
        for layout in safe_layouts:
            value = sum(n in layout for n in around(*cell, width, height))
            shown.setdefault(value, []).append(layout)
        assert len(outlook.values) == max(shown) + 1
        for value, probability in enumerate(outlook.values):
            part = shown.get(value, [])
            assert probability == pytest.approx(len(part) / len(safe_layouts), abs=1e-12)
            if not part:
                continue
            others = [c for c in closed if c != cell]
            risks = [sum(c in layout for layout in part) / len(part) for c in others]
            safe = sum(1 for r in risks if r == 0)
            assert outlook.new_safe[value] == safe, (view, nb_mines, cell, value)
            best = 1.0 if safe else max((1 - r for r in risks), default=0.0)
            assert outlook.next_safety[value] == pytest.approx(best, abs=1e-9)


def test_play_reports_wins_moves_and_guesses():
    assert play([[False, True, False]], first=(0, 0)) == play([[False, True, False]])
    result = play([[False, True, False]], first=(0, 0))
    assert (result.won, result.moves, result.guesses) == (True, 2, 0)
    lost = play([[True, False]], first=(0, 0))
    assert (lost.won, lost.moves, lost.guesses) == (False, 1, 0)
    with pytest.raises(ValueError, match="pas sur le plateau"):
        play([[False]], first=(1, 0))


def test_play_is_reproducible_and_wins_often():
    rng = random.Random(3)
    boards = [random_board(9, 9, 10, (2, 2), rng) for _ in range(40)]
    results = [play(b, (2, 2), random.Random(i)) for i, b in enumerate(boards)]
    assert results == [play(b, (2, 2), random.Random(i)) for i, b in enumerate(boards)]
    # 97 % des parties « opening » débutant sont gagnables ; 40 parties en perdent rarement 5.
    assert sum(r.won for r in results) >= 35
    assert all(r.moves >= 1 + r.guesses for r in results)


def test_a_guess_that_nothing_can_avoid_comes_first():
    """Le 4 en (1, 0) a trois mines connues dessous et une dernière en (0, 0) ou (2, 0) :
    rien ne départagera jamais ces deux cases. La machine y devine tout de suite, même si
    l'intérieur (une mine dans 6 cases) est moins risqué, et le conseil le dit."""
    knowledge = Knowledge(3, 4, 5)
    knowledge.reveal(1, 4)
    for cell in (3, 4, 5):
        knowledge.mark(cell, True, None)
    analysis = Analysis(knowledge)
    chooser = Chooser(knowledge, analysis)
    assert chooser.choose(forced_first=True) in (0, 2)
    assert chooser.choose() >= 6
    assert analysis.probability(0) == Fraction(1, 2)
    assert analysis.probability(6) == Fraction(1, 6)
    # Le 4 en (0, 1) et le 5 en (2, 1) minent (1, 0), (1, 1) et (1, 2) : il reste une
    # mine en (0, 0) ou en (0, 2), que rien ne départagera ; l'indice le dit.
    view = [[N, N, N, N], [4, N, 5, 2], [N, N, N, N]]
    move = best_move(view, 6)
    assert move.rule is Rule.FORCED and (move.x, move.y) in ((0, 0), (0, 2))
    assert "deviner entre (0, 0) et (0, 2)" in move.reason
    assert "mines déjà trouvées ((1, 0), (1, 1) et (1, 2))" in move.reason
    assert move.mines == ((1, 0), (1, 1), (1, 2))
    assert "1/2 (50,0 %)" in move.reason


# ---------------------------------------------------------------------------
# Plateaux sans hasard, vérifiés par un joueur logique indépendant
# ---------------------------------------------------------------------------


def can_be_mine(cell, constraints, frontier, interior, nb_mines):
    """Existe-t-il une disposition compatible avec les nombres et le total des mines qui
    met une mine en ``cell`` ? Recherche en profondeur sur les cases du bord."""
    index = {c: i for i, c in enumerate(frontier)}
    of_cell = [[] for _ in frontier]
    for j, (cells, _) in enumerate(constraints):
        for c in cells:
            of_cell[index[c]].append(j)
    placed = [0] * len(constraints)
    left = [len(cells) for cells, _ in constraints]
    values = [value for _, value in constraints]
    forced = index.get(cell)

    def search(i, mines):
        if i == len(frontier):
            rest = nb_mines - mines
            if cell in interior:
                return 1 <= rest <= len(interior)
            return 0 <= rest <= len(interior)
        for mine in (True, False) if forced == i else ((False,) if forced == i else (False, True)):
            if forced == i and not mine:
                continue
            ok = True
            for j in of_cell[i]:
                placed[j] += mine
                left[j] -= 1
                if placed[j] > values[j] or placed[j] + left[j] < values[j]:
                    ok = False
            if ok and search(i + 1, mines + mine):
                ok = True
            else:
                ok = False
            for j in of_cell[i]:
                placed[j] -= mine
                left[j] += 1
            if ok:
                return True
        return False

    return search(0, 0)


def solved_without_guessing(mines, first):
    """Le joueur logique : il n'ouvre que les cases qu'aucune disposition compatible ne
    mine ; renvoie True s'il ouvre ainsi toutes les cases sans mine."""
    height, width = len(mines), len(mines[0])
    nb_mines = sum(map(sum, mines))
    numbers = numbers_of(mines)
    opened = [[False] * width for _ in range(height)]
    open_cell(mines, numbers, opened, *first)
    while True:
        closed = [(x, y) for y in range(height) for x in range(width) if not opened[y][x]]
        if len(closed) == nb_mines:
            return True
        constraints = []
        for y in range(height):
            for x in range(width):
                if opened[y][x]:
                    cells = [c for c in around(x, y, width, height) if not opened[c[1]][c[0]]]
                    if cells:
                        constraints.append((cells, numbers[y][x]))
        on_border = {c for cells, _ in constraints for c in cells}
        # Un ordre où les cases voisines se suivent : la recherche coupe plus tôt.
        frontier = sorted(on_border, key=lambda c: (c[0] // 3, c[1], c[0]))
        interior = [c for c in closed if c not in on_border]
        # Une vraie mine peut évidemment en être une : on ne cherche que pour les autres.
        safe = [
            (x, y)
            for x, y in closed
            if not mines[y][x]
            and not can_be_mine((x, y), constraints, frontier, set(interior), nb_mines)
        ]
        if not safe:
            return False
        for x, y in safe:
            open_cell(mines, numbers, opened, x, y)


@pytest.mark.parametrize(
    ("width", "height", "nb_mines", "first"),
    [(9, 9, 10, (4, 4)), (8, 8, 14, (0, 0)), (10, 6, 15, (2, 2)), (9, 9, 20, (4, 4))],
)
def test_no_guess_boards_are_solved_by_an_independent_logician(width, height, nb_mines, first):
    for seed in range(4):
        mines = no_guess_mines(width, height, nb_mines, first, rng=random.Random(seed))
        assert len(mines) == height and all(len(row) == width for row in mines)
        assert sum(map(sum, mines)) == nb_mines
        fx, fy = first
        assert not any(mines[y][x] for x, y in [*around(fx, fy, width, height), (fx, fy)]), (
            "la première case doit être un 0"
        )
        assert solved_without_guessing(mines, first), (seed, mines)
        result = play(mines, first)
        assert result.won and result.guesses == 0


def test_the_logician_is_not_lenient():
    """Un plateau qui finit sur un 50/50 n'est pas résolu par le vérificateur."""
    # Depuis (0, 0), un 0 : les deux 1 de la ligne 1 touchent tous deux (0, 2) et (1, 2).
    assert not solved_without_guessing([[False, False], [False, False], [True, False]], (0, 0))
    assert solved_without_guessing([[False, True]], (0, 0))


def test_no_guess_boards_are_reproducible():
    one = no_guess_mines(16, 16, 40, (2, 2), rng=random.Random(5))
    assert one == no_guess_mines(16, 16, 40, (2, 2), rng=random.Random(5))


def test_an_expert_no_guess_board_is_won_without_guessing():
    mines = no_guess_mines(30, 16, 99, (3, 3), rng=random.Random(11))
    result = play(mines, (3, 3))
    assert result.won and result.guesses == 0


@pytest.mark.parametrize(
    ("width", "height", "nb_mines", "words"),
    [
        (9, 9, 73, "Trop de mines"),
        (0, 9, 1, "largeur"),
        (9, 9, -1, "nombre de mines"),
    ],
)
def test_impossible_no_guess_requests_are_refused(width, height, nb_mines, words):
    with pytest.raises(ValueError, match=words):
        no_guess_mines(width, height, nb_mines, (4, 4), rng=random.Random(0))


def test_too_dense_no_guess_boards_fail_honestly():
    with pytest.raises(ValueError, match="densité de mines est trop forte"):
        no_guess_mines(9, 9, 45, (4, 4), rng=random.Random(0))
