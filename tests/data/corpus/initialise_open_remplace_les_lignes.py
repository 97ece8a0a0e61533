# description : initialise_open remplace chaque ligne par une nouvelle liste (opened[y] = [False] * largeur) : les valeurs sont bonnes mais le contrat interdit de remplacer une ligne, l'appelant qui garde une ligne ne la voit pas changer.
# perd : initialise_open
# lignes : test_initialise_open_keeps_rows


def initialise_open(opened):
    largeur = len(opened[0])
    for y in range(len(opened)):
        opened[y] = [False] * largeur
