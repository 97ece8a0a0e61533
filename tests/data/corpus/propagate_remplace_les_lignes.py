# description : propagate_open_cells calcule chaque ligne de opened dans une nouvelle liste et la met à la place de l'ancienne (opened[y] = nouvelle_ligne) : le contenu est juste, mais le contrat demande de changer les cases sans remplacer les lignes (un autre nom pour la même ligne ne verrait rien).
# perd : propagate_open_cells
# lignes : test_propagate_open_cells_in_place


def propagate_open_cells(mines, neigh, opened):
    hauteur, largeur = len(opened), len(opened[0])
    while True:
        a_ouvrir = set()
        for y in range(hauteur):
            for x in range(largeur):
                if opened[y][x] and not mines[y][x] and neigh[y][x] == 0:
                    for j in range(max(0, y - 1), min(hauteur, y + 2)):
                        for i in range(max(0, x - 1), min(largeur, x + 2)):
                            if not opened[j][i]:
                                a_ouvrir.add((i, j))
        if not a_ouvrir:
            return
        for y in range(hauteur):
            opened[y] = [opened[y][x] or (x, y) in a_ouvrir for x in range(largeur)]
