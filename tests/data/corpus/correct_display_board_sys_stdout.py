# description : display_board écrit chaque ligne avec sys.stdout.write au lieu de print.
# perd : aucune
import sys


def display_board(mines, neigh, opened):
    symbols = {True: "★"}
    for y, row in enumerate(mines):
        cells = []
        for x, mined in enumerate(row):
            if not opened[y][x]:
                cells.append("■")
            elif mined:
                cells.append(symbols[True])
            else:
                cells.append(str(neigh[y][x]) if neigh[y][x] else "⋄")
        sys.stdout.write(" ".join(cells) + "\n")
