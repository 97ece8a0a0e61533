# description : deux fonctions écrivent sur le canal du correcteur des réponses imbriquées très profondément : is_coord_ok une liste JSON de 100 000 niveaux (illisible sans récursion), nb_adjacent_mines une réponse {"done": true…} valide dont la valeur renvoyée est un tuple de 60 niveaux. Le juge doit les refuser sans erreur interne ; seules ces deux fonctions perdent des points.
# perd : is_coord_ok, nb_adjacent_mines
import os
import stat


def _sur_le_canal(texte):
    """Écrit texte sur le canal du correcteur (le tube ouvert en écriture) sans passer par lui."""
    donnees = texte.encode()
    for fd in range(3, 64):  # les descripteurs ouverts, sans /proc (illisible sous Landlock)
        try:
            if not stat.S_ISFIFO(os.fstat(fd).st_mode):
                continue
            while donnees:
                donnees = donnees[os.write(fd, donnees) :]
            return
        except OSError:
            continue  # le bout du tube qui ne s'écrit pas


def is_coord_ok(x, y, width, height):
    _sur_le_canal("[" * 100_000 + "]" * 100_000 + "\n")
    return 0 <= x < width and 0 <= y < height


def nb_adjacent_mines(mines, x, y):
    valeur = '{"T": [' * 60 + "1" + "]}" * 60
    _sur_le_canal('{"done": true, "ret": ' + valeur + ', "args": [null, 0, 0], "error": null, "out": ""}\n')
    return 0
