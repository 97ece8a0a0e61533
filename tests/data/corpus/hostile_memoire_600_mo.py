# description : compute_neigh réserve d'un coup 600 Mo (un tableau d'octets « pour aller plus vite ») avant de remplir neigh : c'est plus que la mémoire permise à tout le rendu (512 Mio), elle lève MemoryError et perd ses points.
# perd : compute_neigh


def compute_neigh(mines, neigh):
    tampon = bytearray(600 * 2**20)
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            neigh[y][x] = nb_adjacent_mines(mines, x, y)
    tampon[0] = 1
