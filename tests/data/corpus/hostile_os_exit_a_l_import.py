# description : os._exit(0) au niveau du module, après toutes les définitions : Python s'arrête net pendant le chargement ; le chargement est refait avec les seules définitions, rien n'est perdu et le retour le dit.
# perd : aucune
import os

os._exit(0)
