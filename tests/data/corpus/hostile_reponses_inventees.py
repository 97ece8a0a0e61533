# description : aucune logique à soi : au chargement, le rendu remplace Worker.call (trouvé par sys.modules["__main__"]) par une fonction qui n'appelle rien et invente une réponse « réussie » (True, 0, (0, 0), 1, grilles inchangées, aucun affichage, aucune erreur). Le juge ne croit que les valeurs renvoyées : elles sont fausses, tout est perdu.
# perd : initialise_mines, initialise_open, is_coord_ok, nb_adjacent_mines, compute_neigh, display_board, is_move_ok, ask_move, propagate_open_cells, is_finished, play_turn, play_the_game, main
# base : aucune
import sys

Worker = sys.modules["__main__"].Worker
REPONSES = {"is_coord_ok": True, "is_move_ok": True, "nb_adjacent_mines": 0, "ask_move": {"T": [0, 0]}, "is_finished": 1, "play_the_game": 1}


def appel_invente(self, request, remote_input):
    return {
        "done": True,
        "ret": REPONSES.get(request["func"]),
        "args": request["args"],
        "error": None,
        "out": "",
        "overflow": False,
        "rows_replaced": [False] * len(request["args"]),
        "reads": 0,
    }


Worker.call = appel_invente


def initialise_mines(mines, nb_mines):
    pass


def initialise_open(opened):
    pass


def is_coord_ok(x, y, width, height):
    pass


def nb_adjacent_mines(mines, x, y):
    pass


def compute_neigh(mines, neigh):
    pass


def display_board(mines, neigh, opened):
    pass


def is_move_ok(opened, x, y):
    pass


def ask_move(opened):
    pass


def propagate_open_cells(mines, neigh, opened):
    pass


def is_finished(mines, opened):
    pass


def play_turn(mines, neigh, opened):
    pass


def play_the_game(mines, neigh, opened):
    pass


def main():
    pass
