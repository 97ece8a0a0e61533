# description : display_board construit le texte ligne par ligne, chacune finie par "\n", puis fait print(texte) : print ajoute un retour à la ligne de plus, une ligne vide de trop s'affiche.
# perd : display_board
# lignes : test_display_board_one_line_per_row
# retour : 1 ligne(s) vide(s) de trop à la fin : print() ajoute déjà un retour à la ligne
def display_board(mines, neigh, opened):
    texte = ""
    for y in range(len(mines)):
        for x in range(len(mines[0])):
            if not opened[y][x]:
                texte += "■ "
            elif mines[y][x]:
                texte += "★ "
            elif neigh[y][x] == 0:
                texte += "⋄ "
            else:
                texte += str(neigh[y][x]) + " "
        texte += "\n"
    print(texte)
