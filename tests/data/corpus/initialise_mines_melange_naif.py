# description : initialise_mines mélange à la main une liste plate avec l'échange naïf (chaque case i échangée avec une case tirée parmi toutes) : n**n suites d'échanges, permutations non équiprobables.
# perd : initialise_mines
# lignes : test_initialise_mines_uniform


def initialise_mines(mines, nb_mines):
    hauteur = len(mines)
    largeur = len(mines[0])
    n = largeur * hauteur
    cases = [True] * nb_mines + [False] * (n - nb_mines)
    for i in range(n):
        j = random.randint(0, n - 1)
        cases[i], cases[j] = cases[j], cases[i]
    for y in range(hauteur):
        for x in range(largeur):
            mines[y][x] = cases[y * largeur + x]
