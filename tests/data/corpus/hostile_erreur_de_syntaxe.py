# description : erreur de syntaxe (= au lieu de == dans un if de propagate_open_cells) : seule la fonction qui ne se compile pas est retirée, les autres sont notées.
# perd : propagate_open_cells
# base : aucune
import random


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    for numero in random.sample(range(largeur * hauteur), nb_mines):
        mines[numero // largeur][numero % largeur] = True


def initialise_open(opened):
    for ligne in opened:
        for x in range(len(ligne)):
            ligne[x] = False


def is_coord_ok(x, y, width, height):
    return 0 <= x < width and 0 <= y < height


def nb_adjacent_mines(mines, x, y):
    nb = 0
    for j in range(y - 1, y + 2):
        for i in range(x - 1, x + 2):
            if (i, j) != (x, y) and is_coord_ok(i, j, len(mines[0]), len(mines)):
                if mines[j][i]:
                    nb += 1
    return nb


def compute_neigh(mines, neigh):
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)


def display_board(mines, neigh, opened):
    for y in range(len(mines)):
        cases = []
        for x in range(len(mines[0])):
            if not opened[y][x]:
                cases.append("■")
            elif mines[y][x]:
                cases.append("★")
            elif neigh[y][x] == 0:
                cases.append("⋄")
            else:
                cases.append(str(neigh[y][x]))
        print(" ".join(cases))


def is_move_ok(opened, x, y):
    return is_coord_ok(x, y, len(opened[0]), len(opened)) and not opened[y][x]


def ask_move(opened):
    while True:
        mots = input("Votre coup (x y) : ").split()
        if len(mots) != 2:
            print("Tapez deux nombres entiers.")
            continue
        try:
            x, y = int(mots[0]), int(mots[1])
        except ValueError:
            print("Ce ne sont pas des nombres entiers.")
            continue
        if is_move_ok(opened, x, y):
            return x, y
        print("Coup impossible.")


def propagate_open_cells(mines, neigh, opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    changement = True
    while changement:
        changement = False
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] = True and not mines[y][x] and neigh[y][x] == 0:
                    for j in range(y - 1, y + 2):
                        for i in range(x - 1, x + 2):
                            if is_coord_ok(i, j, largeur, hauteur) and not opened[j][i]:
                                opened[j][i] = True
                                changement = True


def is_finished(mines, opened):
    gagne = True
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if mines[y][x] and opened[y][x]:
                return 2
            if not mines[y][x] and not opened[y][x]:
                gagne = False
    if gagne:
        return 1
    return 0


def play_turn(mines, neigh, opened):
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[y][x] = True
    propagate_open_cells(mines, neigh, opened)


def play_the_game(mines, neigh, opened):
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    if is_finished(mines, opened) == 1:
        print("Gagné !")
    else:
        print("Perdu !")
    return is_finished(mines, opened)


def demander(question, mini, maxi):
    while True:
        try:
            n = int(input(question))
        except ValueError:
            print("Il faut un entier.")
            continue
        if mini <= n <= maxi:
            return n
        print("Hors des bornes.")


def main():
    largeur = demander("Largeur : ", 1, 50)
    hauteur = demander("Hauteur : ", 1, 20)
    nb = demander("Mines : ", 1, largeur * hauteur)
    mines = [[False] * largeur for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    opened = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)


if __name__ == "__main__":
    main()
