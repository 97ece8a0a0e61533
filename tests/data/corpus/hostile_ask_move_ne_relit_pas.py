# description : ask_move lit une seule ligne avant la boucle et oublie de relire quand le coup est mauvais : sur une ligne invalide elle tourne sans fin sur la même ligne.
# perd : ask_move


def est_un_entier(mot):
    if mot.startswith("-"):
        mot = mot[1:]
    return mot.isdigit()


def ask_move(opened):
    ligne = input("Votre coup (x y) : ")
    while True:
        mots = ligne.split()
        if len(mots) == 2 and est_un_entier(mots[0]) and est_un_entier(mots[1]):
            x = int(mots[0])
            y = int(mots[1])
            if is_move_ok(opened, x, y):
                return x, y
        # coup invalide : on recommence
