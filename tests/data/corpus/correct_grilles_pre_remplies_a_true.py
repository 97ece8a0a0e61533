# description : variante correcte, un fichier complet : main construit mines et opened remplies de True (une copie de la ligne modèle par ligne), qu'initialise_mines et initialise_open remettent d'aplomb ; mines par échantillonnage « réservoir ».
# perd : aucune
# base : aucune
import copy
import random

TAILLES = {"largeur": (1, 50), "hauteur": (1, 20)}


def initialise_mines(mines: list[list[bool]], nb_mines: int) -> None:
    cases = [(x, y) for y in range(len(mines)) for x in range(len(mines[0]))]
    reservoir: list[tuple[int, int]] = []
    for i, case in enumerate(cases):
        if i < nb_mines:
            reservoir.append(case)
        else:
            j = random.randrange(i + 1)
            if j < nb_mines:
                reservoir[j] = case
    for x, y in cases:
        mines[y][x] = False
    for x, y in reservoir:
        mines[y][x] = True


def initialise_open(opened: list[list[bool]]) -> None:
    for ligne in opened:
        for x in range(len(ligne)):
            if ligne[x] is not False:
                ligne[x] = False


def is_coord_ok(x: int, y: int, width: int, height: int) -> bool:
    return (x >= 0) and (y >= 0) and (x < width) and (y < height)


def nb_adjacent_mines(mines: list[list[bool]], x: int, y: int) -> int:
    hauteur, largeur = len(mines), len(mines[0])
    autour = [(x - 1, y - 1), (x, y - 1), (x + 1, y - 1),
              (x - 1, y), (x + 1, y),
              (x - 1, y + 1), (x, y + 1), (x + 1, y + 1)]
    return len([1 for vx, vy in autour if is_coord_ok(vx, vy, largeur, hauteur) and mines[vy][vx]])


def compute_neigh(mines: list[list[bool]], neigh: list[list[int]]) -> None:
    for y, ligne in enumerate(neigh):
        for x in range(len(ligne)):
            ligne[x] = nb_adjacent_mines(mines, x, y)


_CODE = {"f": "■", "m": "★", "0": "⋄"}


def display_board(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> None:
    for y in range(len(mines)):
        codes = ["f" if not opened[y][x] else "m" if mines[y][x] else str(neigh[y][x])
                 for x in range(len(mines[0]))]
        print(" ".join(_CODE.get(c, c) for c in codes), end="\n")


def is_move_ok(opened: list[list[bool]], x: int, y: int) -> bool:
    return is_coord_ok(x, y, len(opened[0]), len(opened)) and opened[y][x] == False


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        ligne = input("Votre coup (x y) : ")
        try:
            texte_x, texte_y = ligne.split()
        except ValueError:
            print("Il faut taper exactement deux valeurs : x puis y.")
            continue
        try:
            x, y = int(texte_x), int(texte_y)
        except ValueError:
            print("x et y doivent être des nombres entiers.")
            continue
        if is_move_ok(opened, x, y):
            return x, y
        if is_coord_ok(x, y, largeur, hauteur):
            print("Case déjà ouverte : choisissez une case fermée (■).")
        else:
            print(f"Case hors du plateau : x entre 0 et {largeur - 1}, y entre 0 et {hauteur - 1}.")


def propagate_open_cells(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> None:
    hauteur, largeur = len(opened), len(opened[0])
    ordre = [(x, y) for y in range(hauteur) for x in range(largeur)]
    changement = True
    sens = 1
    while changement:
        changement = False
        for x, y in ordre[::sens]:
            if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                for vy in range(y - 1, y + 2):
                    for vx in range(x - 1, x + 2):
                        if is_coord_ok(vx, vy, largeur, hauteur) and not opened[vy][vx]:
                            opened[vy][vx] = True
                            changement = True
        sens = -sens


def is_finished(mines: list[list[bool]], opened: list[list[bool]]) -> int:
    ouvertes_minees = sum(m and o for lm, lo in zip(mines, opened) for m, o in zip(lm, lo))
    fermees_sures = sum((not m) and (not o) for lm, lo in zip(mines, opened) for m, o in zip(lm, lo))
    if ouvertes_minees:
        return 2
    if fermees_sures:
        return 0
    return 1


def play_turn(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> None:
    display_board(mines, neigh, opened)
    coup = ask_move(opened)
    opened[coup[1]][coup[0]] = True
    propagate_open_cells(mines, neigh, opened)


def play_the_game(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> int:
    while True:
        etat = is_finished(mines, opened)
        if etat != 0:
            break
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    print("Gagné ! Toutes les cases sans mine sont ouvertes." if etat == 1 else "Perdu ! Vous avez ouvert une mine.")
    return etat


def _demander(nom: str, bas: int, haut: int) -> int:
    while True:
        texte = input(f"{nom.capitalize()} ({bas} à {haut}) : ")
        try:
            valeur = int(texte)
        except ValueError:
            print(f"La {nom} doit être un nombre entier." if nom != "nombre de mines"
                  else "Le nombre de mines doit être un nombre entier.")
            continue
        if bas <= valeur <= haut:
            return valeur
        print(f"Valeur impossible : entre {bas} et {haut}.")


def main() -> None:
    largeur = _demander("largeur", *TAILLES["largeur"])
    hauteur = _demander("hauteur", *TAILLES["hauteur"])
    nb_mines = _demander("nombre de mines", 1, largeur * hauteur)
    # Grilles volontairement pré-remplies : initialise_mines et initialise_open fixent toutes les cases.
    modele = [True] * largeur
    mines = [copy.copy(modele) for _ in range(hauteur)]
    opened = [copy.copy(modele) for _ in range(hauteur)]
    neigh = [[0] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
