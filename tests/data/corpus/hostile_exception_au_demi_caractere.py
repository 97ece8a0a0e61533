# description : un rendu juste qui finit par une exception dont le message contient un demi-caractère (un « surrogate » isolé, qu'aucun fichier UTF-8 ne peut contenir) : la ligne est sautée et dite, le message montré par son code ; le résultat s'écrit et le rendu garde tous ses points.
# perd : aucune

raise ValueError("\ud800 fin")
