"""Les balayages des classes de display_board et de propagate_open_cells
(``tests/grading/sweeps/``) : écrits tels que leurs modules les construisent, complets
(chaque état de chaque classe, à chaque sorte de place) et purs (une faute d'une classe
ne fait rater que sa classe).

La pureté se vérifie sans processus de travail : des fautes écrites comme les écrirait un
étudiant (des affichages, des inondations) sont jugées par les mêmes fonctions que les
vérifications (``checks.q6_display``) ou comparées à l'oracle (``expected.flood``), sur
chaque plateau des balayages et sur des plateaux tirés comme les tire chaque test noté.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from grading import expected, strategies, sweeps
from grading.checks import q6_display as display
from grading.checks.drawn import grids

pytestmark = pytest.mark.projet


@pytest.mark.parametrize("module", sweeps.MODULES)
def test_les_balayages_ecrits_sont_ceux_que_leur_module_construit(module):
    assert sweeps.stored(module) == sweeps.built(module), (
        f"tests/data/sweeps/{module}.json n'est plus à jour : récrivez-le depuis tests/ avec "
        "python -m grading.sweeps"
    )


# ---------------------------------------------------------------------------
# display_board
# ---------------------------------------------------------------------------


def place(x: int, y: int, width: int, height: int) -> str:
    if width == height == 1:
        return "seule"
    edges = (x in (0, width - 1)) + (y in (0, height - 1))
    return ["intérieur", "bord", "coin"][edges]


MOST = {"seule": 0, "coin": 3, "bord": 5, "intérieur": 8}


@pytest.mark.parametrize("cells", expected.DISPLAY_CLASSES)
def test_chaque_classe_de_cases_montre_chaque_etat_a_chaque_place(cells):
    """Chaque état d'une classe (minée ou non, chaque nombre de mines voisines possible)
    à chaque sorte de place : un coin, un bord, l'intérieur, la case seule d'un 1×1 ;
    sur des plateaux carrés et symétriques, de 1×1 à 20×20."""
    case = sweeps.stored("q6_display")[cells]
    seen = set()
    for mines, neigh, opened in expected.drawn_boards(case):
        side = len(mines)
        assert len(mines[0]) == side
        assert all(mines[y][x] == mines[x][y] for y in range(side) for x in range(side))
        for y in range(side):
            for x in range(side):
                if expected.display_class(mines[y][x], neigh[y][x], opened[y][x]) == cells:
                    seen.add((mines[y][x], neigh[y][x], place(x, y, side, side)))
                elif cells != "closed":
                    assert not opened[y][x]  # seules les cases de la classe sont ouvertes
    wanted = {
        (mine, count, where)
        for where, most in MOST.items()
        for mine in (False, True)
        for count in range(most + 1)
        if expected.display_class(mine, count, cells != "closed") == cells
    }
    wanted -= {state for state in wanted if state[2] == "seule"} - seen  # 1×1 : ce qui existe
    assert wanted <= seen, sorted(wanted - seen)
    assert max(len(mines) for mines, _, _ in expected.drawn_boards(case)) == 20


class Printed(Exception):
    """Un affichage qui s'arrête sur une exception, après ce qu'il a déjà affiché."""

    def __init__(self, text: str):
        self.text = text


def draw_board(mines, neigh, opened, fault: str | None = None) -> str:
    """Un display_board écrit par un étudiant, juste ou avec ``fault`` : ce qu'il affiche
    (``Printed`` s'il plante, avec ce qu'il a affiché avant)."""
    height, width = len(mines), len(mines[0])
    out: list[str] = []

    def symbol(x: int, y: int) -> str:
        mine, count, is_open = mines[y][x], neigh[y][x], opened[y][x]
        if fault == "mine_fermee_devoilee" and mine:
            return "★"
        if fault == "chiffre_avant_ouverture" and not is_open:
            return "⋄" if count == 0 else str(count)
        if not is_open:
            return "■"
        if fault in ("chiffre_avant_mine", "vide_avant_mine") and count == 0 and mine:
            return "⋄" if fault == "vide_avant_mine" else "★"
        if fault == "chiffre_avant_mine" and count > 0:
            return str(count)
        if mine:
            return "★"
        if fault == "zero" and count == 0:
            return "0"
        if fault == "liste_jusqu_a_7" and count == 8:
            raise IndexError
        return "⋄" if count == 0 else str(count)

    rows, columns = range(height), range(width)
    if fault == "largeur_hauteur_echangees":  # for x in range(len(mines)) : un carré supposé
        columns = range(height)
    if fault == "derniere_colonne_oubliee":
        columns = range(width - 1)
    try:
        if fault == "regle_en_haut":
            out.append(" ".join(str(x) for x in range(width)) + "\n")
        if fault == "transpose":
            for x in range(width):
                out.append(" ".join(symbol(x, y) for y in rows) + "\n")
        else:
            for y in rows:
                cells = [symbol(x, y) for x in columns]
                sep = {"colle": "", "tabulations": "\t", "deux_espaces": "  "}.get(fault, " ")
                if fault == "aligne_si_large" and width > 9:
                    line = "".join(f"{cell:>2}" for cell in cells)
                else:
                    line = sep.join(cells)
                if fault == "espace_en_tete":
                    line = " " + line
                if fault == "numeros_de_lignes":
                    line = f"{y} {line}"
                if fault == "espaces_en_fin" or fault == "print_end":
                    line = "".join(cell + " " for cell in cells)
                out.append(line + ("\n\n" if fault == "ligne_vide_entre" else "\n"))
        if fault == "ligne_vide_a_la_fin":
            out.append("\n")
    except IndexError:
        raise Printed("".join(out)) from None
    text = "".join(out)
    return text.rstrip("\n") if fault == "sans_retour_final" else text


# Les fautes de chaque classe ; les affichages justes écrits autrement (None : la référence).
DISPLAY_FAULTS = {
    "closed": ["mine_fermee_devoilee", "chiffre_avant_ouverture"],
    "mines": ["chiffre_avant_mine", "vide_avant_mine"],
    "empty": ["zero"],
    "digits": ["liste_jusqu_a_7"],
    "rows": [
        "transpose",
        "largeur_hauteur_echangees",
        "derniere_colonne_oubliee",
        "regle_en_haut",
        "numeros_de_lignes",
        "ligne_vide_entre",
        "ligne_vide_a_la_fin",
        "sans_retour_final",
    ],
    "spaces": ["colle", "tabulations", "deux_espaces", "aligne_si_large", "espace_en_tete"],
}
CORRECT_DISPLAYS = [None, "espaces_en_fin", "print_end"]


def judged(name: str, case: dict, fault: str | None) -> bool:
    """L'affichage ``fault`` réussit-il le cas de la classe ``name`` (comme les
    vérifications de ``checks.q6_display`` le jugent) ?"""
    blank = True
    for board in case["boards"]:
        mines, neigh, opened = grids(board)
        lines = expected.board_lines(mines, neigh, opened)
        try:
            printed, raised = draw_board(mines, neigh, opened, fault), False
        except Printed as stopped:
            printed, raised = stopped.text, True
        if name == "rows":
            states = [list(zip(*row)) for row in zip(mines, neigh, opened)]
            if raised or not printed or display.rows_mistake(printed, lines, states):
                return False
            continue
        if name == "spaces":
            if not display.shown_lines(printed, raised):
                continue
            blank = False
            if display.spaces_mistake(printed, len(mines[0]), raised):
                return False
            continue
        if raised:
            return False
        if not display.tokens(printed):
            continue
        blank = False
        (want,) = expected.display_cells({"cells": name, "boards": [board]})
        if display.cell_mistakes(printed, want["lines"], want["judged"]):
            return False
    return name == "rows" or not blank


DISPLAY_SWEEPS = sweeps.stored("q6_display")


@pytest.mark.parametrize("name", list(DISPLAY_FAULTS))
def test_chaque_faute_d_affichage_ne_rate_que_sa_classe(name):
    case = DISPLAY_SWEEPS[name]
    for fault in CORRECT_DISPLAYS:
        assert judged(name, case, fault), (name, fault)
    for owner, faults in DISPLAY_FAULTS.items():
        for fault in faults:
            assert judged(name, case, fault) == (owner != name), (name, fault)


@pytest.mark.parametrize("name", list(DISPLAY_FAULTS))
@settings(max_examples=25, derandomize=True, deadline=None, database=None)
@given(data=strategies.st.data())
def test_les_exemples_tires_restent_dans_leur_classe(name, data):
    """Un plateau tiré par un test noté ne fait rater que les fautes de sa classe (il peut
    ne pas les montrer toutes : le balayage les montre)."""
    if name in expected.DISPLAY_CLASSES:
        case = data.draw(strategies.display_class_cases(name))
    else:
        case = data.draw(strategies.layout_cases(wide=name == "spaces"))
    for fault in CORRECT_DISPLAYS:
        assert judged(name, case, fault)
    for owner, faults in DISPLAY_FAULTS.items():
        if owner != name:
            for fault in faults:
                assert judged(name, case, fault), (name, fault, case)


# ---------------------------------------------------------------------------
# propagate_open_cells
# ---------------------------------------------------------------------------

ALL = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


def empty(mines, neigh, x, y) -> bool:
    return not mines[y][x] and neigh[y][x] == 0


def search(directions=ALL, spreads=empty, first_only=False, most=None):
    """Une inondation par une pile, partie des cases ouvertes qui s'étendent (``spreads``) :
    par les ``directions`` données, de la première seulement, ``most`` cases au plus."""

    def propagate(mines, neigh, opened):
        height, width = len(mines), len(mines[0])
        stack = [
            (x, y)
            for y in range(height)
            for x in range(width)
            if opened[y][x] and spreads(mines, neigh, x, y)
        ]
        stack = stack[:1] if first_only else stack
        count = 0
        while stack:
            x, y = stack.pop()
            for dx, dy in directions:
                i, j = x + dx, y + dy
                if 0 <= i < width and 0 <= j < height and not opened[j][i]:
                    if most is not None and count >= most:
                        return
                    opened[j][i] = True
                    count += 1
                    if spreads(mines, neigh, i, j):
                        stack.append((i, j))

    return propagate


def sweep(passes=None, flag_per_row=False, upward_only=False, bounds="is_coord_ok"):
    """Le balayage du sujet, « faire … tant que », et ses fautes : un nombre de passes
    borné (``passes`` : une fonction de la largeur et de la hauteur), l'indicateur remis à
    False à chaque ligne, une nouvelle passe seulement pour une case vide ouverte au-dessus,
    et trois façons de vérifier les bords (``bounds``)."""

    def propagate(mines, neigh, opened):
        height, width = len(mines), len(mines[0])
        limit = passes(width, height) if passes else None
        done, changed = 0, True
        while changed and (limit is None or done < limit):
            done += 1
            changed = False
            for y in range(height):
                if flag_per_row:
                    changed = False
                for x in range(width):
                    if not (opened[y][x] and empty(mines, neigh, x, y)):
                        continue
                    for j in range(y - 1, y + 2):
                        for i in range(x - 1, x + 2):
                            if bounds == "is_coord_ok":
                                if not (0 <= i < width and 0 <= j < height) or opened[j][i]:
                                    continue
                            elif bounds == "lu_avant_is_coord_ok":
                                # opened[j][i] == False and is_coord_ok(i, j, width, height)
                                inside = 0 <= i < width and 0 <= j < height
                                if not (opened[j][i] is False and inside):
                                    continue
                            else:  # « try / except IndexError » : -1 fait le tour de la liste
                                try:
                                    if opened[j][i]:
                                        continue
                                    opened[j][i] = True
                                except IndexError:
                                    continue
                                i, j = i % width, j % height
                            opened[j][i] = True
                            if not upward_only or (j < y and empty(mines, neigh, i, j)):
                                changed = True

    return propagate


def closes_cells(mines, neigh, opened):
    """Recopie dans opened une grille où seules les voisines des cases vides sont ouvertes."""
    height, width = len(mines), len(mines[0])
    while True:
        new = [[False] * width for _ in range(height)]
        for y in range(height):
            for x in range(width):
                if opened[y][x] and empty(mines, neigh, x, y):
                    for j in range(max(0, y - 1), min(height, y + 2)):
                        for i in range(max(0, x - 1), min(width, x + 2)):
                            new[j][i] = True
        if new == opened:
            return
        for y in range(height):
            opened[y][:] = new[y]


FLOOD_FAULTS = {
    "directions": {
        "quatre_voisines": search([(-1, 0), (1, 0), (0, -1), (0, 1)]),
        **{f"diagonale_{d}_oubliee": search([a for a in ALL if a != d]) for d in ALL if all(d)},
    },
    "edges": {
        "lu_avant_is_coord_ok": sweep(bounds="lu_avant_is_coord_ok"),
        "indice_negatif": sweep(bounds="try"),
    },
    "passes": {
        "un_seul_parcours": sweep(passes=lambda width, height: 1),
        "largeur_plus_hauteur_parcours": sweep(passes=lambda width, height: width + height),
        "indicateur_remis_a_chaque_ligne": sweep(flag_per_row=True),
        "repasse_seulement_vers_le_haut": sweep(upward_only=True),
        "au_plus_200_cases": search(most=200),
    },
    "sources": {"une_seule_source": search(first_only=True)},
    "numbers": {"depuis_les_chiffres": search(spreads=lambda m, n, x, y: not m[y][x])},
    "open_cells": {
        "depuis_les_mines": search(spreads=lambda m, n, x, y: n[y][x] == 0),
        "referme_des_cases": closes_cells,
    },
}
# Elle ouvre des mines sur tout plateau qui en a : sa faute est de tout ouvrir.
EVERYWHERE = {"depuis_les_chiffres"}
CORRECT_FLOODS = [search(), sweep()]


def floods_right(propagate, case: dict) -> bool:
    for board in case["boards"]:
        mines, neigh, opened = grids(board)
        want = expected.flood(mines, neigh, opened)
        try:
            propagate(mines, neigh, opened)
        except IndexError:
            return False
        if opened != want:
            return False
    return True


FLOOD_SWEEPS = sweeps.stored("q8_flood")


@pytest.mark.parametrize("name", list(FLOOD_FAULTS))
def test_chaque_faute_d_inondation_ne_rate_que_sa_classe(name):
    case = FLOOD_SWEEPS[name]
    assert all(floods_right(propagate, case) for propagate in CORRECT_FLOODS)
    for owner, faults in FLOOD_FAULTS.items():
        for fault, propagate in faults.items():
            if fault in EVERYWHERE and owner != name:
                continue
            assert floods_right(propagate, case) == (owner != name), (name, fault)


def opens_something(propagate, case: dict) -> bool:
    """L'inondation ``propagate`` ouvre-t-elle quelque chose dans opened, sur chaque plateau ?"""
    for board in case["boards"]:
        mines, neigh, opened = grids(board)
        before = [list(row) for row in opened]
        propagate(mines, neigh, opened)
        if opened == before:
            return False
    return True


@pytest.mark.parametrize("name", [*FLOOD_FAULTS, "in_place"])
@settings(max_examples=25, derandomize=True, deadline=None, database=None)
@given(data=strategies.st.data())
def test_les_inondations_tirees_restent_dans_leur_classe(name, data):
    case = data.draw(strategies.flood_class_cases(name))
    if name == "in_place":  # sur place : toute inondation, juste ou non, y ouvre des cases
        faults = [f for fs in FLOOD_FAULTS.values() for f in fs.values()]
        assert all(opens_something(propagate, case) for propagate in [*CORRECT_FLOODS, *faults])
        return
    assert all(floods_right(propagate, case) for propagate in CORRECT_FLOODS)
    for owner, faults in FLOOD_FAULTS.items():
        if owner != name:
            for fault, propagate in faults.items():
                if fault not in EVERYWHERE:
                    assert floods_right(propagate, case), (name, fault, case)


def test_les_chiffres_de_1_a_5_bordent_une_region_vide():
    seen = set()
    for mines, neigh, opened in expected.drawn_boards(FLOOD_SWEEPS["numbers"]):
        after = expected.flood(mines, neigh, opened)
        seen |= {
            neigh[y][x]
            for y, row in enumerate(after)
            for x, is_open in enumerate(row)
            if is_open and not mines[y][x]
        }
    assert seen >= {1, 2, 3, 4, 5}


def test_sur_place_toute_inondation_ouvre_des_cases():
    """La classe « sur place » ne juge pas ce qui s'ouvre : sur ses plateaux, toute
    inondation, juste ou fautive, ouvre quelque chose."""
    faults = [f for fs in FLOOD_FAULTS.values() for f in fs.values()]
    for propagate in [*CORRECT_FLOODS, *faults]:
        assert opens_something(propagate, FLOOD_SWEEPS["in_place"])


def test_hors_des_passes_aucune_inondation_n_ouvre_plus_de_200_cases():
    for name, case in FLOOD_SWEEPS.items():
        if name != "passes":
            for mines, neigh, opened in expected.drawn_boards(case):
                after = expected.flood(mines, neigh, opened)
                assert sum(map(sum, after)) - sum(map(sum, opened)) <= 200, name
