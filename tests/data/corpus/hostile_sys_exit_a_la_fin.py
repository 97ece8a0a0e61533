# description : sys.exit() appelé à la fin du fichier « pour quitter proprement » : l'import s'arrête mais toutes les fonctions sont déjà définies, rien n'est perdu.
# perd : aucune
import sys

sys.exit()
