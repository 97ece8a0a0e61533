"""Q10 : les tours et les parties de chaque classe de play_turn et de play_the_game.

Un cas est une partie : les trois grilles et les lignes que tape le joueur. Chaque cas
public est un exemple à lui seul (le kit fait jouer la référence sur chacun pour en
connaître les appels) : les plateaux larges y ont peu de cases fermées, pour que ce que
le kit en garde reste petit.

play_turn, sur des plateaux de 1 à 50 colonnes :

- ``turn_display`` : le plateau affiché avant la question ;
- ``turn_ask`` : le coup demandé à ask_move, une fois (des lignes refusées d'abord) ;
- ``turn_open`` : la case (x, y) ouverte, opened[y][x] : des coups hors de la diagonale,
  sur des plateaux plus larges que hauts et plus hauts que larges, où opened[x][y] serait
  une autre case (fermée ou déjà ouverte) ou hors du plateau ;
- ``turn_flood`` : l'inondation après l'ouverture, sur une case vide et sur un chiffre.

Hors de ``turn_open``, chaque coup est sur la diagonale (x == y) : un indice transposé
n'y change rien, c'est la faute de cette classe.

play_the_game :

- ``game_turns`` : autant de tours qu'il faut, et pas plus : aucun (déjà gagnée, déjà
  perdue, perdue même avec toutes les cases sans mine ouvertes), un, deux, plusieurs,
  104 (plus que tout nombre de tours écrit d'avance), perdue au premier coup, perdue au
  dernier, gagnée au dernier, jusqu'à 50 colonnes ;
- ``game_board`` : le plateau final, affiché une fois de plus, après le dernier tour ;
- ``game_result`` : la dernière ligne dit « gagné » ou « perdu », et la fonction renvoie
  1 ou 2 : parties gagnées et perdues, déjà finies ou non, perdue tout à la fin (plus de
  90 % des cases sans mine ouvertes).
"""

from __future__ import annotations

from ..expected import flood, neigh_grid
from ..publics import long_game, mines_from


def game(rows: list[str], lines: list[str], opened: list[str] | None = None) -> dict:
    """Une partie : des mines dessinées (« * »), des cases ouvertes dessinées (« o », toutes
    fermées sans ``opened``), inondées comme dans une vraie partie, et les lignes tapées."""
    mines = mines_from(rows)
    neigh = neigh_grid(mines)
    drawn = opened or ["." * len(rows[0])] * len(rows)
    cells = [[cell == "o" for cell in row] for row in drawn]
    return {"mines": mines, "neigh": neigh, "opened": flood(mines, neigh, cells), "lines": lines}


def wide(width: int, height: int, pockets: list[tuple], lines: list[str]) -> dict:
    """Une partie sur un plateau large, tout ouvert sauf des poches : l'intérieur d'une
    poche (x0, y0, x1, y1, bornes comprises) et l'anneau de mines qui l'entoure restent
    fermés ; le reste est ouvert, et l'inondation n'y ouvrirait rien de plus. Peu de cases
    fermées : le kit en garde peu."""
    inside = {
        (x, y) for x0, y0, x1, y1 in pockets for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
    }
    ring = {
        (x, y)
        for x0, y0, x1, y1 in pockets
        for y in range(max(y0 - 1, 0), min(y1 + 2, height))
        for x in range(max(x0 - 1, 0), min(x1 + 2, width))
    } - inside
    rows = ["".join("*" if (x, y) in ring else "." for x in range(width)) for y in range(height)]
    mines = mines_from(rows)
    cells = [[(x, y) not in inside | ring for x in range(width)] for y in range(height)]
    return {"mines": mines, "neigh": neigh_grid(mines), "opened": cells, "lines": lines}


SUJET = [".....", ".....", "....*", "..*.*"]
# Des largeurs au-delà de celles où un tour qui dessine lui-même le plateau change souvent
# de manière : 10 (des numéros de colonnes à deux chiffres), 26 (les lettres), puis 50.
WIDTHS = [11, 27, 50]


def turn_display() -> list[dict]:
    return [
        game(["."], ["0 0"]),
        game(SUJET, ["0 0"]),
        *(wide(width, 2, [(1, 1, 1, 1)], ["1 1"]) for width in WIDTHS),
        wide(50, 20, [(19, 19, 19, 19)], ["19 19"]),
    ]


def turn_ask() -> list[dict]:
    return [
        # Des lignes refusées d'abord : ask_move les refuse, play_turn n'en voit rien.
        game(SUJET, ["5 5", "x", "1 1"]),
        game(["*.", ".."], ["", "0 0", "1 1"]),
        wide(50, 2, [(1, 1, 1, 1)], ["a b", "1 1"]),
    ]


def turn_open() -> list[dict]:
    return [
        # Plus large que haut : opened[x][y] est hors du plateau (x >= hauteur)…
        game(SUJET, ["4 0"]),
        # … ou une autre case, fermée, puis déjà ouverte.
        game(SUJET, ["1 3"], [".....", ".....", ".....", "....."]),
        game(["...*.", ".....", "....."], ["0 2"], ["..o..", ".....", "....."]),
        # Plus haut que large : opened[x][y] est hors du plateau (y >= largeur).
        game(["..", "..", "..", "*."], ["1 3"], ["..", "..", "..", ".."]),
        wide(50, 2, [(30, 1, 31, 1)], ["30 1"]),
        wide(50, 3, [(0, 2, 0, 2), (2, 0, 2, 0)], ["0 2"]),
    ]


def turn_flood() -> list[dict]:
    return [
        # Une case vide : l'inondation ouvre sa région ; un chiffre : rien de plus.
        game(SUJET, ["0 0"]),
        game(SUJET, ["3 3"]),
        game(["...", "...", "..*"], ["0 0"]),
        # Une poche de 3×3 dans le coin d'un plateau de 50×5 : la case vide (1, 1) l'inonde.
        wide(50, 5, [(0, 0, 2, 2)], ["1 1"]),
    ]


def game_turns() -> list[dict]:
    return [
        # Aucun tour : déjà gagnée, déjà perdue, perdue avec toutes les cases sans mine
        # ouvertes (sur une case et sur une ligne de 11 cases sans mine).
        game(["*."], [], [".o"]),
        game(["*."], [], ["o."]),
        game(["*."], [], ["oo"]),
        game(["*..........."], [], ["o" * 12]),
        # Un tour : gagnée par l'inondation, perdue au premier coup.
        ONE_TURN,
        game(SUJET, ["4 2"]),
        # Deux tours, plusieurs, avec des lignes refusées en chemin.
        game(SUJET, ["0 0", "0 0", "2", "3 3"]),
        game([".*.", "...", ".*."], ["0 0", "2 0", "1 1", "0 1", "2 1", "0 2", "2 2"]),
        # 104 tours : une boucle qui s'arrête après 100 tours (ou moins) ne finit pas.
        long_game(39),
        # Perdue au dernier coup, quand tout le reste est ouvert.
        long_game(12, lost=True),
        # Jusqu'à 50 colonnes.
        wide(50, 2, [(0, 1, 0, 1), (49, 1, 49, 1)], ["0 1", "49 1"]),
        wide(50, 20, [(25, 10, 25, 10)], ["25 10"]),
    ]


# Gagnée en un tour : la case jouée inonde tout le plateau.
ONE_TURN = game(["*...", "....", "...."], ["3 2"])
# Perdue au deuxième coup, 32 cases sans mine sur 33 ouvertes : un verdict qui dit
# « presque gagné » sur une défaite presque gagnée dit les deux mots.
ALMOST = game(["..........*.", "..........**", "............"], ["0 2", "10 0"])


def game_board() -> list[dict]:
    return [
        game(["*."], [], [".o"]),
        ONE_TURN,
        game(SUJET, ["4 2"]),
        game(SUJET, ["0 0", "3 3"]),
        wide(50, 2, [(0, 1, 0, 1)], ["0 1"]),
    ]


def game_result() -> list[dict]:
    return [
        # Déjà finie : gagnée, perdue, perdue avec toutes les cases sans mine ouvertes.
        game(["*."], [], [".o"]),
        game(["*."], [], ["o."]),
        game(["*."], [], ["oo"]),
        # Gagnée en un tour, perdue au premier coup.
        ONE_TURN,
        game(SUJET, ["4 2"]),
        # Perdue tout à la fin.
        ALMOST,
        wide(50, 2, [(0, 1, 0, 1)], ["0 1"]),
        wide(50, 2, [(0, 1, 0, 1)], ["1 0"]),
    ]


def build() -> dict[str, list[dict]]:
    """Chaque balayage, par le nom de sa classe (``sweeps.stored`` les garde écrits)."""
    return {
        "turn_display": turn_display(),
        "turn_ask": turn_ask(),
        "turn_open": turn_open(),
        "turn_flood": turn_flood(),
        "game_turns": game_turns(),
        "game_board": game_board(),
        "game_result": game_result(),
    }
