# description : séquences d'échappement brutes pour le terminal de l'enseignant : au chargement le rendu affiche un effacement d'écran, un changement de titre et un lien OSC 8 ; display_board affiche le bon plateau mais avec des couleurs ANSI et un retour chariot \r qui efface une ligne ; is_move_ok lève une exception dont le message contient \x1b[2J, \r et \x07. display_board et is_move_ok perdent leurs points ; rien ne doit arriver brut dans le terminal, les retours, la synthèse ou le JSON.
# perd : display_board, is_move_ok

print("\x1b[2J\x1b[H\x1b]0;notes falsifiées\x07\x1b]8;;https://exemple.invalid\x1b\\lien\x1b]8;;\x1b\\")


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        cases = []
        for x in range(len(mines[0])):
            if not opened[y][x]:
                cases.append("■")
            elif mines[y][x]:
                cases.append("\x1b[31m★\x1b[0m")
            elif neigh[y][x] == 0:
                cases.append("⋄")
            else:
                cases.append(str(neigh[y][x]))
        print("effacé\r" + " ".join(cases))


def is_move_ok(opened, x, y):
    raise ValueError("\x1b[2J\x1b[1;1H\rNote : 20/20\x07")
