# description : aucune logique dans initialise_open : elle appelle initialise_mines(opened, 0), qui remet toutes les cases à False ; pendant la notation, le relais ferait faire le travail par la référence. Le contrat demande 1 <= nb_mines : le relais est refusé hors du contrat et initialise_open perd ses points.
# perd : initialise_open


def initialise_open(opened):
    initialise_mines(opened, 0)
