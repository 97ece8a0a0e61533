# description : variante correcte, ask_move reconnaît la ligne avec une expression régulière (deux entiers signés séparés par des blancs) et donne un message différent pour chaque erreur.
# perd : aucune
import re

COUP = re.compile(r"\s*([+-]?\d+)\s+([+-]?\d+)\s*")


def ask_move(opened):
    hauteur = len(opened)
    largeur = len(opened[0])
    while True:
        ligne = input("Où voulez-vous jouer ? (x y) ")
        trouve = COUP.fullmatch(ligne)
        if trouve is None:
            print("Je n'ai pas compris : tapez deux nombres entiers, par exemple 2 3.")
            continue
        x = int(trouve.group(1))
        y = int(trouve.group(2))
        if not is_coord_ok(x, y, largeur, hauteur):
            print(f"La case ({x}, {y}) n'est pas sur le plateau.")
        elif not is_move_ok(opened, x, y):
            print(f"La case ({x}, {y}) est déjà ouverte.")
        else:
            return (x, y)
