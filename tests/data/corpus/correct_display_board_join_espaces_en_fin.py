# description : variante correcte, display_board écrit chaque case suivie d'une espace avec "".join(...), puis affiche la ligne par print : les espaces en fin de ligne sont permises.
# perd : aucune


def display_board(mines, neigh, opened):
    symboles = {True: "★", False: "⋄"}
    for y in range(len(mines)):
        ligne = "".join(
            ("■" if not opened[y][x] else symboles[True] if mines[y][x] else
             str(neigh[y][x]) if neigh[y][x] else symboles[False]) + " "
            for x in range(len(mines[0]))
        )  # fmt: skip
        print(ligne)
