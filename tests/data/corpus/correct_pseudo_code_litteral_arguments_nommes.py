# description : variante correcte, un fichier complet : traduction littérale du pseudo-code du sujet (while True … break pour « faire … tant que »), chaque appel d'une fonction du sujet par le nom de ses paramètres, jusque dans play_turn, play_the_game et main ; mines par tirages rejetés avec random.randint.
# perd : aucune
# base : aucune
import random


def initialise_mines(mines: list[list[bool]], nb_mines: int) -> None:
    hauteur = len(mines)
    largeur = len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    placees = 0
    while placees != nb_mines:
        x = random.randint(0, largeur - 1)
        y = random.randint(0, hauteur - 1)
        if mines[y][x] == False:
            mines[y][x] = True
            placees = placees + 1


def initialise_open(opened: list[list[bool]]) -> None:
    for y in range(len(opened)):
        for x in range(len(opened[0])):
            opened[y][x] = False


def is_coord_ok(x: int, y: int, width: int, height: int) -> bool:
    resultat = True
    if x < 0 or x >= width:
        resultat = False
    if y < 0 or y >= height:
        resultat = False
    return resultat


def nb_adjacent_mines(mines: list[list[bool]], x: int, y: int) -> int:
    hauteur = len(mines)
    largeur = len(mines[0])
    n = 0
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            if dx == 0 and dy == 0:
                continue
            if is_coord_ok(x=x + dx, y=y + dy, width=largeur, height=hauteur):
                if mines[y + dy][x + dx] == True:
                    n = n + 1
    return n


def compute_neigh(mines: list[list[bool]], neigh: list[list[int]]) -> None:
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            neigh[y][x] = nb_adjacent_mines(mines=mines, x=x, y=y)


def display_board(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> None:
    hauteur = len(mines)
    largeur = len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            if x > 0:
                print(" ", end="")
            if opened[y][x] == False:
                print("■", end="")
            elif mines[y][x] == True:
                print("★", end="")
            elif neigh[y][x] == 0:
                print("⋄", end="")
            else:
                print(neigh[y][x], end="")
        print()


def is_move_ok(opened: list[list[bool]], x: int, y: int) -> bool:
    if not is_coord_ok(x=x, y=y, width=len(opened[0]), height=len(opened)):
        return False
    if opened[y][x] == True:
        return False
    return True


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    hauteur = len(opened)
    largeur = len(opened[0])
    while True:
        ligne = input("Votre coup (x y) : ")
        mots = ligne.split()
        if len(mots) == 0:
            print("La ligne est vide. Tapez deux nombres entiers : x puis y.")
        elif len(mots) == 1:
            print("Un seul nombre : il en faut deux, x puis y.")
        elif len(mots) > 2:
            print("Trop de valeurs : il faut exactement deux nombres, x puis y.")
        else:
            ok = True
            try:
                x = int(mots[0])
                y = int(mots[1])
            except ValueError:
                ok = False
            if not ok:
                print("x et y doivent être des nombres entiers.")
            elif not is_coord_ok(x=x, y=y, width=largeur, height=hauteur):
                print("Cette case est en dehors du plateau.")
            elif not is_move_ok(opened=opened, x=x, y=y):
                print("Cette case est déjà ouverte.")
            else:
                return (x, y)


def propagate_open_cells(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> None:
    hauteur = len(opened)
    largeur = len(opened[0])
    while True:  # faire
        nouvelle = False
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] == True and mines[y][x] == False and neigh[y][x] == 0:
                    for vy in range(y - 1, y + 2):
                        for vx in range(x - 1, x + 2):
                            if is_coord_ok(x=vx, y=vy, width=largeur, height=hauteur):
                                if opened[vy][vx] == False:
                                    opened[vy][vx] = True
                                    nouvelle = True
        if not nouvelle:  # tant que nouvelle est vrai
            break


def is_finished(mines: list[list[bool]], opened: list[list[bool]]) -> int:
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if mines[y][x] == True and opened[y][x] == True:
                return 2
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if mines[y][x] == False and opened[y][x] == False:
                return 0
    return 1


def play_turn(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> None:
    display_board(mines=mines, neigh=neigh, opened=opened)
    x, y = ask_move(opened=opened)
    opened[y][x] = True
    propagate_open_cells(mines=mines, neigh=neigh, opened=opened)


def play_the_game(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> int:
    while is_finished(mines=mines, opened=opened) == 0:
        play_turn(mines=mines, neigh=neigh, opened=opened)
    display_board(mines=mines, neigh=neigh, opened=opened)
    fin = is_finished(mines=mines, opened=opened)
    if fin == 1:
        print("Bravo, vous avez gagné !")
    else:
        print("Dommage, vous avez perdu.")
    return fin


def demander_entier(question: str, minimum: int, maximum: int) -> int:
    while True:
        reponse = input(question)
        try:
            valeur = int(reponse)
        except ValueError:
            print("Ce n'est pas un nombre entier. Recommencez.")
            continue
        if valeur < minimum or valeur > maximum:
            print("Le nombre doit être entre " + str(minimum) + " et " + str(maximum) + ".")
            continue
        return valeur


def main() -> None:
    largeur = demander_entier(question="Largeur du plateau (1 à 50) : ", minimum=1, maximum=50)
    hauteur = demander_entier(question="Hauteur du plateau (1 à 20) : ", minimum=1, maximum=20)
    nb_mines = demander_entier(question="Nombre de mines : ", minimum=1, maximum=largeur * hauteur)
    mines = []
    neigh = []
    opened = []
    for y in range(hauteur):
        ligne_mines = []
        ligne_neigh = []
        ligne_opened = []
        for x in range(largeur):
            ligne_mines.append(False)
            ligne_neigh.append(0)
            ligne_opened.append(False)
        mines.append(ligne_mines)
        neigh.append(ligne_neigh)
        opened.append(ligne_opened)
    initialise_mines(mines=mines, nb_mines=nb_mines)
    initialise_open(opened=opened)
    compute_neigh(mines=mines, neigh=neigh)
    play_the_game(mines=mines, neigh=neigh, opened=opened)
