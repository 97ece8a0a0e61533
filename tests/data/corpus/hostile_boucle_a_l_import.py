# description : une boucle sans fin au niveau du module, après toutes les définitions : le chargement ne se termine pas ; il est refait avec les seules définitions, rien n'est perdu et le retour le dit.
# perd : aucune
while True:
    pass
