# description : variante correcte, un fichier complet : chaque question affichée par print(..., end="") puis lue par input() sans argument, des doctests partout, des alias de types ; mines par random.sample, inondation en largeur avec deque.
# perd : aucune
# base : aucune
"""Le démineur, question par question, avec des exemples vérifiables par doctest.

>>> import doctest  # python -m doctest ce_fichier.py
"""
from collections import deque
import random
from typing import TypeAlias

Grille: TypeAlias = list[list[bool]]
Nombres: TypeAlias = list[list[int]]

FERMEE: str = "■"
MINE: str = "★"
VIDE: str = "⋄"
LARGEUR_MAX: int = 50
HAUTEUR_MAX: int = 20


def initialise_mines(mines: Grille, nb_mines: int) -> None:
    """Place exactement nb_mines mines, au hasard.

    >>> g = [[True, False, True], [False, True, True]]
    >>> initialise_mines(g, 3)
    >>> sum(map(sum, g))
    3
    >>> initialise_mines(g, 6); g
    [[True, True, True], [True, True, True]]
    """
    largeur: int = len(mines[0])
    tirage: set[int] = set(random.sample(range(largeur * len(mines)), nb_mines))
    for y, ligne in enumerate(mines):
        for x in range(largeur):
            ligne[x] = y * largeur + x in tirage


def initialise_open(opened: Grille) -> None:
    """Ferme toutes les cases.

    >>> o = [[True], [False], [True]]
    >>> premiere = o[0]
    >>> initialise_open(o); o, o[0] is premiere
    ([[False], [False], [False]], True)
    """
    for ligne in opened:
        for x, _ in enumerate(ligne):
            ligne[x] = False


def is_coord_ok(x: int, y: int, width: int, height: int) -> bool:
    """Vrai si (x, y) est sur le plateau.

    >>> is_coord_ok(0, 0, 1, 1), is_coord_ok(-1, 0, 5, 4), is_coord_ok(10**100, 0, 5, 4)
    (True, False, False)
    """
    return -1 < x < width and -1 < y < height


def nb_adjacent_mines(mines: Grille, x: int, y: int) -> int:
    """Nombre de mines autour de (x, y), la case elle-même exclue.

    >>> m = [[False, False, False, False, False],
    ...      [False, False, False, False, False],
    ...      [False, False, False, False, True],
    ...      [False, False, True, False, True]]
    >>> [nb_adjacent_mines(m, 0, 0), nb_adjacent_mines(m, 3, 2), nb_adjacent_mines(m, 4, 3)]
    [0, 3, 1]
    """
    largeur, hauteur = len(mines[0]), len(mines)
    total: int = 0
    for vy in range(y - 1, y + 2):
        for vx in range(x - 1, x + 2):
            if (vx, vy) != (x, y) and is_coord_ok(vx, vy, largeur, hauteur):
                total += mines[vy][vx]
    return int(total)


def compute_neigh(mines: Grille, neigh: Nombres) -> None:
    """Remplit neigh.

    >>> n = [[7, 7, 7], [7, 7, 7]]
    >>> compute_neigh([[True, False, False], [False, False, False]], n); n
    [[0, 1, 0], [1, 1, 0]]
    """
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)


def display_board(mines: Grille, neigh: Nombres, opened: Grille) -> None:
    """Affiche le plateau.

    >>> display_board([[True, False]], [[0, 1]], [[False, True]])
    ■ 1
    >>> display_board([[True, False, False]], [[0, 1, 0]], [[True, True, True]])
    ★ 1 ⋄
    """
    for y in range(len(mines)):
        ligne: list[str] = []
        for x in range(len(mines[0])):
            if not opened[y][x]:
                ligne.append(FERMEE)
            elif mines[y][x]:
                ligne.append(MINE)
            elif neigh[y][x] == 0:
                ligne.append(VIDE)
            else:
                ligne.append(str(neigh[y][x]))
        print(*ligne)


def is_move_ok(opened: Grille, x: int, y: int) -> bool:
    """Vrai si (x, y) est sur le plateau et fermée.

    >>> o = [[True, False, False], [False, False, False]]
    >>> is_move_ok(o, 1, 0), is_move_ok(o, 0, 0), is_move_ok(o, 3, 0), is_move_ok(o, -1, 1)
    (True, False, False, False)
    """
    return is_coord_ok(x, y, len(opened[0]), len(opened)) and not opened[y][x]


def _invite(texte: str) -> str:
    """Affiche l'invite puis lit une ligne avec input() ; EOFError remonte telle quelle."""
    print(texte, end="", flush=True)
    return input()


def ask_move(opened: Grille) -> tuple[int, int]:
    """Lit des lignes jusqu'à un coup permis (voir le sujet, question 7.2)."""
    largeur, hauteur = len(opened[0]), len(opened)
    while True:
        texte = _invite("Votre coup (x y) : ")
        champs = texte.split()
        if len(champs) != 2:
            print("Tapez deux nombres entiers, x puis y, séparés par une espace.")
            continue
        try:
            x, y = int(champs[0]), int(champs[1])
        except ValueError:
            print("x et y doivent être des nombres entiers, par exemple : 3 2")
            continue
        if not is_coord_ok(x, y, largeur, hauteur):
            print(f"La case ({x}, {y}) est hors du plateau : x va de 0 à {largeur - 1} et y de 0 à {hauteur - 1}.")
        elif not is_move_ok(opened, x, y):
            print(f"La case ({x}, {y}) est déjà ouverte.")
        else:
            return x, y


def propagate_open_cells(mines: Grille, neigh: Nombres, opened: Grille) -> None:
    """Inonde le plateau.

    >>> mines = [[False, False, False], [False, False, True]]
    >>> neigh = [[0, 1, 1], [0, 1, 0]]
    >>> opened = [[True, False, False], [False, False, False]]
    >>> propagate_open_cells(mines, neigh, opened); opened
    [[True, True, False], [True, True, False]]
    >>> opened = [[False, False, False], [False, False, True]]
    >>> propagate_open_cells(mines, neigh, opened); opened   # une mine ouverte n'inonde pas
    [[False, False, False], [False, False, True]]
    """
    largeur, hauteur = len(opened[0]), len(opened)
    traitees: set[tuple[int, int]] = set()
    file: deque[tuple[int, int]] = deque(
        (x, y) for y in range(hauteur) for x in range(largeur) if opened[y][x])
    while file:
        x, y = file.popleft()
        if (x, y) in traitees:
            continue
        traitees.add((x, y))
        if mines[y][x] or neigh[y][x] != 0:
            continue
        for vy in range(y - 1, y + 2):
            for vx in range(x - 1, x + 2):
                if is_coord_ok(vx, vy, largeur, hauteur) and not opened[vy][vx]:
                    opened[vy][vx] = True
                    file.append((vx, vy))


def is_finished(mines: Grille, opened: Grille) -> int:
    """0, 1 ou 2.

    >>> is_finished([[True, False]], [[False, False]]), is_finished([[True, False]], [[False, True]])
    (0, 1)
    >>> is_finished([[True, False]], [[True, True]])
    2
    """
    mine_ouverte = any(m and o for lm, lo in zip(mines, opened) for m, o in zip(lm, lo))
    sure_fermee = any(not m and not o for lm, lo in zip(mines, opened) for m, o in zip(lm, lo))
    return 2 if mine_ouverte else 0 if sure_fermee else 1


def play_turn(mines: Grille, neigh: Nombres, opened: Grille) -> None:
    """Un tour : afficher, demander, ouvrir, inonder."""
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[y][x] = True
    propagate_open_cells(mines, neigh, opened)


def play_the_game(mines: Grille, neigh: Nombres, opened: Grille) -> int:
    """Joue jusqu'à la fin ; renvoie 1 (gagné) ou 2 (perdu)."""
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    fin: int = is_finished(mines, opened)
    print("Bravo, vous avez gagné !" if fin == 1 else "Boum ! Vous avez perdu.")
    return fin


def _lire_borne(question: str, bas: int, haut: int) -> int:
    while True:
        texte = _invite(question)
        try:
            valeur = int(texte)
        except ValueError:
            print("Réponse vide." if not texte.strip() else "Ce n'est pas un nombre entier.")
            continue
        if bas <= valeur <= haut:
            return valeur
        print(f"Le nombre doit être compris entre {bas} et {haut}.")


def main() -> None:
    """Demande les dimensions et le nombre de mines, puis joue."""
    largeur = _lire_borne(f"Largeur du plateau (1 à {LARGEUR_MAX}) : ", 1, LARGEUR_MAX)
    hauteur = _lire_borne(f"Hauteur du plateau (1 à {HAUTEUR_MAX}) : ", 1, HAUTEUR_MAX)
    nb_mines = _lire_borne(f"Nombre de mines (1 à {largeur * hauteur}) : ", 1, largeur * hauteur)
    mines: Grille = [[False] * largeur for _ in range(hauteur)]
    neigh: Nombres = [[0] * largeur for _ in range(hauteur)]
    opened: Grille = [[False] * largeur for _ in range(hauteur)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)


if __name__ == "__main__":
    main()
