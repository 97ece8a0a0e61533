"""TP démineur : les fonctions du sujet, question par question.

Le plateau est représenté par trois grilles (listes de listes) de mêmes
dimensions, indexées ``grille[y][x]`` : ``y`` est le numéro de ligne (de 0 à
``hauteur - 1``) et ``x`` le numéro de colonne (de 0 à ``largeur - 1``).

- ``mines[y][x]`` : ``True`` si et seulement si la case contient une mine ;
- ``neigh[y][x]`` : le nombre de mines autour de la case ;
- ``opened[y][x]`` : ``True`` si et seulement si la case est ouverte.

Une fonction qui « remplit » une grille la modifie sur place : elle change les
cases des listes reçues, sans jamais remplacer une ligne par une autre liste.
"""

import random

# Symboles de l'affichage (question 6).
CLOSED = "■"  # case fermée
MINE = "★"  # case ouverte qui contient une mine
EMPTY = "⋄"  # case ouverte sans mine autour

# Limites du plateau (question 3).
MAX_WIDTH = 50
MAX_HEIGHT = 20


# ---------------------------------------------------------------------------
# Question 4 : initialisations simples
# ---------------------------------------------------------------------------


def initialise_mines(mines: list[list[bool]], nb_mines: int) -> None:
    """Place exactement ``nb_mines`` mines au hasard dans la grille ``mines``.

    On suppose ``1 <= nb_mines <= largeur * hauteur``. Ce que la grille
    contenait avant l'appel n'a aucune importance : après l'appel, exactement
    ``nb_mines`` cases valent ``True``, toutes les autres ``False``. Chaque
    ensemble de ``nb_mines`` cases a la même probabilité d'être choisi. Le
    tirage utilise le module ``random`` sans jamais appeler ``random.seed``.

    >>> mines = [[True, True, True], [True, True, True]]
    >>> initialise_mines(mines, 2)
    >>> sum(row.count(True) for row in mines)
    2
    """
    # BEGIN SOLUTION
    height = len(mines)
    width = len(mines[0])
    for y in range(height):
        for x in range(width):
            mines[y][x] = False
    # Les cases sont numérotées de 0 à largeur*hauteur - 1, ligne par ligne ;
    # random.sample tire nb_mines numéros distincts, tous les tirages étant
    # équiprobables.
    for number in random.sample(range(width * height), nb_mines):
        y, x = divmod(number, width)
        mines[y][x] = True
    # END SOLUTION


def initialise_open(opened: list[list[bool]]) -> None:
    """Ferme toutes les cases : après l'appel, chaque case vaut ``False``.

    >>> opened = [[True, False], [False, True]]
    >>> initialise_open(opened)
    >>> opened
    [[False, False], [False, False]]
    """
    # BEGIN SOLUTION
    for row in opened:
        for x in range(len(row)):
            row[x] = False
    # END SOLUTION


# ---------------------------------------------------------------------------
# Question 5 : nombre de mines et voisinage
# ---------------------------------------------------------------------------


def is_coord_ok(x: int, y: int, width: int, height: int) -> bool:
    """Renvoie ``True`` si et seulement si (x, y) est une case du plateau.

    >>> is_coord_ok(0, 0, 3, 2)
    True
    >>> is_coord_ok(3, 0, 3, 2)
    False
    >>> is_coord_ok(0, -1, 3, 2)
    False
    """
    # BEGIN SOLUTION
    return 0 <= x < width and 0 <= y < height
    # END SOLUTION


def nb_adjacent_mines(mines: list[list[bool]], x: int, y: int) -> int:
    """Renvoie le nombre de mines parmi les (au plus) 8 voisines de (x, y).

    La case (x, y) est sur le plateau. Ses voisines sont les cases qui la
    touchent par un côté ou par un coin ; seules comptent celles qui sont sur
    le plateau, et la case elle-même ne compte jamais.

    >>> mines = [[True, False, False],
    ...          [False, True, False]]
    >>> nb_adjacent_mines(mines, 1, 0)
    2
    >>> nb_adjacent_mines(mines, 0, 0)
    1
    """
    # BEGIN SOLUTION
    height = len(mines)
    width = len(mines[0])
    count = 0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            nx, ny = x + dx, y + dy
            if (dx, dy) != (0, 0) and is_coord_ok(nx, ny, width, height):
                if mines[ny][nx]:
                    count += 1
    return count
    # END SOLUTION


def compute_neigh(mines: list[list[bool]], neigh: list[list[int]]) -> None:
    """Remplit ``neigh`` : chaque case reçoit le nombre de mines voisines.

    Après l'appel, ``neigh[y][x] == nb_adjacent_mines(mines, x, y)`` pour
    toutes les cases, y compris celles qui contiennent une mine.

    >>> mines = [[True, False, False],
    ...          [False, False, False]]
    >>> neigh = [[0, 0, 0], [0, 0, 0]]
    >>> compute_neigh(mines, neigh)
    >>> neigh
    [[0, 1, 0], [1, 1, 0]]
    """
    # BEGIN SOLUTION
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)
    # END SOLUTION


# ---------------------------------------------------------------------------
# Question 6 : affichage du plateau
# ---------------------------------------------------------------------------


def display_board(
    mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]
) -> None:
    """Affiche le plateau : une ligne de texte par ligne du plateau.

    Les cases d'une ligne sont séparées par une espace : ``■`` pour une case
    fermée, ``★`` pour une mine ouverte, ``⋄`` pour une case ouverte sans mine
    voisine, sinon le nombre de mines voisines.

    >>> mines = [[True, False, False], [False, False, False]]
    >>> neigh = [[0, 1, 0], [1, 1, 0]]
    >>> opened = [[False, True, True], [True, True, True]]
    >>> display_board(mines, neigh, opened)
    ■ 1 ⋄
    1 1 ⋄
    """
    # BEGIN SOLUTION
    for y in range(len(mines)):
        symbols = []
        for x in range(len(mines[0])):
            if not opened[y][x]:
                symbols.append(CLOSED)
            elif mines[y][x]:
                symbols.append(MINE)
            elif neigh[y][x] == 0:
                symbols.append(EMPTY)
            else:
                symbols.append(str(neigh[y][x]))
        print(" ".join(symbols))
    # END SOLUTION


# ---------------------------------------------------------------------------
# Question 7 : demander un coup
# ---------------------------------------------------------------------------


def is_move_ok(opened: list[list[bool]], x: int, y: int) -> bool:
    """Renvoie ``True`` si jouer en (x, y) est permis.

    Un coup est permis si (x, y) est sur le plateau et que la case n'est pas
    encore ouverte.

    >>> opened = [[True, False]]
    >>> is_move_ok(opened, 1, 0)
    True
    >>> is_move_ok(opened, 0, 0)
    False
    >>> is_move_ok(opened, 2, 0)
    False
    """
    # BEGIN SOLUTION
    height = len(opened)
    width = len(opened[0])
    return is_coord_ok(x, y, width, height) and not opened[y][x]
    # END SOLUTION


def ask_move(opened: list[list[bool]]) -> tuple[int, int]:
    """Demande un coup au joueur jusqu'à ce qu'il soit permis ; renvoie (x, y).

    Chaque ligne lue avec ``input()`` doit être faite de deux entiers et de
    rien d'autre, x puis y, séparés par des blancs (espaces ou tabulations).
    Pour toute autre ligne (vide, des mots, même à côté de deux nombres, un ou
    trois nombres, une case hors du plateau ou déjà ouverte), un message en
    français explique l'erreur et la question est reposée. Si l'entrée se
    termine, l'exception ``EOFError`` de ``input()`` remonte à l'appelant.

    Par exemple, si le joueur tape « 5 0 », puis « 1 0 » sur un plateau de
    largeur 3 :

    ``Votre coup (x y) : 5 0``
    ``La case (5, 0) est hors du plateau : x va de 0 à 2 et y de 0 à 0.``
    ``Votre coup (x y) : 1 0``

    et la fonction renvoie ``(1, 0)``.
    """
    # BEGIN SOLUTION
    height = len(opened)
    width = len(opened[0])
    while True:
        words = input("Votre coup (x y) : ").split()
        if len(words) != 2:
            print("Tapez deux nombres entiers, x puis y, séparés par une espace.")
            continue
        try:
            x, y = int(words[0]), int(words[1])
        except ValueError:
            print("x et y doivent être des nombres entiers, par exemple : 3 2")
            continue
        if not is_coord_ok(x, y, width, height):
            print(
                f"La case ({x}, {y}) est hors du plateau : "
                f"x va de 0 à {width - 1} et y de 0 à {height - 1}."
            )
        elif opened[y][x]:
            print(f"La case ({x}, {y}) est déjà ouverte.")
        else:
            return x, y
    # END SOLUTION


# ---------------------------------------------------------------------------
# Question 8 : inondation du plateau
# ---------------------------------------------------------------------------


def propagate_open_cells(
    mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]
) -> None:
    """Ouvre toutes les cases que l'inondation doit ouvrir.

    Tant qu'une case ouverte, sans mine et sans mine voisine a une voisine
    fermée, on ouvre cette voisine. Seule ``opened`` change, et aucune case
    n'y est refermée.

    >>> mines = [[False, False, False], [False, False, True]]
    >>> neigh = [[0, 1, 1], [0, 1, 0]]
    >>> opened = [[True, False, False], [False, False, False]]
    >>> propagate_open_cells(mines, neigh, opened)
    >>> opened
    [[True, True, False], [True, True, False]]
    """
    # BEGIN SOLUTION
    height = len(opened)
    width = len(opened[0])
    # « Faire … tant que » : on parcourt tout le plateau, et on recommence
    # tant que le dernier parcours a ouvert au moins une case.
    changed = True
    while changed:
        changed = False
        for y in range(height):
            for x in range(width):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for ny in range(y - 1, y + 2):
                        for nx in range(x - 1, x + 2):
                            if is_coord_ok(nx, ny, width, height) and not opened[ny][nx]:
                                opened[ny][nx] = True
                                changed = True
    # END SOLUTION


# ---------------------------------------------------------------------------
# Question 9 : fin de la partie
# ---------------------------------------------------------------------------


def is_finished(mines: list[list[bool]], opened: list[list[bool]]) -> int:
    """Renvoie 2 si la partie est perdue, 1 si elle est gagnée, 0 sinon.

    La partie est perdue dès qu'une mine est ouverte (on le vérifie d'abord),
    gagnée quand toutes les cases sans mine sont ouvertes.

    >>> mines = [[True, False]]
    >>> is_finished(mines, [[False, False]])
    0
    >>> is_finished(mines, [[False, True]])
    1
    >>> is_finished(mines, [[True, True]])
    2
    """
    # BEGIN SOLUTION
    all_safe_cells_open = True
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if mines[y][x] and opened[y][x]:
                return 2
            if not mines[y][x] and not opened[y][x]:
                all_safe_cells_open = False
    if all_safe_cells_open:
        return 1
    return 0
    # END SOLUTION


# ---------------------------------------------------------------------------
# Question 10 : jouons !
# ---------------------------------------------------------------------------


def play_turn(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> None:
    """Joue un tour : affiche le plateau, demande un coup, ouvre la case
    choisie, puis inonde le plateau."""
    # BEGIN SOLUTION
    display_board(mines, neigh, opened)
    x, y = ask_move(opened)
    opened[y][x] = True
    propagate_open_cells(mines, neigh, opened)
    # END SOLUTION


def play_the_game(mines: list[list[bool]], neigh: list[list[int]], opened: list[list[bool]]) -> int:
    """Joue des tours tant que la partie n'est pas finie.

    Affiche ensuite le plateau une dernière fois, puis une ligne qui dit
    « gagné » ou « perdu », et renvoie le code de fin : 1 (gagné) ou 2
    (perdu).
    """
    # BEGIN SOLUTION
    while is_finished(mines, opened) == 0:
        play_turn(mines, neigh, opened)
    display_board(mines, neigh, opened)
    result = is_finished(mines, opened)
    if result == 1:
        print("Bravo, vous avez gagné !")
    else:
        print("Boum ! Vous avez perdu.")
    return result
    # END SOLUTION


# BEGIN SOLUTION
def ask_int(prompt: str, low: int, high: int) -> int:
    """Demande un entier entre ``low`` et ``high`` (inclus) jusqu'à l'obtenir."""
    while True:
        answer = input(prompt).strip()
        try:
            value = int(answer)
        except ValueError:
            if not answer:
                print("Réponse vide : il faut un nombre entier.")
            else:
                shown = answer if len(answer) <= 20 else answer[:20] + "…"
                print(f"« {shown} » n'est pas un nombre entier.")
            continue
        if low <= value <= high:
            return value
        print(f"Le nombre doit être compris entre {low} et {high}.")


# END SOLUTION


def main() -> None:
    """Demande la taille du plateau et le nombre de mines, puis joue.

    La largeur est demandée dans [1, 50], la hauteur dans [1, 20], puis le
    nombre de mines dans [1, largeur*hauteur], un entier par ligne ; une
    réponse incorrecte est redemandée. Les trois grilles sont créées (chaque
    ligne est une liste à part), initialisées, puis la partie commence.
    """
    # BEGIN SOLUTION
    width = ask_int(f"Largeur du plateau (1 à {MAX_WIDTH}) : ", 1, MAX_WIDTH)
    height = ask_int(f"Hauteur du plateau (1 à {MAX_HEIGHT}) : ", 1, MAX_HEIGHT)
    nb_mines = ask_int(f"Nombre de mines (1 à {width * height}) : ", 1, width * height)
    # Une liste neuve par ligne : [[False] * width] * height répéterait
    # la même ligne, et ouvrir une case l'ouvrirait dans toutes les lignes.
    mines = [[False] * width for _ in range(height)]
    neigh = [[0] * width for _ in range(height)]
    opened = [[False] * width for _ in range(height)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
    # END SOLUTION


if __name__ == "__main__":
    # Ce fichier lancé tel quel (F5 dans IDLE, Thonny ou EduPython) : le jeu, comme
    # « python -m tp_demineur » lancé depuis le dossier qui contient tp_demineur/.
    import runpy
    import sys
    from pathlib import Path

    sys.path[0] = str(Path(__file__).resolve().parent.parent)
    runpy.run_module("tp_demineur", run_name="__main__", alter_sys=True)
