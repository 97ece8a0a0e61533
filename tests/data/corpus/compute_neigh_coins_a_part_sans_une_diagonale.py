# description : compute_neigh compte les voisines elle-même, les quatre coins à part (trois voisines chacun, écrites une à une), et oublie dans le coin en haut à gauche la voisine en diagonale : juste partout ailleurs. Le balayage fixe de chaque case de chaque petit plateau la voit, quel que soit le tirage.
# perd : compute_neigh
# lignes : test_compute_neigh


def compute_neigh(mines, neigh):
    hauteur = len(mines)
    largeur = len(mines[0])
    for y in range(hauteur):
        for x in range(largeur):
            coin = largeur > 1 and hauteur > 1 and x in (0, largeur - 1) and y in (0, hauteur - 1)
            if coin:
                dx = 1 if x == 0 else -1
                dy = 1 if y == 0 else -1
                voisines = [(x + dx, y), (x, y + dy), (x + dx, y + dy)]
                if x == 0 and y == 0:
                    voisines = [(1, 0), (0, 1)]  # la diagonale (1, 1) oubliée
                neigh[y][x] = sum(1 for (i, j) in voisines if mines[j][i])
                continue
            total = 0
            for j in range(y - 1, y + 2):
                for i in range(x - 1, x + 2):
                    if (i, j) != (x, y) and 0 <= i < largeur and 0 <= j < hauteur:
                        total += mines[j][i]
            neigh[y][x] = total
