# description : caractères de direction Unicode (bidi, U+202E et U+2066…U+2069) : is_coord_ok lève une exception dont le message se lit à l'envers à l'écran ; play_the_game joue juste mais écrit son verdict à l'envers (« éngag », « udrep ») précédé de U+202E, qui le fait lire « gagné » ou « perdu » à l'écran : le texte, lui, ne contient ni l'un ni l'autre. is_coord_ok et play_the_game perdent leurs points ; aucun caractère bidi ne doit arriver brut dans ce que lit l'enseignant.
# perd : is_coord_ok, play_the_game


def is_coord_ok(x, y, width, height):
    raise ValueError("\u202e02/02 : etoN\u202c \u2066ok\u2069 \u200f")


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    code = is_finished(mines, opened)
    print("\u202e" + ("éngag" if code == 1 else "udrep") + "\u202c")
    return code
