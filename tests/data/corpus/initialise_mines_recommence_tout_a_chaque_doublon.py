# description : tire nb_mines cases avec remise, et recommence tout le tirage tant qu'il y a un doublon. Le tirage est uniforme, mais sur un plateau plein ou presque de plus d'une douzaine de cases (6×5 et 30 mines), il ne finit pas : le contrat demande qu'il finisse promptement.
# perd : initialise_mines
# lignes : test_initialise_mines_full_board


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    while True:
        tirage = [random.randrange(largeur * hauteur) for _ in range(nb_mines)]
        if len(set(tirage)) == nb_mines:
            break
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = False
    for numero in tirage:
        mines[numero // largeur][numero % largeur] = True
