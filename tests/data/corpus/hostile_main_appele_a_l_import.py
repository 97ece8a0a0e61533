# description : main() appelé au niveau du module sans if __name__ == "__main__" : le jeu démarre à l'import et bute sur la fin de l'entrée (EOFError), mais toutes les fonctions sont déjà définies, rien n'est perdu.
# perd : aucune

main()
