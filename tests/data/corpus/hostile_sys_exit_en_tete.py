# description : sys.exit() appelé en tête du fichier (reste d'un essai) avant des fonctions pas encore écrites : l'appel est sauté au chargement, les trois fonctions écrites sont notées, les autres manquent.
# perd : main, nb_adjacent_mines, compute_neigh, display_board, is_move_ok, ask_move, propagate_open_cells, is_finished, play_turn, play_the_game
# base : aucune
import random
import sys

sys.exit()  # pour tester seulement les imports


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
